import type { JsonValue, ToolOutput } from '@toolcell/core';
import { describe, expectTypeOf, it } from 'vitest';
import type { ExecResult } from './index.js';
import { renderExecReport } from './index.js';

describe('ExecResult', () => {
  it('is what renderExecReport types as the typed result', () => {
    expectTypeOf(renderExecReport).returns.toEqualTypeOf<ToolOutput<ExecResult>>();
  });

  it('is a JSON value with the snake_case fields the model and host see', () => {
    expectTypeOf<ExecResult>().toExtend<JsonValue>();
    expectTypeOf<ExecResult>().toHaveProperty('cell_id').toEqualTypeOf<string>();
    expectTypeOf<ExecResult>().toHaveProperty('wall_ms').toEqualTypeOf<number>();
    expectTypeOf<ExecResult['status']>().toEqualTypeOf<'completed' | 'failed' | 'terminated' | 'running' | 'awaiting_approval'>();
    expectTypeOf<NonNullable<ExecResult['pending_approvals']>[number]>().toEqualTypeOf<{ approval_id: string; tool_name: string; args: string; cell_id: string; expires_at: number }>();
  });
});
