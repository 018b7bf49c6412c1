import { expectReadmeShowsExamples } from '@toolcell/vitest-config/readme-example';
import { it } from 'vitest';

it('the README shows the example src/demo-tools.examples.ts compiles', () => {
  expectReadmeShowsExamples({ readme: new URL('../README.md', import.meta.url), examples: new URL('./demo-tools.examples.ts', import.meta.url) });
});
