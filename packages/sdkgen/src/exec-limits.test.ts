import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatDuration } from './exec-limits.js';

describe('exec limits', () => {
  it('formats figures the same way on every machine', () => {
    expect(formatCount(100_000)).toBe('100,000');
    expect(formatCount(999)).toBe('999');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MiB');
    expect(formatBytes(3 * 1024 * 1024 * 1024)).toBe('3 GiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatDuration(30_000)).toBe('30 s');
    expect(formatDuration(250)).toBe('250 ms');
  });

  it('never rounds a limit: a value a unit cannot state exactly keeps the smaller unit', () => {
    expect(formatBytes(1025)).toBe('1,025 bytes');
    expect(formatBytes(1280)).toBe('1,280 bytes');
    expect(formatBytes(1024 * 1024 + 1)).toBe('1,048,577 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatDuration(1234)).toBe('1,234 ms');
    expect(formatDuration(1500)).toBe('1.5 s');
    expect(formatDuration(86_400_000)).toBe('86,400 s');
  });
});
