import { ConfigurationError } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { codeModeDeclarations } from '../../test/sample-tools.js';
import { thrownBy } from '../../test/thrown-by.js';
import { convertToOpenAIResponsesTools } from './convert-to-openai-responses-tools.js';
import { withOpenAIProgrammaticToolCalling } from './with-openai-programmatic-tool-calling.js';

describe('withOpenAIProgrammaticToolCalling', () => {
  it('allows the named tools to be called from a program and adds the tool once', () => {
    const tools = convertToOpenAIResponsesTools(codeModeDeclarations);
    const before = JSON.stringify(tools);
    const enabled = withOpenAIProgrammaticToolCalling(tools, { callable: ['get_weather'] });
    expect(enabled.map((tool) => [tool.type, 'allowed_callers' in tool ? tool.allowed_callers : undefined])).toEqual([
      ['function', ['direct', 'programmatic']],
      ['function', undefined],
      ['custom', undefined],
      ['programmatic_tool_calling', undefined],
    ]);
    expect(JSON.stringify(tools)).toBe(before);
    expect(withOpenAIProgrammaticToolCalling(enabled, { callable: ['get_weather'] })).toHaveLength(4);
  });

  it('can take direct calls away', () => {
    const enabled = withOpenAIProgrammaticToolCalling(convertToOpenAIResponsesTools(codeModeDeclarations), {
      callable: ['search_docs'],
      direct: false,
    });
    expect(enabled[1]).toMatchObject({ name: 'search_docs', allowed_callers: ['programmatic'] });
  });

  it('refuses names that are not in the list', () => {
    const tools = convertToOpenAIResponsesTools(codeModeDeclarations);
    const error = thrownBy(() => withOpenAIProgrammaticToolCalling(tools, { callable: ['get_weather', 'nope', 'gone'] }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({
      code: 'INVALID_CONFIGURATION',
      setting: 'programmaticToolCalling.callable',
      message: 'programmaticToolCalling.callable: "nope", "gone" are not a function or custom tool of the list; name only tools that are declared.',
    });
  });
});
