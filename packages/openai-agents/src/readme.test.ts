import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

describe('README', () => {
  it('opens with the example that src/openai-agents.examples.ts compiles', () => {
    const example = /```typescript\n([\s\S]*?)```/.exec(read('../README.md'))?.[1];
    const region = /\/\/ #region README\n([\s\S]*?)\s*\/\/ #endregion README/.exec(read('./openai-agents.examples.ts'))?.[1];
    const dedented = region?.split('\n').map((line) => line.replace(/^ {2}/, '')).join('\n');
    expect(example?.trim()).toBe(dedented?.trim());
  });
});
