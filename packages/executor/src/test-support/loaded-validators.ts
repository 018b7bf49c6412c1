// For tests that count turns (`settle`) or fake the clock: a call must reach its tool
// without waiting for Ajv's first load (check-arguments.ts loads it on first use).
import { beforeAll } from 'vitest';
import { loadValidators } from '../check-arguments.js';

beforeAll(() => loadValidators());
