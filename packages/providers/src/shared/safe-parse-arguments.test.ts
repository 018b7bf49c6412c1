import { describe, expect, it } from 'vitest';
import { checkArgumentsObject, safeParseArguments } from './safe-parse-arguments.js';

describe('safeParseArguments', () => {
  it('reads one JSON object', () => {
    expect(safeParseArguments('{"city":"Paris","days":[1,2]}')).toEqual({ success: true, value: { city: 'Paris', days: [1, 2] } });
  });

  it('reads empty text as no arguments', () => {
    expect(safeParseArguments('')).toEqual({ success: true, value: {} });
    expect(safeParseArguments('  \n')).toEqual({ success: true, value: {} });
  });

  it('reports malformed JSON, quoting it, with what to send instead', () => {
    expect(safeParseArguments('{"city": "Paris", "unit": }')).toEqual({
      success: false,
      error: 'The arguments are not valid JSON: {"city": "Paris", "unit": }. Send the arguments again as one complete JSON object.',
    });
  });

  it('quotes at most 200 characters of long malformed text', () => {
    const text = `{"code": "${'x'.repeat(300)}`;
    expect(safeParseArguments(text)).toEqual({
      success: false,
      error: `The arguments are not valid JSON: ${text.slice(0, 200)}… (310 characters). Send the arguments again as one complete JSON object.`,
    });
  });

  it.each([
    ['[1,2]', 'an array'],
    ['"Paris"', 'a string'],
    ['42', 'a number'],
    ['null', 'null'],
  ])('rejects %s, which is not an object', (text, described) => {
    expect(safeParseArguments(text)).toEqual({ success: false, error: `The arguments must be one JSON object, not ${described}.` });
  });
});

describe('checkArgumentsObject', () => {
  it('accepts an object as it is', () => {
    const value = { city: 'Paris' };
    const result = checkArgumentsObject(value);
    expect(result).toEqual({ success: true, value });
  });

  it('rejects a missing value', () => {
    expect(checkArgumentsObject(undefined)).toEqual({ success: false, error: 'The arguments must be one JSON object, not nothing.' });
  });
});
