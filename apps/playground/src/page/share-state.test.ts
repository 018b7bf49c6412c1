import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../runtime/playground-config.js';
import { decodeState, encodeState } from './share-state.js';

describe('the share-state URL', () => {
  it('carries the config and a program with any characters', () => {
    const state = { config: { ...DEFAULT_CONFIG, mode: 'direct' as const, lazy: true }, program: 'return "ünïcode ✓";' };
    const hash = encodeState(state);
    expect(hash).toMatch(/^#s=[A-Za-z0-9_-]+$/);
    expect(decodeState(hash)).toEqual(state);
  });

  it('ignores a hash that is not a state', () => {
    expect(decodeState('')).toBeUndefined();
    expect(decodeState('#s=!!')).toBeUndefined();
    expect(decodeState(encodeState({ config: { ...DEFAULT_CONFIG, mode: 'fast' as never }, program: '' }))).toBeUndefined();
  });
});
