import { renderBindingSignature } from '@toolcell/sdkgen';
import demoReplay from 'virtual:demo-replay';
import { createInProcessTransport } from '@toolcell/sandbox';
import type { PlaygroundConfig } from '../runtime/playground-config.js';
import { DEFAULT_CONFIG } from '../runtime/playground-config.js';
import { createPlaygroundRuntime } from '../runtime/playground-runtime.js';
import type { CallSummary } from '../runtime/worker-protocol.js';
import { computeWireViews } from '../runtime/wire-views.js';
import { installBenchHook } from './bench-hook.js';
import { DEFAULT_PROGRAM, EXAMPLE_PROGRAMS } from './example-programs.js';
import { ProgramEditor } from './program-editor.js';
import { createQuestionForm } from './question-form.js';
import { renderReplay } from './replay-view.js';
import { decodeState, encodeState } from './share-state.js';
import { TimelineView } from './timeline-view.js';
import { WorkerClient } from './worker-client.js';

const element = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const pageStartedAt = performance.now();

const shared = decodeState(location.hash);
let config: PlaygroundConfig = shared?.config ?? DEFAULT_CONFIG;
// The page's own stack computes the views; it never runs a program (no prewarm, no WASM).
const viewTransport = createInProcessTransport({ prewarm: false });

const timeline = new TimelineView(element('timeline'));
const cells = new Map<string, { status: string; output: string }>();
const storedKeys = new Set<string>();
const editor = new ProgramEditor(element('editor'), shared?.program ?? DEFAULT_PROGRAM, () => undefined);

const client = new WorkerClient({
  onTimeline: (event) => timeline.add(event),
  onCell: (cell) => {
    // A cell's news; its status here is the one last reported by exec or wait (a cell that
    // ended unobserved still has its final report waiting for a `wait`).
    const previous = cells.get(cell.cellId);
    cells.set(cell.cellId, { status: previous?.status ?? 'running', output: (previous?.output ?? '') + cell.output });
    renderCells();
  },
  onApproval: (request) => {
    const box = document.createElement('div');
    box.className = 'approval';
    box.dataset.callId = request.callId;
    box.textContent = `${request.toolName}${request.nested ? ' (nested)' : ''} ${JSON.stringify(request.args)} `;
    for (const approve of [true, false]) {
      const button = document.createElement('button');
      button.textContent = approve ? 'Approve' : 'Deny';
      button.addEventListener('click', () => {
        client.decide(request.approvalId, approve);
        box.remove();
      });
      box.append(button);
    }
    element('approvals').append(box);
  },
  onQuestion: (question) => element('approvals').append(createQuestionForm(question, (answer) => client.answer(question.questionId, answer))),
  onRestart: (reason) => {
    element('approvals').replaceChildren();
    cells.clear();
    setStatus('booting', `restarting the sandbox worker (${reason})…`);
    void client.ready.then(() => setStatus('ready', 'sandbox worker ready (restarted)'));
  },
});

function setStatus(state: string, text: string): void {
  const status = element('status');
  status.dataset.state = state;
  status.textContent = text;
}

function readControls(): PlaygroundConfig {
  const toolSet = element<HTMLSelectElement>('tool-set').value === 'pasted' ? { type: 'pasted' as const, json: element<HTMLTextAreaElement>('pasted').value } : { type: 'demo' as const };
  return {
    mode: element<HTMLSelectElement>('mode').value as PlaygroundConfig['mode'],
    lazy: element<HTMLInputElement>('lazy').checked,
    scope: element<HTMLSelectElement>('scope').value as PlaygroundConfig['scope'],
    allow: element<HTMLInputElement>('allow').value.split(/[\s,]+/).filter((name) => name !== ''),
    toolSet,
  };
}

function writeControls(value: PlaygroundConfig): void {
  element<HTMLSelectElement>('tool-set').value = value.toolSet.type;
  element<HTMLTextAreaElement>('pasted').value = value.toolSet.type === 'pasted' ? value.toolSet.json : element<HTMLTextAreaElement>('pasted').value;
  element('pasted').hidden = value.toolSet.type !== 'pasted';
  element<HTMLSelectElement>('mode').value = value.mode;
  element<HTMLInputElement>('lazy').checked = value.lazy;
  element<HTMLSelectElement>('scope').value = value.scope;
  element<HTMLInputElement>('allow').value = value.allow.join(', ');
}

let viewRevision = 0;
async function applyConfig(): Promise<void> {
  const revision = ++viewRevision;
  element('config-error').textContent = '';
  try {
    const stack = createPlaygroundRuntime(config, { transport: viewTransport });
    const views = await computeWireViews(stack);
    if (revision !== viewRevision) return;
    element('declared').textContent = `(${config.mode}${config.lazy ? ', lazy' : ''}, scope ${stack.scope.id}: ${views.declarations.map((declaration) => declaration.name).join(', ')})`;
    element('providers').replaceChildren(
      ...views.providers.map((view) => {
        const box = document.createElement('div');
        box.className = 'provider';
        box.dataset.provider = view.provider;
        const title = document.createElement('h4');
        title.textContent = `${view.provider} — ${view.tokens} tokens`;
        const pre = document.createElement('pre');
        pre.textContent = view.json;
        box.append(title, pre);
        return box;
      }),
    );
    element('exec-description').textContent = views.execDescription ?? '(exec is not declared in this mode)';
    element('exec-tokens').textContent = views.execDescription === undefined ? '' : `— ${views.execTokens} tokens`;
    element('execution').querySelector('tbody')?.replaceChildren(
      ...views.execution.map((row) => {
        const tr = document.createElement('tr');
        tr.dataset.tool = row.name;
        for (const text of [row.name, row.direct, row.nested]) {
          const td = document.createElement('td');
          td.textContent = text;
          if (text.startsWith('refused')) td.className = 'refused';
          tr.append(td);
        }
        return tr;
      }),
    );
    const plan = stack.registry.plan(stack.scope);
    editor.setTools(plan.bindings.map((binding) => ({ jsName: binding.jsName, signature: renderBindingSignature(binding), description: binding.tool.description })));
    await client.configure(config);
    // Cells live in the worker's stack, which configure replaced.
    cells.clear();
    renderCells();
  } catch (error) {
    element('config-error').textContent = (error as Error).message;
  }
}

