// Spawn the `toolcell` CLI from its sources, the way `pnpm toolcell` runs it.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const APP_DIRECTORY = fileURLToPath(new URL('..', import.meta.url));
const TSX = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

export interface ToolcellResult {
  readonly pid: number;
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface ToolcellOptions {
  readonly cwd?: string;
  /** Replaces the inherited environment's API keys (they are removed by default). */
  readonly env?: Record<string, string>;
  readonly stdin?: string;
  /** Start the CLI as the leader of a new session, so its session id is its pid. */
  readonly detached?: boolean;
}

function environment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'ANTHROPIC_API_KEY', 'GEMINI_API_KEY', 'GOOGLE_API_KEY', 'OPENAI_COMPATIBLE_API_KEY']) delete env[name];
  return { ...env, ...extra };
}

/** Start `toolcell …` and return the child (for long-running commands). */
export function startToolcell(args: readonly string[], options: ToolcellOptions = {}): ChildProcess {
  return spawn(TSX, ['--conditions=@toolcell/source', CLI, ...args], {
    cwd: options.cwd ?? APP_DIRECTORY,
    env: environment(options.env),
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
}

/** Run `toolcell …` to its end. */
export function runToolcell(args: readonly string[], options: ToolcellOptions = {}): Promise<ToolcellResult> {
  const child = startToolcell(args, options);
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin!.end(options.stdin ?? '');
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ pid: child.pid!, code, stdout, stderr }));
  });
}

/** Wait until a child prints a line matching `pattern` on stdout; resolves the match. */
export function waitForLine(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    let errors = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      const match = pattern.exec(buffer);
      if (match) resolve(match);
    });
    child.on('close', (code) => reject(new Error(`exited with ${code} before printing ${pattern}: ${errors}`)));
  });
}

/** Parse JSON Lines output. */
export function jsonLines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
