import type { FunctionToolDefinition } from '@toolcell/core';
import { textOutput } from '@toolcell/core';
import fc from 'fast-check';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { schemaDocument } from './__fixtures__/schema-arbitrary.js';
import { renderBindingSignature } from './binding-signature.js';
import { schemaToTypeScript } from './schema-to-typescript.js';

/** Messages of TypeScript's syntax diagnostics for `source` (no type checking). */
function syntaxErrors(source: string): string[] {
  const file = ts.createSourceFile('generated.ts', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  // `parseDiagnostics` is where the parser leaves its errors; it is not in the public typings.
  const diagnostics = (file as unknown as { parseDiagnostics?: readonly ts.Diagnostic[] }).parseDiagnostics;
  if (!Array.isArray(diagnostics)) throw new Error('typescript no longer exposes parseDiagnostics');
  return diagnostics.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

/** `tools.x(args: A): Promise<B>` + aliases → a declaration TypeScript can parse. */
function signatureAsDeclaration(signature: string): string {
  const lines = signature.split('\n');
  const aliasStart = lines.findIndex((line, index) => index > 0 && (line.startsWith('type ') || line.startsWith('//')));
  const call = (aliasStart === -1 ? lines : lines.slice(0, aliasStart)).join('\n');
  const aliases = aliasStart === -1 ? [] : lines.slice(aliasStart);
  return [`declare const tools: { ${call.replace(/^tools\./, '')} };`, ...aliases].join('\n');
}

describe('generated types parse as TypeScript', () => {
  it('detects a syntax error (the check can fail)', () => {
    expect(syntaxErrors('type T = { a: ;')).not.toEqual([]);
    expect(syntaxErrors('type T = { a: string };')).toEqual([]);
  });

  it('for any schema, `type T = <output>;` has no syntax diagnostics', () => {
    fc.assert(
      fc.property(schemaDocument, (schema) => {
        const source = `type T = ${schemaToTypeScript(schema)};`;
        expect(syntaxErrors(source), source).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });

  it('for any input and output schema, the binding signature parses as a method declaration', () => {
    fc.assert(
      fc.property(schemaDocument, fc.option(schemaDocument, { nil: undefined }), (input, output) => {
        const tool: FunctionToolDefinition = {
          kind: 'function',
          name: 'tool',
          description: 'A tool.',
          inputSchema: typeof input === 'boolean' ? {} : input,
          ...(output === undefined || typeof output === 'boolean' ? {} : { outputSchema: output }),
          execute: () => textOutput(''),
        };
        const source = signatureAsDeclaration(renderBindingSignature({ canonicalName: 'tool', jsName: 'tool', tool }));
        expect(syntaxErrors(source), source).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
