import { describe, expect, it } from 'vitest';
import { parsePastedTools } from './pasted-tools.js';

describe('parsePastedTools', () => {
  it('takes inputSchema or parameters and the policy flags', () => {
    const [weather, note] = parsePastedTools(
      JSON.stringify([
        { name: 'get_weather', description: 'Weather.', parameters: { type: 'object', properties: { city: { type: 'string' } } }, readOnly: true },
        { name: 'send_note', inputSchema: { type: 'object' }, needsApproval: true },
      ]),
    );
    expect(weather).toMatchObject({ name: 'get_weather', readOnly: true, inputSchema: { properties: { city: { type: 'string' } } } });
    expect(note).toMatchObject({ name: 'send_note', needsApproval: true, description: '' });
  });

  it('refuses what is not a list of named schemas', () => {
    expect(() => parsePastedTools('{"name": "x"}')).toThrow('JSON array');
    expect(() => parsePastedTools('[{"description": "no name"}]')).toThrow('Entry 0 has no "name"');
  });
});
