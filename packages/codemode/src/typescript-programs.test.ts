// Issue 35: exec accepts the programs models write — TypeScript, console.log, a returned
// Map — and every error it reports points at the model's own line, with a code frame.
import type { CallOutcome } from '@toolcell/core';
import { wireText } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { execResultOf } from './run-program.js';
import { harnessPerTest } from './test-support/harness-per-test.js';

const harness = harnessPerTest();
const text = (outcome: CallOutcome) => wireText(outcome.output.wire);

/** Runs `code`, expects it to fail with `errorCode`, and returns the error's message and the model's text. */
async function failure(code: string, errorCode: 'EXEC_SYNTAX' | 'EXEC_RUNTIME'): Promise<{ message: string; text: string }> {
  const outcome = await harness().exec(code);
  expect(outcome).toMatchObject({ status: 'error', code: errorCode });
  return { message: outcome.status === 'error' ? outcome.message : '', text: text(outcome) };
}

/** {@link failure}, then each fragment is contained in (a string) or matches (a pattern) the message or the text. */
async function expectFailure(code: string, errorCode: 'EXEC_SYNTAX' | 'EXEC_RUNTIME', expected: { message?: Array<string | RegExp>; text?: Array<string | RegExp> }): Promise<void> {
  const failed = await failure(code, errorCode);
  for (const fragment of expected.message ?? []) expect(failed.message).toMatch(fragment);
  for (const fragment of expected.text ?? []) expect(failed.text).toMatch(fragment);
}

async function returned(code: string): Promise<unknown> {
  const outcome = await harness().exec(code);
  expect(text(outcome)).not.toContain('Error EXEC_');
  return execResultOf(outcome)?.return_value;
}

describe('TypeScript programs', () => {
  it.each([
    ['annotations', 'const n: number = 1; let s: string | undefined; return n'],
    ['interfaces and type aliases', 'interface Point { x: number }\ntype Id = string;\nconst p: Point = { x: 1 }; return p.x'],
    ['generics', 'function first<T>(items: T[]): T | undefined { return items[0] }\nreturn first<number>([1, 2])'],
    ['as and satisfies', 'const v = JSON.parse("1") as unknown as number; const o = { a: 1 } satisfies Record<string, number>; return v + o.a - 1'],
    ['non-null assertions', 'const m = new Map([["a", 1]]); return m.get("a")!'],
    ['optional parameters and this types', 'function f(this: void, a?: number): number { return a ?? 1 }\nreturn f()'],
    ['import type (removed)', 'import type { Thing } from "./things";\nconst t: Thing | null = null; return t ?? 1'],
    ['declare, abstract and access modifiers', 'declare const DEBUG: boolean;\nabstract class A { protected abstract n(): number; public readonly k?: string; }\nclass B extends A { protected n() { return 1 } get v() { return this.n() } }\nreturn new B().v'],
    ['type-only enums and namespaces', 'declare enum E { A }\ndeclare namespace N { const x: number }\nreturn 1'],
  ])('accepts %s', async (_name, code) => {
    expect(await returned(code)).toBe(1);
  });

  it.each([
    ['an enum', 'enum Color { Red, Green }\nreturn Color.Red', 1, 1, '`enum` cannot be erased: write a const object instead'],
    ['a namespace', 'const x = 1;\nnamespace Shapes { export const n = 1 }', 2, 1, '`namespace` cannot be erased: use a plain object'],
    ['a parameter property', 'class P {\n  constructor(private x: number) {}\n}', 2, 23, 'constructor parameter properties (`constructor(private x: number)`) cannot be erased'],
    ['an angle-bracket assertion', 'const raw: unknown = 1;\nconst n = <number>raw;', 2, 11, 'the `<T>value` assertion cannot be erased: write `value as T`'],
  ])('refuses %s, naming it and what to write instead, at its line', async (_name, code, line, column, advice) => {
    const { message } = await failure(code, 'EXEC_SYNTAX');
    expect(message).toContain(`The program uses TypeScript that only a compiler could turn into JavaScript (program.js:${line}:${column}): ${advice}`);
    expect(message).toContain(`\n  ${line} | ${code.split('\n')[line - 1]}`);
  });

  it('refuses a decorator, which the stripper keeps but the sandbox cannot run', async () => {
    const { message } = await failure('function sealed(c: unknown) { return c }\n@sealed class C {}\nreturn 1', 'EXEC_SYNTAX');
    expect(message).toContain('The program uses a decorator (program.js:2:1), which the sandbox does not support: call the function on the class or method yourself');
  });

  it("reports a TypeScript program's own syntax error where it is, not at the first annotation", async () => {
    await expectFailure('const n: number = 1;\nconst m: number = ;\nreturn n', 'EXEC_SYNTAX', { message: [/^The program does not parse: SyntaxError: .+ \(program\.js:2:19\)\./, '\n  1 | const n: number = 1;\n  2 | const m: number = ;\n    |                   ^'] });
  });

  it('keeps runtime positions of a stripped program the model\'s own, with its line in the frame', async () => {
    await expectFailure('const n: number = 1;\nconst o: { a?: { b: number } } = {};\nreturn o.a!.b + n', 'EXEC_RUNTIME', { text: ["Uncaught TypeError: cannot read property 'b' of undefined\n  2 | const o: { a?: { b: number } } = {};\n  3 | return o.a!.b + n\n    |            ^", 'at <anonymous> (program.js:3:12)'] });
  });
});

describe('JavaScript programs', () => {
  it('keeps the sandbox\'s own syntax error for a JavaScript program, with a code frame', async () => {
    await expectFailure('const x = 1;\nconst y = ;', 'EXEC_SYNTAX', { message: ['(program.js:2:11)', '\n  1 | const x = 1;\n  2 | const y = ;\n    |           ^'] });
  });

  it('names the tool and the line of a failed nested call', async () => {
    await expectFailure('const ok = 1;\nawait tools.delete_everything({});', 'EXEC_RUNTIME', { text: ['Uncaught ToolError [DENIED] from tools.delete_everything: ', '\n  2 | await tools.delete_everything({});\n    | '] });
  });
});

describe('console and returned values through exec', () => {
  it('prints console output as the program\'s text and renders a returned Map for the model and the typed result', async () => {
    const outcome = await harness().exec(
      'const counts = new Map<string, number>();\nfor (const word of ["a", "b", "a"]) counts.set(word, (counts.get(word) ?? 0) + 1);\nconsole.log("counted", counts);\nreturn counts;',
    );
    expect(text(outcome)).toMatch(/^Script completed in \d+ ms \(cell \d+\)\.\ncounted Map\(2\) \{ 'a' => 2, 'b' => 1 \}\nReturn value: \{"a":2,"b":1\}$/);
    expect(execResultOf(outcome)).toMatchObject({ status: 'completed', text: "counted Map(2) { 'a' => 2, 'b' => 1 }", return_value: { a: 2, b: 1 } });
  });
});