function showSummary(summary: CallSummary | undefined, error: string | undefined): void {
  const result = element('result');
  result.dataset.status = summary?.status ?? 'error';
  const code = summary?.code ?? (summary?.result as { error?: { code?: string } } | null)?.error?.code;
  const execStatus = (summary?.result as { status?: string; cell_id?: string } | null)?.status;
  result.dataset.code = code ?? (summary?.result as { error?: { code?: string } } | null)?.error?.code ?? '';
  result.dataset.execStatus = execStatus ?? '';
  const typed = document.createElement('pre');
  typed.id = 'result-typed';
  typed.textContent = error ?? `typed result (the host's):\n${JSON.stringify(summary?.result, null, 2)}`;
  const wire = document.createElement('pre');
  wire.id = 'result-wire';
  wire.textContent = summary ? `wire output (the model's):\n${summary.wireText}` : '';
  result.replaceChildren(typed, wire);
  const cellId = (summary?.result as { cell_id?: string } | null)?.cell_id;
  if (cellId !== undefined && execStatus !== undefined) cells.set(cellId, { status: execStatus, output: cells.get(cellId)?.output ?? '' });
  renderCells();
  void refreshStored();
}

async function refreshStored(): Promise<void> {
  if (storedKeys.size === 0) return;
  const answer = await client.request({ type: 'stored', keys: [...storedKeys] });
  element('stored').textContent = `stored values:\n${JSON.stringify(answer.stored ?? {}, null, 2)}`;
}

function renderCells(): void {
  element('cells').replaceChildren(
    ...[...cells.entries()].map(([cellId, cell]) => {
      const row = document.createElement('div');
      row.className = 'cell';
      row.dataset.cellId = cellId;
      row.dataset.status = cell.status;
      row.textContent = `cell ${cellId}: ${cell.status} ${cell.output.trim().split('\n').at(-1) ?? ''} `;
      if (cell.status === 'running') {
        for (const terminate of [false, true]) {
          const button = document.createElement('button');
          button.textContent = terminate ? 'Terminate' : 'Wait';
          button.addEventListener('click', () => void run({ type: 'wait', cellId, terminate }));
          row.append(button);
        }
      }
      return row;
    }),
  );
}

async function run(request: Parameters<WorkerClient['request']>[0]): Promise<void> {
  if (request.type === 'exec') {
    timeline.clear();
    // Keys the program stores, to show their values after it ends (codemode lists no keys).
    for (const match of request.program.matchAll(/store\(\s*['"]([^'"]+)['"]/g)) if (match[1]) storedKeys.add(match[1]);
  }
  element('run-state').textContent = 'running…';
  element('run-state').dataset.state = 'running';
  const answer = await client.request(request);
  element('run-state').textContent = 'done';
  element('run-state').dataset.state = 'done';
  showSummary(answer.summary, answer.error);
}

for (const label of Object.keys(EXAMPLE_PROGRAMS)) {
  const option = document.createElement('option');
  option.textContent = label;
  element('examples').append(option);
}
element<HTMLSelectElement>('examples').addEventListener('change', (event) => {
  editor.text = EXAMPLE_PROGRAMS[(event.target as HTMLSelectElement).value] ?? '';
});
for (const id of ['tool-set', 'mode', 'lazy', 'scope', 'allow', 'pasted']) {
  element(id).addEventListener('change', () => {
    config = readControls();
    element('pasted').hidden = config.toolSet.type !== 'pasted';
    void applyConfig();
  });
}
element('run').addEventListener('click', () => void run({ type: 'exec', program: editor.text }));
element('direct-call').addEventListener('click', () => {
  let args: unknown;
  try {
    args = JSON.parse(element<HTMLInputElement>('direct-args').value);
  } catch (error) {
    showSummary(undefined, `The arguments are not JSON: ${(error as Error).message}`);
    return;
  }
  timeline.clear();
  void run({ type: 'direct', name: element<HTMLInputElement>('direct-name').value, args: args as never });
});
element('share').addEventListener('click', () => {
  history.replaceState(null, '', encodeState({ config, program: editor.text }));
  void navigator.clipboard?.writeText(location.href).catch(() => undefined);
});

writeControls(config);
renderReplay(element('replay'), demoReplay);
installBenchHook(client);
void (async () => {
  const bootMs = await client.ready;
  await applyConfig();
  const interactiveMs = performance.now() - pageStartedAt;
  document.body.dataset.interactiveMs = String(Math.round(interactiveMs));
  setStatus('ready', `sandbox worker ready (booted in ${Math.round(bootMs)} ms, page interactive in ${Math.round(interactiveMs)} ms)`);
})();
