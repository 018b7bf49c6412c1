import { ConfigurationError, ToolcellError } from '@toolcell/core';
import type { JsonValue } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import type { GuestToolCall, GuestToolResponse } from './contract/guest-tool-call.js';
import type { RunProgramRequest, SandboxCells } from './contract/run-program-request.js';
import { MAX_JSON_DEPTH } from './shared/json-depth.js';
import { everyTransport } from './test-support/both-transports.js';
import { echo } from './test-support/echo-binding.js';

// Deep data never reaches the host through the sandbox, in either direction and on every
// transport: what nests deeper than MAX_JSON_DEPTH is refused where it crosses, with an
// error the program (or the host, for its own snapshot) can act on, and no walk on the
// host side recurses over it.

const transports = everyTransport();

const DEEP = `let deep = []; for (let i = 0; i < ${MAX_JSON_DEPTH}; i++) deep = [deep];`;
const deepValue = (depth: number): JsonValue => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as JsonValue;

describe.each(transports)('deep values, %s (slow)', (_name, transport) => {
  const seen = { calls: [] as GuestToolCall[], stored: [] as string[], notified: 0 };
  const cells = (storedValues: SandboxCells['storedValues'] = {}): SandboxCells => ({
    storedValues,
    onStore: (key) => seen.stored.push(key),
    onNotify: () => (seen.notified += 1),
    onYield: () => undefined,
  });
  function run(source: string, extra: Partial<RunProgramRequest> = {}) {
    seen.calls = [];
    seen.stored = [];
    seen.notified = 0;
    return transport.run({
      source,
      bindings: [echo],
      onToolBatch: (calls) => (seen.calls.push(...calls), calls.map(() => Promise.resolve<GuestToolResponse>({ ok: true, value: 'echoed' }))),
      ...extra,
    });
  }

  it('a tool input one level too deep rejects with INVALID_ARGS before reaching the host', async () => {
    const result = await run(`${DEEP} try { await tools.echo({ deep }) } catch (error) { return [error.code, error.message] }`);
    expect(result.returnValue).toEqual(['INVALID_ARGS', `the input of tools.echo nests deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`]);
    expect(seen.calls).toEqual([]);
  });

  it('store and notify of a too-deep value throw in the program, and nothing reaches the host', async () => {
    const result = await run(
      `${DEEP} const errors = [];
       try { store('k', deep) } catch (error) { errors.push(error.name + ': ' + error.message) }
       try { notify([deep]) } catch (error) { errors.push(error.name + ': ' + error.message) }
       return [errors, load('k') === undefined]`,
      { cells: cells() },
    );
    expect(result.returnValue).toEqual([
      [
        `RangeError: the value stored under "k" nests deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`,
        `RangeError: the notified value nests deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`,
      ],
      true,
    ]);
    expect(seen).toMatchObject({ stored: [], notified: 0 });
  });

  it('a return value nested too deep fails the program with EXEC_RUNTIME', async () => {
    const result = await run(`${DEEP} return { deep }`);
    expect(result.error).toEqual({
      code: 'EXEC_RUNTIME',
      message: `The program's return value cannot be returned: it nests deeper than ${MAX_JSON_DEPTH} levels of arrays and objects. Return data: objects, arrays, strings, numbers, booleans and null (a Map, Set, Date, BigInt or class instance is converted; a function, symbol or cycle is not).`,
    });
  });

  it('data at the depth limit crosses both ways', async () => {
    const result = await run(
      `let deep = []; for (let i = 1; i < ${MAX_JSON_DEPTH - 1}; i++) deep = [deep];
       store('k', [deep]); await tools.echo({ deep }); return [deep]`,
      { cells: cells() },
    );
    expect(result.status).toBe('completed');
    expect(seen.stored).toEqual(['k']);
  });

  it.each([[MAX_JSON_DEPTH + 1], [5_000], [200_000]])('a snapshot %i levels deep is refused with a ConfigurationError', async (depth) => {
    const attempt = run('return 1', { cells: cells({ deep: deepValue(depth) }) });
    await expect(attempt).rejects.toThrow(ConfigurationError);
    await expect(attempt).rejects.toThrow(`cells.storedValues: must be a plain object of JSON data (it nests deeper than ${MAX_JSON_DEPTH} levels)`);
    await attempt.catch((error: unknown) => expect(ToolcellError.isInstance(error) && error.code).toBe('INVALID_CONFIGURATION'));
  });
});
