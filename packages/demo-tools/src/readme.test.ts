import { readReadmeExample } from '@toolcell/vitest-config/readme-example';
import { describe, expect, it } from 'vitest';

describe('README', () => {
  it('shows the example that src/demo-tools.examples.ts compiles', () => {
    const { readme, region } = readReadmeExample({ readme: new URL('../README.md', import.meta.url), examples: new URL('./demo-tools.examples.ts', import.meta.url) });
    expect(readme).toBeDefined();
    expect(readme).toBe(region);
  });
});
