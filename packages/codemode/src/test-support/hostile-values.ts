// Typed results a buggy or hostile tool might return; none can be handed to a program.
import { MAX_JSON_DEPTH } from '@toolcell/core';

/** The kinds {@link hostileValue} builds. */
export const HOSTILE_KINDS = ['deep', 'very_deep', 'getter', 'proxy', 'bigint', 'typed_array', 'cycle'] as const;

/** A value of the given kind. */
export function hostileValue(kind: string): unknown {
  switch (kind) {
    case 'deep':
      return JSON.parse('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1)) as unknown;
    case 'very_deep':
      return JSON.parse('['.repeat(200_000) + ']'.repeat(200_000)) as unknown;
    case 'getter':
      return {
        get secret(): never {
          throw new Error('a getter that throws');
        },
      };
    case 'proxy':
      return new Proxy({}, { ownKeys: () => { throw new Error('a trap that throws'); }, get: () => { throw new Error('a trap that throws'); } });
    case 'bigint':
      return { count: 1n };
    case 'typed_array':
      return { bytes: new Uint8Array([1, 2, 3]) };
    case 'cycle': {
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      return cyclic;
    }
    default:
      return { kind };
  }
}
