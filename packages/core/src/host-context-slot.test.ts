import { describe, expect, it } from 'vitest';
import { hostContextSlot } from './host-context-slot.js';

describe('hostContextSlot', () => {
  it('reads back what it wrapped, and nothing from other host contexts', () => {
    const slot = hostContextSlot<{ readonly user: string }>('toolcell.test.run');
    const run = { user: 'ada' };
    expect(slot.read(slot.wrap(run))).toBe(run);
    expect(slot.read({ user: 'ada' })).toBeUndefined();
    expect(slot.read(undefined)).toBeUndefined();
    expect(slot.read('toolcell.test.run')).toBeUndefined();
    expect(hostContextSlot('toolcell.test.other').read(slot.wrap(run))).toBeUndefined();
  });

  it('is keyed by name, so a second copy of a package reads the first one’s slot', () => {
    const wrapped = hostContextSlot<number>('toolcell.test.shared').wrap(42);
    expect(hostContextSlot<number>('toolcell.test.shared').read(wrapped)).toBe(42);
  });
});
