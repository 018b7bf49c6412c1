import { describe, expect, it } from 'vitest';
import { fixture, TOOL_CORPUS } from './__fixtures__/tool-corpus.js';
import { toolFromFixture } from './__fixtures__/tool-fixture.js';
import { renderBindingSignature } from './binding-signature.js';

// One snapshot per corpus tool (__snapshots__/tool-corpus.test.ts.snap): the signature a
// model reads for it. A tool added to the corpus gets its snapshot without a new test.
const signature = (name: string): string => renderBindingSignature({ canonicalName: name, jsName: name, tool: toolFromFixture(fixture(name)) });

describe('signatures of the tool corpus', () => {
  it('covers 30+ tools', () => {
    expect(TOOL_CORPUS.size).toBeGreaterThanOrEqual(30);
  });

  it.each([...TOOL_CORPUS.keys()])('%s', (name) => {
    expect(signature(name)).toMatchSnapshot();
  });
});
