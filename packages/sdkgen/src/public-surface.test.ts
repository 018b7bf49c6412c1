import { describe, expect, it } from 'vitest';
import * as sdkgen from './index.js';

describe('public value exports', () => {
  it('are what a host calls, and nothing behind them', () => {
    expect(Object.keys(sdkgen).sort()).toEqual([
      'createToolSearchTool',
      'generateExecDescription',
      'loadTokenCounter',
      'renderBindingSignature',
      'schemaToTypeScript',
      'systemPromptSections',
    ]);
  });
});
