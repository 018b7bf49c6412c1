// Issue 29 (class 3): checking one call's arguments costs bounded time and memory whatever
// the schema (a tool author's, an MCP server's) and the arguments (a program's, a model's).
// Each input here held the event loop for minutes or more, or ran the host out of memory,
// with a backtracking RegExp, allErrors without a bound, pairwise uniqueItems and an enum
// compiled to one comparison per value; nothing here measures time.
import type { JsonSchema } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { CUT_MARKER } from './check-arguments.js';
import { MAX_SCHEMA_NODES } from './instrument-schema.js';
import { countingTool, singleTool } from './test-support/fixtures.js';
import { VALIDATION_BUDGET } from './validation-budget.js';

const dispatchWith = (inputSchema: JsonSchema) => singleTool(countingTool('take', { inputSchema })).dispatch;
const messageOf = (outcome: { readonly status: string; readonly message?: string }) => (outcome.status === 'error' ? (outcome.message ?? '') : '');

describe('patterns', () => {
  it('match in linear time: ^(a+)+$ against 40 a and a bang (2^40 steps for a backtracking engine)', async () => {
    const dispatch = dispatchWith({ type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } });
    await expect(dispatch({ s: `${'a'.repeat(40)}!` })).resolves.toMatchObject({ code: 'INVALID_ARGS', message: expect.stringContaining('at $.s: must match pattern "^(a+)+$"') });
    await expect(dispatch({ s: 'a'.repeat(40) })).resolves.toMatchObject({ status: 'ok' });
  });

  it('hold for patternProperties, and keep JavaScript syntax such as \\d and named groups', async () => {
    const dispatch = dispatchWith({ type: 'object', patternProperties: { '^(x+x+)+y$': { type: 'number' }, '^(?<n>\\d{3})$': { type: 'string' } } });
    await expect(dispatch({ [`${'x'.repeat(40)}y`]: 'no', '123': 'ok' })).resolves.toMatchObject({ code: 'INVALID_ARGS', message: expect.stringContaining('must be number') });
    await expect(dispatch({ '123': 4 })).resolves.toMatchObject({ code: 'INVALID_ARGS', message: expect.stringContaining('at $[123]: must be string') });
  });

  it('that need backtracking (a lookahead, a backreference) make the schema fail to compile, saying why', async () => {
    const dispatch = dispatchWith({ type: 'object', properties: { s: { type: 'string', pattern: '^(?!x)(a)\\1$' } } });
    await expect(dispatch({ s: 'aa' })).resolves.toMatchObject({
      code: 'EXECUTION_FAILED',
      message: expect.stringMatching(/^The input schema of "take" does not compile \(pattern "\^\(\?!x\)\(a\)\\\\1\$" is not supported .*linear time \(RE2 syntax: no backreferences or lookaround\)\)/),
    });
  });
});

describe('the validation budget', () => {
  it(`refuses arguments whose check would pass ${VALIDATION_BUDGET} steps: a 30-level $defs chain of anyOf pairs (2^30 branches)`, async () => {
    const $defs: Record<string, JsonSchema> = { a0: { type: 'number' } };
    for (let level = 1; level <= 30; level += 1) $defs[`a${level}`] = { anyOf: [{ $ref: `#/$defs/a${level - 1}` }, { $ref: `#/$defs/a${level - 1}` }] };
    const dispatch = dispatchWith({ type: 'object', properties: { x: { $ref: '#/$defs/a30' } }, $defs });
    await expect(dispatch({ x: 1 })).resolves.toMatchObject({ status: 'ok' });
    await expect(dispatch({ x: 'y' })).resolves.toMatchObject({
      code: 'INVALID_ARGS',
      message: `Invalid arguments for "take": checking them against the input schema took more than ${VALIDATION_BUDGET} steps, so they were not checked to the end. Send smaller arguments, or simpler ones for this schema.`,
    });
  });

  it('leaves room for large ordinary arguments, and for the next call', async () => {
    const dispatch = dispatchWith({ type: 'object', properties: { rows: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, tag: { type: 'string' } }, required: ['id'] } } } });
    const rows = Array.from({ length: 20_000 }, (_, id) => ({ id, tag: `t${id}` }));
    await expect(dispatch({ rows })).resolves.toMatchObject({ status: 'ok' });
    await expect(dispatch({ rows: [...rows, { tag: 'x' }] })).resolves.toMatchObject({ code: 'INVALID_ARGS', message: expect.stringContaining("at $.rows[20000]: must have required property 'id'") });
  });
});

