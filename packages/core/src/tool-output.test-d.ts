import { describe, expectTypeOf, it } from 'vitest';
import type { ResourcePart, WireContentPart } from './tool-output.js';

describe('ResourcePart', () => {
  it('is a wire content part', () => {
    expectTypeOf<ResourcePart>().toExtend<WireContentPart>();
  });

  it('holds exactly one of text and blob', () => {
    const text: ResourcePart = { type: 'resource', uri: 'memo://a', text: 'a' };
    const blob: ResourcePart = { type: 'resource', uri: 'memo://b', mimeType: 'application/pdf', blob: 'AAAA' };
    expectTypeOf(text).toExtend<WireContentPart>();
    expectTypeOf(blob).toExtend<WireContentPart>();
    // @ts-expect-error -- both text and blob
    const both: ResourcePart = { type: 'resource', uri: 'memo://c', text: 'a', blob: 'AAAA' };
    // @ts-expect-error -- neither text nor blob
    const neither: ResourcePart = { type: 'resource', uri: 'memo://d' };
    expectTypeOf(both).toEqualTypeOf(neither);
  });

  it('narrows to its text on a missing blob', () => {
    const part = { type: 'resource', uri: 'memo://a', text: 'a' } as ResourcePart;
    if (part.blob === undefined) expectTypeOf(part.text).toEqualTypeOf<string>();
    else expectTypeOf(part.blob).toEqualTypeOf<string>();
  });
});
