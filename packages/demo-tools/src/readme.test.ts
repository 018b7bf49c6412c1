import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

describe('README', () => {
  it('shows the example that src/demo-tools.examples.ts compiles', () => {
    const example = /```ts\n([\s\S]*?)```/.exec(read('../README.md'))?.[1];
    const region = /\/\/ #region README\n([\s\S]*?)\/\/ #endregion README/.exec(read('./demo-tools.examples.ts'))?.[1];
    expect(example).toBeDefined();
    expect(example).toBe(region);
  });
});
