import { readFileSync } from 'node:fs';
import { readReadmeExample } from '@toolcell/vitest-config/readme-example';
import { describe, expect, it } from 'vitest';

describe('README', () => {
  it('opens with the example that src/openai-agents.examples.ts compiles', () => {
    const { readme, region } = readReadmeExample({ readme: new URL('../README.md', import.meta.url), examples: new URL('./openai-agents.examples.ts', import.meta.url) });
    expect(readme).toBe(region);
  });

  it('shows the durable approvals example that src/openai-agents.examples.ts compiles', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const shown = /## Approvals that need a person[\s\S]*?```typescript\n([\s\S]*?)```/.exec(readme)?.[1]?.trim();
    const examples = readFileSync(new URL('./openai-agents.examples.ts', import.meta.url), 'utf8');
    const region = /\/\/ #region README-durable\n([\s\S]*?)\/\/ #endregion README-durable/.exec(examples)?.[1] ?? '';
    expect(shown).toBeDefined();
    expect(shown).toBe(region.replace(/^ {2}/gm, '').trim());
  });
});
