// `toolcell mcp-server --http 0` for the tests of one describe block, run in-process through runCli.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect } from 'vitest';
import type { CliIo } from '../cli/cli-io.js';
import { runCli } from '../cli/run-cli.js';

/** What {@link serveMcpHttp} varies. */
export interface ServeMcpHttpOptions {
  /** How the name of the fresh directory that holds the workspace starts. */
  readonly prefix: string;
  /** More flags of `mcp-server`, given the directory that holds the workspace (a store can go there, beside it). */
  readonly flags?: (directory: string) => readonly string[];
}

/** The running server of {@link serveMcpHttp}. */
export interface ServedMcpHttp {
  /** The server's workspace, `workspace` in the fresh directory. */
  workspace(): string;
  /** The URL it listens on. */
  url(): string;
  /** Runs `close` after the block's tests, before the server stops. */
  onClose(close: () => Promise<void> | void): void;
}

/**
 * `toolcell mcp-server --http 0 -w WORKSPACE …flags` in a fresh workspace: started before the
 * tests of the describe block it is called in, then stopped (it must exit 0) and the
 * directory that holds the workspace removed after them.
 */
export function serveMcpHttp(options: ServeMcpHttpOptions): ServedMcpHttp {
  let directory = '';
  let workspace = '';
  let url = '';
  let stop: () => void = () => undefined;
  let served: Promise<number> = Promise.resolve(0);
  const closers: Array<() => Promise<void> | void> = [];
  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), options.prefix));
    workspace = join(directory, 'workspace');
    mkdirSync(workspace);
    const stderr = new PassThrough();
    const listening = new Promise<string>((resolve) => {
      let text = '';
      stderr.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
        const match = /listening on (\S+)/.exec(text);
        if (match) resolve(match[1]!);
      });
    });
    const io: CliIo = { stdout: new PassThrough(), stderr, stdin: new PassThrough(), cwd: workspace, environment: {} };
    const flags = options.flags?.(directory) ?? [];
    served = runCli(['mcp-server', '--http', '0', '-w', workspace, ...flags], io, { stop: new Promise((resolve) => (stop = () => resolve(undefined))) });
    url = await listening;
  }, 60_000);
  afterAll(async () => {
    for (const close of closers.splice(0)) await close();
    stop();
    expect(await served).toBe(0);
    rmSync(directory, { recursive: true, force: true });
  });
  return { workspace: () => workspace, url: () => url, onClose: (close) => void closers.push(close) };
}
