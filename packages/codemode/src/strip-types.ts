import type { ProgramError } from '@toolcell/sandbox';
// A type-only import: erased, so loading codemode does not load amaro.
import type { transformSync } from 'amaro';

// TypeScript programs, made JavaScript by erasing their types. amaro (Node's own type
// stripper: swc compiled to WebAssembly) replaces every type with blanks, so each line and
// column stays where the model wrote it and every error position is the model's. It is
// loaded on the first program that needs it (about 140 ms, 7 MB), never for plain
// JavaScript: see docs/decisions/2026-12-01-typescript-programs.md.

/** What stripping a program's types gave. */
export type StripOutcome =
  /** The program with its types blanked out, positions unchanged. */
  | { readonly kind: 'stripped'; readonly source: string }
  /** Nothing to erase: the program is JavaScript (its syntax error stands). */
  | { readonly kind: 'unchanged' }
  /** It does not parse as TypeScript either, or uses syntax that cannot be erased. */
  | { readonly kind: 'failed'; readonly error: ProgramError };

// The program is the body of an async function (top-level `return` and `await`), so it is
// stripped inside the same wrapper the sandbox compiles it in, which is cut off again after.
const PREFIX = '(async function () {';
const SUFFIX = '\n})';

// `import type … from '…'` has nothing to import at run time, but swc refuses any import
// outside a module: such whole statements are blanked first (the other imports stay errors).
const IMPORT_TYPE = /^[ \t]*import[ \t]+type[ \t][^;\n'"]*from[ \t]*(['"])[^'"\n]*\1[ \t]*;?/gm;

interface Amaro {
  readonly transformSync: typeof transformSync;
}
let loading: Promise<Amaro> | undefined;

/** Load the stripper once; a failed load is retried by the next program. */
function loadAmaro(): Promise<Amaro> {
  loading ??= import('amaro').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** What amaro throws for a program it cannot strip. */
interface SwcError {
  readonly code: 'UnsupportedSyntax' | 'InvalidSyntax';
  readonly message: string;
  readonly startLine: number;
  readonly startColumn: number;
}

function isSwcError(error: unknown): error is SwcError {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, startLine, startColumn } = error as Record<string, unknown>;
  return (code === 'UnsupportedSyntax' || code === 'InvalidSyntax') && typeof message === 'string' && typeof startLine === 'number' && typeof startColumn === 'number';
}

/**
 * Erase `source`'s TypeScript syntax, keeping every position. Rejects only when the
 * stripper itself cannot be loaded or crashes.
 */
export async function stripTypes(source: string): Promise<StripOutcome> {
  const { transformSync } = await loadAmaro();
  const blanked = source.replace(IMPORT_TYPE, (statement) => statement.replace(/[^\n]/g, ' '));
  let code: string;
  try {
    code = transformSync(`${PREFIX}${blanked}${SUFFIX}`, { mode: 'strip-only', filename: 'program.ts' }).code;
  } catch (error) {
    if (!isSwcError(error)) throw error;
    return { kind: 'failed', error: strippingError(error, source) };
  }
  const stripped = code.slice(PREFIX.length, code.length - SUFFIX.length);
  return stripped === source ? { kind: 'unchanged' } : { kind: 'stripped', source: stripped };
}

/** The constructs strip-only mode refuses, and what to write instead. */
const NOT_ERASABLE: ReadonlyArray<readonly [RegExp, string]> = [
  [/\benum\b/, '`enum` cannot be erased: write a const object instead, `const Color = { Red: "red", Green: "green" } as const`, and `type Color = (typeof Color)[keyof typeof Color]` for the type'],
  [/\bnamespace\b|\bmodule declaration\b/, '`namespace` cannot be erased: use a plain object (`const Shapes = { area(...) {...} }`) or top-level declarations'],
  [/parameter propert/, 'constructor parameter properties (`constructor(private x: number)`) cannot be erased: declare the field and assign it, `x: number; constructor(x: number) { this.x = x }`'],
  [/angle-bracket/, 'the `<T>value` assertion cannot be erased: write `value as T`'],
];

function strippingError(error: SwcError, source: string): ProgramError {
  const lines = source.split('\n').length;
  // swc counts lines from 1 and columns from 0, in the wrapped text.
  const line = Math.min(Math.max(error.startLine, 1), lines);
  const column = Math.max(1, error.startLine === 1 ? error.startColumn - PREFIX.length + 1 : error.startColumn + 1);
  const location = { line, column };
  const at = `(program.js:${line}:${column})`;
  if (error.code === 'UnsupportedSyntax') {
    const advice = NOT_ERASABLE.find(([pattern]) => pattern.test(error.message))?.[1] ?? `${error.message}`;
    return {
      code: 'EXEC_SYNTAX',
      message: `The program uses TypeScript that only a compiler could turn into JavaScript ${at}: ${advice}. TypeScript whose types can simply be erased is accepted.`,
      location,
    };
  }
  return {
    code: 'EXEC_SYNTAX',
    message:
      `The program does not parse: SyntaxError: ${error.message} ${at}. ` +
      'It runs as the body of an async function: use `return` for the result and `await` freely; `import` is not available.',
    location,
  };
}
