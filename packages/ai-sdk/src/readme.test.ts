import { expectReadmeShowsExamples } from '@toolcell/vitest-config/readme-example';
import { it } from 'vitest';

it('the README opens with the example src/ai-sdk.examples.ts compiles, and shows its durable approvals example under its heading', () => {
  expectReadmeShowsExamples({ readme: new URL('../README.md', import.meta.url), examples: new URL('./ai-sdk.examples.ts', import.meta.url), sections: { 'README-durable': '## Approvals that need a person' } });
});
