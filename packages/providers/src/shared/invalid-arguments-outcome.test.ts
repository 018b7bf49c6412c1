import { MODEL_SOURCE } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { invalidArgumentsOutcome } from './invalid-arguments-outcome.js';

describe('invalidArgumentsOutcome', () => {
  it('ends a call with unreadable arguments as INVALID_ARGS, message kept for the model', () => {
    const outcome = invalidArgumentsOutcome({
      callId: 'call_1',
      name: 'get_weather',
      source: MODEL_SOURCE,
      argumentsError: 'The arguments are not valid JSON: {"city":. Send the arguments again as one complete JSON object.',
    });
    expect(outcome).toMatchObject({
      status: 'error',
      callId: 'call_1',
      toolName: 'get_weather',
      code: 'INVALID_ARGS',
      message: 'The arguments are not valid JSON: {"city":. Send the arguments again as one complete JSON object.',
    });
    expect(outcome?.output.wire.content).toEqual([
      { type: 'text', text: 'INVALID_ARGS: The arguments are not valid JSON: {"city":. Send the arguments again as one complete JSON object.' },
    ]);
  });

  it('leaves a readable call to dispatch', () => {
    expect(invalidArgumentsOutcome({ callId: 'call_2', name: 'get_weather', source: MODEL_SOURCE, args: {} })).toBeUndefined();
  });
});
