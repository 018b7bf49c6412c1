import type { JsonSchema } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { renderSchemaType, schemaToTypeScript } from './schema-to-typescript.js';

describe('schemaToTypeScript', () => {
  it('renders primitives, integers and boolean schemas', () => {
    expect(schemaToTypeScript({ type: 'string' })).toBe('string');
    expect(schemaToTypeScript({ type: 'integer' })).toBe('// integer\nnumber');
    expect(schemaToTypeScript({ type: 'null' })).toBe('null');
    expect(schemaToTypeScript({})).toBe('unknown');
    expect(schemaToTypeScript(true)).toBe('unknown');
    expect(schemaToTypeScript(false)).toBe('never');
  });

  it('renders required and optional members with descriptions as JSDoc', () => {
    expect(
      schemaToTypeScript({
        type: 'object',
        description: 'Where to look.',
        properties: { path: { type: 'string', description: 'Directory.' }, depth: { type: 'integer', minimum: 0, maximum: 5, default: 1 } },
        required: ['path', 'mode'],
      }),
    ).toMatchInlineSnapshot(`
      "// Where to look.
      {
        path: string; // Directory.
        depth?: number; // integer, >= 0, <= 5, default: 1
        mode: unknown;
      }"
    `);
  });

  it('renders enum and const as literal unions, any JSON value included', () => {
    expect(schemaToTypeScript({ enum: ['a', 1, -2.5, true, null, { k: [1] }] })).toBe("'a' | 1 | -2.5 | true | null | { k: [1] }");
    expect(schemaToTypeScript({ const: "it's" })).toBe("'it\\'s'");
    expect(schemaToTypeScript({ enum: [] })).toBe('never');
    expect(schemaToTypeScript({ type: 'array', items: { enum: [-1, 1] } })).toBe('(-1 | 1)[]');
    expect(schemaToTypeScript({ type: 'array', items: { const: -1 } })).toBe('(-1)[]');
  });

  it('renders oneOf/anyOf as unions and allOf as intersections', () => {
    expect(schemaToTypeScript({ oneOf: [{ type: 'string' }, { type: 'number' }] })).toBe('string | number');
    expect(schemaToTypeScript({ anyOf: [{ type: 'string', description: 'A name' }, { type: 'integer' }] })).toBe(
      'string /* A name */ | number /* integer */',
    );
    expect(
      schemaToTypeScript({ allOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'object', properties: { b: { type: 'number' } } }] }),
    ).toBe('{ a?: string } & { b?: number }');
    expect(schemaToTypeScript({ allOf: [{ oneOf: [{ const: 1 }, { const: 2 }] }, { type: 'number' }] })).toBe('1 | 2');
  });

  it('lets alternatives without a type narrow the parent type', () => {
    expect(
      schemaToTypeScript({
        type: 'object',
        properties: { id: { type: 'string' }, name: { type: 'string' } },
        oneOf: [{ required: ['id'] }, { required: ['name'] }],
      }),
    ).toBe('{ id?: string; name?: string } & ({ id: unknown } | { name: unknown })');
  });

  it('renders nullable and type arrays with null', () => {
    expect(schemaToTypeScript({ type: 'string', nullable: true })).toBe('string | null');
    expect(schemaToTypeScript({ type: ['string', 'null'] })).toBe('string | null');
    expect(schemaToTypeScript({ type: ['integer', 'number'] })).toBe('number');
    expect(schemaToTypeScript({ type: ['null', 'string'], nullable: true })).toBe('null | string');
    expect(schemaToTypeScript({ type: 'object', properties: { a: { type: 'string' } }, nullable: true })).toBe('{ a?: string } | null');
    expect(schemaToTypeScript({ type: 'STRING' } as unknown as JsonSchema)).toBe('string');
  });

  it('renders arrays and tuples (2020-12 and draft-07)', () => {
    expect(schemaToTypeScript({ type: 'array' })).toBe('unknown[]');
    expect(schemaToTypeScript({ type: 'array', items: { type: 'string' }, minItems: 1, uniqueItems: true })).toBe('// non-empty, unique\nstring[]');
    expect(schemaToTypeScript({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }] } })).toBe('(string | number)[]');
    expect(schemaToTypeScript({ type: 'array', items: false })).toBe('[]');
    expect(schemaToTypeScript({ prefixItems: [{ type: 'string' }, { type: 'number' }], minItems: 1, items: { type: 'boolean' } })).toBe(
      '[string, number?, ...boolean[]]',
    );
    expect(schemaToTypeScript({ items: [{ type: 'string' }, { anyOf: [{ type: 'string' }, { type: 'null' }] }], additionalItems: false })).toBe(
      '[string?, (string | null)?]',
    );
    expect(schemaToTypeScript({ type: 'array', items: { type: 'array', items: { type: 'string', format: 'uri' } } })).toBe(
      '// items: items: format: uri\nstring[][]',
    );
  });

  it('renders records from additionalProperties and patternProperties', () => {
    expect(schemaToTypeScript({ type: 'object', additionalProperties: { type: 'number' } })).toBe('Record<string, number>');
    expect(schemaToTypeScript({ type: 'object' })).toBe('Record<string, unknown>');
    expect(schemaToTypeScript({ type: 'object', additionalProperties: false })).toBe('Record<string, never>');
    expect(schemaToTypeScript({ type: 'object', patternProperties: { '^S_': { type: 'string' }, '^I_': { type: 'integer' } } })).toBe(
      '// keys matching ^S_ or ^I_, values: integer\nRecord<string, string | number>',
    );
    expect(schemaToTypeScript({ type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: { type: 'string' } })).toBe(
      '{ id: string; [key: string]: string }',
    );
  });

  it('quotes property names that are not identifiers', () => {
    expect(schemaToTypeScript({ properties: { 'content-type': { type: 'string' }, $ok: {}, '1st': {}, 'é': {}, '"q"': {} } })).toBe(
      "{\n  'content-type'?: string;\n  $ok?: unknown;\n  '1st'?: unknown;\n  'é'?: unknown;\n  '\"q\"'?: unknown;\n}",
    );
  });

  it('keeps inline comments closed when a description contains */', () => {
    expect(schemaToTypeScript({ anyOf: [{ type: 'string', description: 'a */ b' }, { type: 'number', description: 'c\u2028d' }] })).toBe(
      'string /* a *\\/ b */ | number /* c d */',
    );
  });

  it('writes a multi-line description as several comment lines', () => {
    expect(schemaToTypeScript({ properties: { a: { type: 'string', description: 'ends */ here\nsecond line' } } })).toMatchInlineSnapshot(`
      "{
        // ends */ here
        // second line
        a?: string;
      }"
    `);
  });

  it('notes bounds, format, encoding, default and deprecation', () => {
    expect(
      schemaToTypeScript({
        properties: {
          s: { type: 'string', minLength: 2, maxLength: 8, pattern: '^[a-z]+$', format: 'hostname' },
          n: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1, multipleOf: 0.5 },
          old: { type: 'number', minimum: 1, exclusiveMinimum: true, deprecated: true },
          blob: { type: 'string', contentEncoding: 'base64', contentMediaType: 'image/png', default: 'x'.repeat(100) },
          bag: { type: 'object', minProperties: 1, maxProperties: 3 },
        },
      }),
    ).toMatchInlineSnapshot(`
      "{
        s?: string; // 2-8 chars, pattern: ^[a-z]+$, format: hostname
        n?: number; // > 0, < 1, multiple of 0.5
        old?: number; // > 1, deprecated
        blob?: string; // encoding: base64, media type: image/png, default: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…
        bag?: Record<string, unknown>; // 1-3 keys
      }"
    `);
  });

  it('renders local $refs as named aliases, recursive ones included', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { root: { $ref: '#/$defs/Node' }, legacy: { $ref: '#/definitions/Old' }, pointer: { $ref: '#/properties/root' } },
      $defs: { Node: { type: 'object', description: 'A tree node.', properties: { children: { type: 'array', items: { $ref: '#/$defs/Node' } } } } },
      definitions: { Old: { type: 'string' } },
    };
    expect(schemaToTypeScript(schema)).toMatchInlineSnapshot(`
      "{ root?: Node; legacy?: Old; pointer?: root }
      // A tree node.
      type Node = { children?: Node[] };
      type Old = string;
      type root = Node;"
    `);
  });

  it('names the root when it refers to itself, and breaks pure $ref cycles', () => {
    expect(schemaToTypeScript({ type: 'object', properties: { next: { $ref: '#' } } })).toBe('Root\ntype Root = { next?: Root };');
    expect(schemaToTypeScript({ type: 'object', properties: { next: { $ref: '#' } } }, { rootName: 'List' })).toBe('List\ntype List = { next?: List };');
    expect(schemaToTypeScript({ $ref: '#/$defs/A', $defs: { A: { $ref: '#/$defs/A' } } })).toBe(
      'A\n// a circular $ref: not shown; the JSON Schema is authoritative\ntype A = unknown;',
    );
  });

  it('gives aliases valid, unique names', () => {
    const rendered = renderSchemaType(
      {
        properties: { a: { $ref: '#/$defs/string' }, b: { $ref: '#/$defs/my-type' }, c: { $ref: '#/$defs/1x' }, d: { $ref: '#/$defs/Item' }, e: { $ref: '#/$defs/a~1b' } },
        $defs: { string: { type: 'string' }, 'my-type': { type: 'number' }, '1x': { type: 'boolean' }, Item: { type: 'null' }, 'a/b': { type: 'string' } },
      },
      { reservedNames: ['Item'] },
    );
    expect(rendered.type).toBe('{ a?: string_; b?: my_type; c?: _1x; d?: Item2; e?: a_b }');
    expect(rendered.aliases.map((alias) => [alias.pointer, alias.name])).toEqual([
      ['#/$defs/string', 'string_'],
      ['#/$defs/my-type', 'my_type'],
      ['#/$defs/1x', '_1x'],
      ['#/$defs/Item', 'Item2'],
      ['#/$defs/a~1b', 'a_b'],
    ]);
  });

  it('turns what it cannot express into unknown with a note that the JSON Schema is authoritative', () => {
    const note = (what: string) => `// ${what}: not shown; the JSON Schema is authoritative\n`;
    expect(schemaToTypeScript({ not: { type: 'string' } })).toBe(`${note('not')}unknown`);
    expect(schemaToTypeScript({ if: { type: 'string' }, then: { minLength: 1 } })).toBe(`${note('if/then/else')}unknown`);
    expect(schemaToTypeScript({ $ref: 'https://example.com/s.json' })).toBe(`${note('non-local $ref https://example.com/s.json')}unknown`);
    expect(schemaToTypeScript({ $ref: '#/$defs/Missing' })).toBe(`${note('$ref #/$defs/Missing (target not found)')}unknown`);
    expect(schemaToTypeScript({ type: 'file' } as unknown as JsonSchema)).toBe(`${note('type file')}unknown`);
    expect(schemaToTypeScript({ const: 1n } as unknown as JsonSchema)).toBe(`${note('const')}unknown`);
    expect(schemaToTypeScript({ enum: ['a', () => 1] } as unknown as JsonSchema)).toBe(`${note('enum')}unknown`);
    expect(schemaToTypeScript({ properties: { a: 7 } } as unknown as JsonSchema)).toBe(
      '{\n  a?: unknown; // a malformed subschema: not shown; the JSON Schema is authoritative\n}',
    );
    expect(schemaToTypeScript({ type: 'string', not: { const: '' } })).toBe(`${note('not')}string`);
  });

  it('stops at schema objects that contain themselves', () => {
    const schema: Record<string, unknown> = { type: 'object', properties: {} };
    (schema['properties'] as Record<string, unknown>)['self'] = schema;
    expect(schemaToTypeScript(schema as JsonSchema)).toContain('a cyclic or too deeply nested subschema');
  });

  it('is deterministic', () => {
    const schema: JsonSchema = { type: 'object', properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: { type: 'string' } } };
    expect(schemaToTypeScript(schema)).toBe(schemaToTypeScript(structuredClone(schema)));
  });
});
