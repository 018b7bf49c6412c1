import { toolcellLint } from '@toolcell/eslint-config';

export default toolcellLint({ packageDir: import.meta.dirname });
