import type { OutputItem } from '@toolcell/sandbox';
import { describe, expectTypeOf, it } from 'vitest';
import type { ExecOutputItem } from './index.js';

describe('ExecOutputItem', () => {
  it('is the sandbox output item, not a copy that could drift from it', () => {
    expectTypeOf<ExecOutputItem>().toEqualTypeOf<OutputItem>();
  });
});
