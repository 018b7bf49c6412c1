import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignJsNames } from './js-name-assignment.js';
import { isPlainJsIdentifier, normalizeJsName } from './js-name.js';
import { fakeControlTool, fakeTool } from './test-support/fake-tools.js';
import { ToolRegistry } from './tool-registry.js';

// Any identifier the JS grammar accepts, checked by the engine itself.
const isValidIdentifier = (name: string): boolean => {
  try {
    new Function(`"use strict"; let ${name} = 1; return ({ ${name} }).${name};`);
    return true;
  } catch {
    return false;
  }
};

const toolName = fc.oneof(
  fc.string({ maxLength: 24 }),
  fc.stringMatching(/^[a-z0-9_.\-:]{0,16}$/),
  fc.constantFrom('delete', 'class', '__proto__', 'constructor', '2fa', 'mcp__github__create-issue', ''),
);

describe('normalizeJsName', () => {
  it('handles the documented cases', () => {
    expect(normalizeJsName('mcp__github__create-issue')).toBe('mcp__github__create_issue');
    expect(normalizeJsName('2fa.check')).toBe('_2fa_check');
    expect(normalizeJsName('delete')).toBe('delete_');
    expect(normalizeJsName('__proto__')).toBe('__proto___');
    expect(normalizeJsName('')).toBe('_');
    expect(normalizeJsName('naïve')).toBe('na_ve');
  });

  it('always yields a valid, non-reserved identifier', () => {
    fc.assert(
      fc.property(toolName, (name) => {
        const jsName = normalizeJsName(name);
        expect(isValidIdentifier(jsName)).toBe(true);
        expect(isPlainJsIdentifier(jsName)).toBe(true);
      }),
    );
  });

  it('is idempotent and keeps plain identifiers unchanged', () => {
    fc.assert(
      fc.property(toolName, (name) => {
        const once = normalizeJsName(name);
        expect(normalizeJsName(once)).toBe(once);
        if (isPlainJsIdentifier(name)) expect(once).toBe(name);
      }),
    );
  });
});

describe('assignJsNames', () => {
  it('prefers an exact canonical match, else the lexicographically first name', () => {
    const exact = assignJsNames(['read-file', 'read_file', 'read.file']);
    expect(exact.canonicalOf.get('read_file')).toBe('read_file');
    expect(exact.collisions).toEqual([{ jsName: 'read_file', winner: 'read_file', losers: ['read-file', 'read.file'], reason: 'exact-match' }]);

    const lexicographic = assignJsNames(['b.x', 'b-x']);
    expect(lexicographic.canonicalOf.get('b_x')).toBe('b-x');
    expect(lexicographic.collisions[0]?.reason).toBe('lexicographic');
    expect(lexicographic.lostBy.get('b.x')?.winner).toBe('b-x');
  });

  it('is deterministic under any registration order, and the rule holds', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(toolName, { maxLength: 12 }).chain((names) =>
          fc.tuple(fc.constant(names), fc.shuffledSubarray(names, { minLength: names.length, maxLength: names.length })),
        ),
        ([names, shuffled]) => {
        const first = assignJsNames(names);
        const second = assignJsNames(shuffled);
        expect([...second.jsNameOf].sort()).toEqual([...first.jsNameOf].sort());
        expect(second.collisions).toEqual(first.collisions);
        for (const collision of first.collisions) {
          const group = [collision.winner, ...collision.losers];
          const expected = group.includes(collision.jsName) ? collision.jsName : [...group].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))[0];
          expect(collision.winner).toBe(expected);
          for (const loser of collision.losers) expect(first.jsNameOf.has(loser)).toBe(false);
        }
        // Every name either wins its JS name or is reported as a loser.
        for (const name of names) expect(first.jsNameOf.has(name) || first.lostBy.has(name)).toBe(true);
        },
      ),
    );
  });
});

describe('registration order', () => {
  it('never changes the wire view or the bindings', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[a-z][a-z_.-]{0,8}$/), { minLength: 1, maxLength: 10 }).chain((names) =>
          fc.tuple(fc.constant(names), fc.shuffledSubarray(names, { minLength: names.length, maxLength: names.length })),
        ),
        ([names, shuffled]) => {
          const build = (order: readonly string[]) => {
            const registry = new ToolRegistry({ mode: 'code_mode' });
            registry.register(fakeControlTool('exec'));
            for (const name of order) if (name !== 'exec') registry.register(fakeTool(name));
            const plan = registry.plan(registry.root);
            return { wire: registry.wireView(registry.root), bindings: plan.bindings.map((b) => [b.canonicalName, b.jsName]), collisions: plan.collisions };
          };
          expect(build(shuffled)).toEqual(build(names));
        },
      ),
    );
  });
});
