import { readFileSync, readdirSync } from 'node:fs';

/**
 * Pids of this process's `node` children (Linux; empty elsewhere), zombies included: a
 * child that exited but was not reaped is still listed, so an empty answer right after
 * `close()` proves every child was reaped.
 */
export function childPids(): number[] {
  if (process.platform !== 'linux') return [];
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === process.pid && name === 'node') pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}
