// `runCli` in-process with its output captured, as the command tests run it.
import { PassThrough } from 'node:stream';
import type { CliIo } from '../cli/cli-io.js';
import { runCli } from '../cli/run-cli.js';

/** Where and how {@link runCliCaptured} runs a command. */
export interface RunCliCapturedOptions {
  readonly cwd: string;
  /** What the command reads on stdin (default: nothing). */
  readonly stdin?: string;
  readonly environment?: NodeJS.ProcessEnv;
}

/** A command's exit code and output. */
export interface CapturedCliRun {
  readonly code: number;
  readonly stdout: string;
  /** Trimmed. */
  readonly stderr: string;
}

/** Runs `toolcell …args` through `runCli`, a server command stopping at once. */
export async function runCliCaptured(args: readonly string[], options: RunCliCapturedOptions): Promise<CapturedCliRun> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const stdin = new PassThrough();
  stdin.end(options.stdin ?? '');
  const io: CliIo = { stdout, stderr, stdin, cwd: options.cwd, environment: options.environment ?? {} };
  const code = await runCli(args, io, { stop: Promise.resolve() });
  return { code, stdout: out, stderr: err.trim() };
}
