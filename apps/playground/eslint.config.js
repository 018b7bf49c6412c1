import { toolcellLint } from '@toolcell/eslint-config';

export default [{ ignores: ['dist/**', 'test-artifacts/**'] }, ...toolcellLint({ packageDir: import.meta.dirname })];
