import { ConfigurationError } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { codeModeDeclarations } from '../../test/sample-tools.js';
import { thrownBy } from '../../test/thrown-by.js';
import { convertToAnthropicTools } from './convert-to-anthropic-tools.js';
import { withAnthropicProgrammaticToolCalling } from './with-anthropic-programmatic-tool-calling.js';

describe('withAnthropicProgrammaticToolCalling', () => {
  it('lets code execution call the named tools and adds the code-execution tool once', () => {
    const tools = convertToAnthropicTools(codeModeDeclarations);
    const before = JSON.stringify(tools);
    const enabled = withAnthropicProgrammaticToolCalling(tools, { callable: ['get_weather', 'search_docs'] });
    expect(enabled.map((tool) => ['name' in tool ? tool.name : tool.type, 'allowed_callers' in tool ? tool.allowed_callers : undefined])).toEqual([
      ['get_weather', ['direct', 'code_execution_20250825']],
      ['search_docs', ['direct', 'code_execution_20250825']],
      ['exec', undefined],
      ['code_execution', undefined],
    ]);
    expect(enabled.at(-1)).toEqual({ type: 'code_execution_20250825', name: 'code_execution' });
    expect(JSON.stringify(tools)).toBe(before);
    expect(withAnthropicProgrammaticToolCalling(enabled, { callable: ['get_weather'] })).toHaveLength(4);
  });

  it('takes a code-execution version and can take direct calls away', () => {
    const enabled = withAnthropicProgrammaticToolCalling(convertToAnthropicTools(codeModeDeclarations), {
      callable: ['get_weather'],
      codeExecution: 'code_execution_20260120',
      direct: false,
    });
    expect(enabled[0]).toMatchObject({ name: 'get_weather', allowed_callers: ['code_execution_20260120'] });
    expect(enabled.at(-1)).toEqual({ type: 'code_execution_20260120', name: 'code_execution' });
  });

  it('refuses names that are not client tools of the list', () => {
    const error = thrownBy(() =>
      withAnthropicProgrammaticToolCalling(convertToAnthropicTools(codeModeDeclarations), { callable: ['missing'] }),
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({
      code: 'INVALID_CONFIGURATION',
      setting: 'programmaticToolCalling.callable',
      message: 'programmaticToolCalling.callable: "missing" is not a client tool of the list; name only tools that are declared.',
    });
  });
});
