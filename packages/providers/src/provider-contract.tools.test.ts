// Tool conversion, the same for every adapter: the code mode list as recorded, nothing for
// no declarations, and a function tool without an object schema refused with the one error
// `functionParameters` gives (its wording is tested in shared/function-parameters.test.ts).
import { ConfigurationError } from '@toolcell/core';
import type { FunctionToolDeclaration, JsonSchema } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { readJsonFixture } from '../test/fixtures.js';
import { providerRows } from '../test/provider-cases.js';
import { codeModeDeclarations } from '../test/sample-tools.js';
import { thrownBy } from '../test/thrown-by.js';
import { functionParameters } from './shared/function-parameters.js';

const NOT_OBJECT_SCHEMAS: JsonSchema[] = [{ type: 'string' }, { type: 'array' }, { type: 'null' }, {}];

describe.each(providerRows())('%s toTools', (_provider, { adapter, fixture }) => {
  it('sends function tools as they are and exec in the provider form (code-mode.tools.json), in order', () => {
    const recorded = readJsonFixture<unknown[]>(fixture('code-mode.tools.json'));
    expect(JSON.stringify(adapter.toTools(codeModeDeclarations))).toBe(JSON.stringify(recorded));
  });

  it('sends nothing for no declarations', () => {
    expect(adapter.toTools([])).toEqual([]);
  });

  it.each(NOT_OBJECT_SCHEMAS)('refuses a function tool whose schema is %j, as functionParameters does', (inputSchema) => {
    const declaration: FunctionToolDeclaration = { kind: 'function', name: 'echo', description: 'Echo.', inputSchema };
    const error = thrownBy(() => adapter.toTools([declaration]));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({ code: 'INVALID_CONFIGURATION', message: (thrownBy(() => functionParameters(declaration)) as Error).message });
  });
});
