import { readReadmeExample } from '@toolcell/vitest-config/readme-example';
import { describe, expect, it } from 'vitest';

describe('README', () => {
  it('opens with the example that src/openai-agents.examples.ts compiles', () => {
    const { readme, region } = readReadmeExample({ readme: new URL('../README.md', import.meta.url), examples: new URL('./openai-agents.examples.ts', import.meta.url) });
    expect(readme).toBe(region);
  });
});
