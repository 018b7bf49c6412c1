// The typed_program family through the real agent loop, registry, executor and sandbox: the
// scripted model's TypeScript program, with console.log and a returned Map, must pass 3/3.
import type { FunctionToolDefinition, JsonObject, ToolContext } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { runEval } from '../run-eval.js';
import { TYPED_PROGRAM, typedProgramFamily, wordsPerTag } from './typed-program-family.js';

describe('typed_program family', () => {
  it('writes the program in TypeScript, with console.log, returning a Map', () => {
    expect(TYPED_PROGRAM).toContain('interface Note');
    expect(TYPED_PROGRAM).toContain('new Map<string, number>()');
    expect(TYPED_PROGRAM).toContain('console.log(');
    expect(TYPED_PROGRAM).toMatch(/return words;$/);
  });

  it('passes 3/3 on every arm, the code arms by running the typed program', async () => {
    const tasks = [0, 1, 2].map((index) => typedProgramFamily.task(index));
    const result = await runEval({ arms: ['direct', 'code_mode', 'code_mode_only'], tasks, catalogSizes: [] });
    expect(result.runs.map((run) => `${run.task} ${run.arm} ${run.passed ? 'passed' : run.detail}`).sort()).toEqual(
      tasks.flatMap((task) => ['direct', 'code_mode', 'code_mode_only'].map((arm) => `${task.id} ${arm} passed`)).sort(),
    );
    for (const run of result.runs.filter((candidate) => candidate.arm !== 'direct')) expect(run).toMatchObject({ requests: 2, directCalls: 1 });
    expect(result.summaries.map((summary) => `${summary.family} ${summary.arm} ${summary.successRate}`)).toEqual([
      'typed_program direct 1',
      'typed_program code_mode 1',
      'typed_program code_mode_only 1',
    ]);
  });

  it('grades the answer against the notes: only the exact words per tag pass', async () => {
    const fixture = typedProgramFamily.task(0).createFixture();
    const tool = (name: string) => fixture.tools.find((candidate) => candidate.name === name) as FunctionToolDefinition;
    const listed = (await tool('list_notes').execute({}, {} as ToolContext)).result.value as { notes: { id: string }[] };
    const notes = await Promise.all(listed.notes.map(async ({ id }) => (await tool('get_note').execute({ id }, {} as ToolContext)).result.value as JsonObject));
    const totals = wordsPerTag(notes as never);
    expect(fixture.check(`Words per tag: ${JSON.stringify(totals)}`)).toEqual({ passed: true, detail: 'ok' });
    const [first] = Object.keys(totals);
    expect(fixture.check(JSON.stringify({ ...totals, [first!]: totals[first!]! + 1 })).passed).toBe(false);
  });
});
