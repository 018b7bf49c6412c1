import { toolcellLint } from '@toolcell/eslint-config';

export default [
  // The sample project is data the demo copies, not code of this package.
  { ignores: ['sample-project/**'] },
  ...toolcellLint({ packageDir: import.meta.dirname }),
];
