import type { FreeformToolDefinition } from '@toolcell/core';
import { textOutput } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { simpleTool } from './__fixtures__/registry-setup.js';
import { DEFAULT_OUTPUT_TYPE, renderBindingSignature } from './binding-signature.js';

describe('renderBindingSignature', () => {
  it('renders tools.<jsName>(args: In): Promise<Out>, with unknown for tools without an output schema', () => {
    const tool = simpleTool('read-file');
    expect(renderBindingSignature({ canonicalName: 'read-file', jsName: 'read_file', tool })).toBe(
      'tools.read_file(args: { value?: string }): Promise<unknown>',
    );
    expect(DEFAULT_OUTPUT_TYPE).toBe('unknown');
    expect(renderBindingSignature({ canonicalName: 'read-file', jsName: 'read_file', tool }, { defaultOutputType: 'string' })).toBe(
      'tools.read_file(args: { value?: string }): Promise<string>',
    );
  });

  it('gives freeform tools one string input', () => {
    const tool: FreeformToolDefinition = {
      kind: 'freeform',
      name: 'apply_patch',
      description: 'Apply a patch.',
      jsonFallback: { parameter: 'patch', description: 'The patch.' },
      outputSchema: { type: 'object', properties: { applied: { type: 'boolean' } }, required: ['applied'] },
      execute: () => textOutput(''),
    };
    expect(renderBindingSignature({ canonicalName: 'apply_patch', jsName: 'apply_patch', tool })).toBe(
      'tools.apply_patch(input: string): Promise<{ applied: boolean }>',
    );
  });

  it('keeps input and output aliases apart and root notes inline', () => {
    const tool = simpleTool('convert', 'Convert.', {
      inputSchema: { $ref: '#/$defs/Item', $defs: { Item: { type: 'string' } }, not: { const: '' } },
      outputSchema: { type: 'array', items: { $ref: '#/$defs/Item' }, $defs: { Item: { type: 'number' } } },
    });
    expect(renderBindingSignature({ canonicalName: 'convert', jsName: 'convert', tool })).toBe(
      [
        'tools.convert(args: Item /* not: not shown; the JSON Schema is authoritative */): Promise<Item2[]>',
        'type Item = string;',
        'type Item2 = number;',
      ].join('\n'),
    );
  });
});