describe('uniqueItems', () => {
  it('checks 50,000 objects in linear time (1.25e9 pairs compared pairwise), and finds a duplicate whose keys are in another order', async () => {
    const dispatch = dispatchWith({ type: 'object', properties: { x: { type: 'array', uniqueItems: true } } });
    const items = Array.from({ length: 50_000 }, (_, index) => ({ id: index, name: `n${index}`, tags: [index % 7] }));
    await expect(dispatch({ x: items })).resolves.toMatchObject({ status: 'ok' });
    await expect(dispatch({ x: [...items.slice(0, 10), { tags: [5], name: 'n5', id: 5 }] })).resolves.toMatchObject({
      code: 'INVALID_ARGS',
      message: expect.stringContaining('at $.x: must NOT have duplicate items (items ## 10 and 5 are identical)'),
    });
    await expect(dispatch({ x: [1, '1', true, null, [1], { a: 1 }] })).resolves.toMatchObject({ status: 'ok' });
  });
});

describe('enum', () => {
  it('compiles 200,000 values (one comparison each took minutes to compile) and lists ten of them in the refusal', async () => {
    const values = Array.from({ length: 200_000 }, (_, index) => `value-${index}`);
    const dispatch = dispatchWith({ type: 'object', properties: { x: { enum: values } } });
    await expect(dispatch({ x: 'value-199999' })).resolves.toMatchObject({ status: 'ok' });
    const refused = await dispatch({ x: 'nope' });
    expect(messageOf(refused)).toBe(
      `Invalid arguments for "take": at $.x: must be equal to one of the allowed values: ${values.slice(0, 10).map((value) => `"${value}"`).join(', ')}, … (200000 values in all). Fix them to match the input schema and call again.`,
    );
  });

  it('compares objects and arrays by value, whatever the order of keys', async () => {
    const dispatch = dispatchWith({ type: 'object', properties: { x: { enum: [{ a: 1, b: [2] }, 3, null] } } });
    await expect(dispatch({ x: { b: [2], a: 1 } })).resolves.toMatchObject({ status: 'ok' });
    await expect(dispatch({ x: null })).resolves.toMatchObject({ status: 'ok' });
    await expect(dispatch({ x: { a: 1 } })).resolves.toMatchObject({ code: 'INVALID_ARGS' });
    await expect(dispatch({ x: '3' })).resolves.toMatchObject({ code: 'INVALID_ARGS' });
  });
});

describe('refusal messages', () => {
  it('are bounded: a 100 KB property name and 100 KB enum values are cut, with a marker', async () => {
    const long = 'k'.repeat(100_000);
    const dispatch = dispatchWith({ type: 'object', properties: { x: { enum: [long, `${long}2`] } }, additionalProperties: false });
    const outcome = await dispatch({ [long]: 1, x: 'nope' });
    const message = messageOf(outcome);
    expect(outcome).toMatchObject({ code: 'INVALID_ARGS' });
    expect(message.length).toBeLessThan(1_200);
    expect(message).toContain(`at $: must NOT have additional properties ("kkkk`);
    expect(message).toContain(CUT_MARKER);
  });
});

describe('schema size', () => {
  it(`refuses a schema of more than ${MAX_SCHEMA_NODES} schema objects before compiling it`, async () => {
    const properties = Object.fromEntries(Array.from({ length: MAX_SCHEMA_NODES }, (_, index) => [`p${index}`, { type: 'string' as const }]));
    await expect(dispatchWith({ type: 'object', properties })({})).resolves.toMatchObject({
      code: 'EXECUTION_FAILED',
      message: `The input schema of "take" does not compile (it has more than ${MAX_SCHEMA_NODES} schema objects); the tool's definition has to be fixed before it can run.`,
    });
  });
});
