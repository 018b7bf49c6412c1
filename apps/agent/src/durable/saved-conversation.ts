import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ToolMode } from '@toolcell/core';
import { ConfigurationError } from '@toolcell/core';
import type { StoreLocation } from '../config/store-location.js';
import type { ProviderChoice } from '../config/toolcell-config.js';

/** A run's conversation, saved when its program waits for approvals, so `toolcell run --resume` goes on with it. */
export interface SavedConversation {
  readonly version: 1;
  /** The run's session: the code-mode session its cells belong to, and this file's name. */
  readonly session: string;
  readonly provider: ProviderChoice;
  readonly model: string;
  readonly mode: ToolMode;
  readonly task: string;
  readonly system: string;
  /** The conversation in the provider's own message format. */
  readonly history: readonly unknown[];
  /** ISO time of the save. */
  readonly savedAt: string;
}

const SESSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

/** A new run's session id: when it started and a random part, safe as a file name. */
export function newRunSession(now = new Date()): string {
  return `run-${now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}-${randomBytes(3).toString('hex')}`;
}

/**
 * Where conversations of runs are saved: `DIR/sessions/` beside a files store; for a
 * PostgreSQL store, `$XDG_STATE_HOME/toolcell/sessions/` (default `~/.local/state/…`) on
 * the machine that ran it — decisions can come from anywhere, the resume from there.
 */
export function conversationDirectory(location: StoreLocation, environment: NodeJS.ProcessEnv): string {
  if (location.kind === 'files') return join(location.directory, 'sessions');
  const state = environment.XDG_STATE_HOME ?? join(environment.HOME ?? homedir(), '.local', 'state');
  return join(state, 'toolcell', 'sessions');
}

function sessionFile(directory: string, session: string, setting: string): string {
  if (!SESSION_PATTERN.test(session)) {
    throw new ConfigurationError({ setting, message: `${JSON.stringify(session)} is not a session id; use the one the run printed (e.g. run-20261202-031500-a1b2c3).` });
  }
  return join(directory, `${session}.json`);
}

/** Save a conversation (mode 0600: it holds what the model was told), replacing an earlier save. */
export function saveConversation(directory: string, conversation: SavedConversation): string {
  const file = sessionFile(directory, conversation.session, 'session');
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${JSON.stringify(conversation)}\n`, { mode: 0o600, flag: 'wx' });
  renameSync(draft, file);
  return file;
}

/**
 * The conversation a run saved.
 *
 * @throws ConfigurationError when there is none, or it cannot be read.
 */
export function loadConversation(directory: string, session: string): SavedConversation {
  const file = sessionFile(directory, session, '--resume');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigurationError({
      setting: '--resume',
      message: `no run saved session ${JSON.stringify(session)} in ${directory} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); pass the session id and --store of the run that waited for approvals.`,
      cause: error,
    });
  }
  const saved = JSON.parse(text) as Partial<SavedConversation>;
  if (saved.version !== 1 || saved.session !== session || !Array.isArray(saved.history)) {
    throw new ConfigurationError({ setting: '--resume', message: `${file} is not a conversation this toolcell saved; start a new run.` });
  }
  return saved as SavedConversation;
}

/** Forget a session's conversation once nothing of it waits in the store (a later `--resume` is refused). */
export function forgetConversation(directory: string, session: string): void {
  rmSync(sessionFile(directory, session, 'session'), { force: true });
}
