import type { CellSummary } from './code-mode-events.js';

/** One line per live cell, for the model: id, state, age and the last line it printed. */
export function formatCellList(cells: readonly CellSummary[]): string {
  if (cells.length === 0) return 'No live cells.';
  return cells
    .map((cell) => {
      if (cell.state === 'suspended') return `- cell ${cell.cellId}: suspended, ${Math.round(cell.ageMs / 1000)} s old, waiting for ${cell.pendingApprovals ?? 0} approval${cell.pendingApprovals === 1 ? '' : 's'}`;
      const last = cell.lastOutputLine === undefined ? 'no output yet' : `last output: ${JSON.stringify(cell.lastOutputLine)}`;
      return `- cell ${cell.cellId}: ${cell.state}, ${Math.round(cell.ageMs / 1000)} s old, ${last}`;
    })
    .join('\n');
}
