/** Where a command reads and writes; the process's own streams, or test doubles. */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly stdin: NodeJS.ReadableStream;
  /** The directory relative paths are resolved against. */
  readonly cwd: string;
  readonly environment: NodeJS.ProcessEnv;
}

/** The process's own streams, directory and environment. */
export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, cwd: process.cwd(), environment: process.env };
}
