// The processes of one session, read from /proc (Linux): what a CLI run leaves behind.
import { readFileSync, readdirSync } from 'node:fs';

export interface SessionProcess {
  readonly pid: number;
  readonly parentPid: number;
  /** `Z` for a zombie: exited, not yet reaped. */
  readonly state: string;
  readonly command: string;
}

/** One process's `/proc/<pid>/stat`, or `undefined` when it is gone. */
function readStat(pid: number): { session: number; process: SessionProcess } | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // `pid (comm) state ppid pgrp session …`; comm may hold spaces and parentheses.
  const open = stat.indexOf('(');
  const close = stat.lastIndexOf(')');
  const [state, parentPid, , session] = stat.slice(close + 2).split(' ');
  return { session: Number(session), process: { pid, parentPid: Number(parentPid), state: state!, command: stat.slice(open + 1, close) } };
}

/** Every process, zombies included, whose session id is `sessionId`. */
export function processesInSession(sessionId: number): SessionProcess[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((entry) => entry !== undefined && entry.session === sessionId)
    .map((entry) => entry!.process);
}
