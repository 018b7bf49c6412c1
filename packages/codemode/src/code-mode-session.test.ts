// Issue 14 / 22: what a session remembers is bounded, and so is the number of sessions.
import type { Scope } from '@toolcell/registry';
import { ToolRegistry } from '@toolcell/registry';
import { describe, expect, it } from 'vitest';
import type { Cell } from './cell.js';
import { CodeModeSession, KEPT_UNOBSERVED_RESULTS, REMEMBERED_CLOSED_CELLS } from './code-mode-session.js';
import { CodeModeSessions, KEPT_IDLE_SESSIONS } from './code-mode-sessions.js';

/** Just what the session reads of a cell. */
function stubCell(id: string, options: { unobserved?: boolean } = {}): Cell {
  return {
    id,
    unobserved: options.unobserved ?? true,
    summary: () => ({ cellId: id, state: 'ended', ageMs: 0 }),
    terminate: () => Promise.resolve(),
  } as unknown as Cell;
}

describe('CodeModeSession bounds', () => {
  it(`remembers the last ${REMEMBERED_CLOSED_CELLS} closed cells; an older one is forgotten (a wait answers missing)`, () => {
    const session = new CodeModeSession('root', 4);
    for (let index = 0; index <= REMEMBERED_CLOSED_CELLS; index += 1) {
      session.add(stubCell(String(index)));
      session.close(String(index), 'terminated');
    }
    expect(session.closedAs('0')).toBeUndefined();
    expect(session.closedAs('1')).toBe('terminated');
    expect(session.closedAs(String(REMEMBERED_CLOSED_CELLS))).toBe('terminated');
  });

  it(`keeps ${KEPT_UNOBSERVED_RESULTS} unobserved results, drops the oldest beyond, and they hold no running slot`, () => {
    const session = new CodeModeSession('root', 4);
    const total = KEPT_UNOBSERVED_RESULTS + 2;
    for (let index = 0; index < total; index += 1) {
      const cell = stubCell(String(index));
      session.add(cell);
      session.markEnded(cell);
    }
    expect(session.runningCount).toBe(0);
    expect(session.get('0')).toBeUndefined();
    expect(session.get('1')).toBeUndefined();
    expect(session.get('2')).toBeDefined();
    expect(session.list()).toHaveLength(KEPT_UNOBSERVED_RESULTS);
  });

  it('never drops a result a wait is receiving', () => {
    const session = new CodeModeSession('root', 4);
    const observed = stubCell('observed', { unobserved: false });
    session.add(observed);
    session.markEnded(observed);
    for (let index = 0; index < KEPT_UNOBSERVED_RESULTS; index += 1) {
      const cell = stubCell(String(index));
      session.add(cell);
      session.markEnded(cell);
    }
    expect(session.get('observed')).toBe(observed);
    expect(session.get('0')).toBeUndefined();
  });
});

describe('CodeModeSessions', () => {
  function scopes(count: number): { registry: ToolRegistry; created: Scope[] } {
    const registry = new ToolRegistry({ mode: 'code_mode' });
    return { registry, created: Array.from({ length: count }, (_, index) => registry.createScope({ id: `sub_${index}` })) };
  }

  it(`keeps at most ${KEPT_IDLE_SESSIONS} idle sessions, forgetting the least recently used`, () => {
    const { registry, created } = scopes(KEPT_IDLE_SESSIONS + 1);
    const sessions = new CodeModeSessions((scope) => scope.id, 4);
    const root = sessions.of(registry.root);
    root.add(stubCell('busy'));
    for (const scope of created) sessions.of(scope);
    expect(sessions.find(created[0]!)).toBeUndefined();
    expect(sessions.find(created[1]!)).toBeDefined();
    expect(sessions.find(created.at(-1)!)).toBeDefined();
    // A session with a live cell is never forgotten.
    expect(sessions.find(registry.root)).toBe(root);
  });

  it('forgets idle sessions without stored values before one that has them', () => {
    const { registry, created } = scopes(KEPT_IDLE_SESSIONS + 1);
    const sessions = new CodeModeSessions((scope) => scope.id, 4);
    const root = sessions.of(registry.root);
    const cell = root.values.openCell();
    cell.write('kept', 1);
    cell.commit();
    for (const scope of created) sessions.of(scope);
    expect(sessions.find(registry.root)).toBe(root);
    expect(sessions.find(created[0]!)).toBeUndefined();
  });

  it('gives each scope its own session unless the key maps them together, and ends one on request', async () => {
    const { registry, created } = scopes(2);
    const sessions = new CodeModeSessions((scope) => (scope.id === 'sub_1' ? 'root' : scope.id), 4);
    expect(sessions.of(created[0]!)).not.toBe(sessions.of(registry.root));
    expect(sessions.of(created[1]!)).toBe(sessions.of(registry.root));
    await sessions.end(created[0]!);
    expect(sessions.find(created[0]!)).toBeUndefined();
  });
});
