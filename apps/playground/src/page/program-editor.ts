import { autocompletion } from '@codemirror/autocomplete';
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';

/** One `tools.<jsName>` completion: the generated signature is its detail. */
export interface ToolCompletion {
  readonly jsName: string;
  readonly signature: string;
  readonly description: string;
}

/** The program editor: CodeMirror 6 with JavaScript and completions after `tools.`. */
export class ProgramEditor {
  private readonly view: EditorView;
  private readonly completions = new Compartment();

  constructor(parent: HTMLElement, text: string, onChange: () => void) {
    this.view = new EditorView({
      parent,
      state: EditorState.create({
        doc: text,
        extensions: [
          lineNumbers(),
          history(),
          bracketMatching(),
          javascript(),
          syntaxHighlighting(defaultHighlightStyle),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          this.completions.of(autocompletion({ override: [toolSource([])] })),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChange();
          }),
        ],
      }),
    });
  }

  get text(): string {
    return this.view.state.doc.toString();
  }

  set text(value: string) {
    this.view.dispatch({ changes: { from: 0, to: this.view.state.doc.length, insert: value } });
  }

  /** Offer these bindings after `tools.` (called whenever the scope's bindings change). */
  setTools(tools: readonly ToolCompletion[]): void {
    this.view.dispatch({ effects: this.completions.reconfigure(autocompletion({ override: [toolSource(tools)] })) });
  }
}

function toolSource(tools: readonly ToolCompletion[]): (context: CompletionContext) => CompletionResult | null {
  const options: Completion[] = tools.map((tool) => ({ label: tool.jsName, type: 'function', detail: tool.signature, info: tool.description }));
  return (context) => {
    const match = context.matchBefore(/tools\.\w*/);
    if (!match) return null;
    return { from: match.from + 'tools.'.length, options, validFor: /^\w*$/ };
  };
}
