/**
 * What is at a workspace path: a regular file, a directory, or `other` (a FIFO, socket,
 * device or link at the time of use) — which the tools neither read nor write.
 */
export type WorkspaceStat = { readonly type: 'file'; readonly size: number } | { readonly type: 'directory' } | { readonly type: 'other' };

/** Options of {@link DemoWorkspace.readFile}. */
export interface WorkspaceReadOptions {
  readonly signal: AbortSignal;
  /** Refuse a file larger than this many bytes, before reading any of it. */
  readonly maxBytes: number;
}

/** One file or subdirectory of a workspace directory. */
export type WorkspaceChild = { readonly name: string; readonly type: 'file'; readonly size: number } | { readonly name: string; readonly type: 'directory' };

/**
 * The directory the demo tools act on, as the few operations they need — runtime-neutral,
 * so the same tools run over a Node directory (the reference app) and in memory (the
 * playground, tests).
 *
 * Every path a tool touches goes through {@link DemoWorkspace.relativePath} first; the
 * other methods receive only the paths it returned.
 */
export interface DemoWorkspace {
  /**
   * `path` relative to the workspace root, with `/` separators and `.` for the root.
   *
   * @throws the implementation's own error when `path` leaves the workspace.
   */
  relativePath(path: string, toolName?: string): string;
  /** What is at `path`, or `undefined` when nothing is. */
  stat(path: string): Promise<WorkspaceStat | undefined>;
  /** The files and subdirectories of a directory, in any order (links and other kinds left out). */
  children(path: string, signal: AbortSignal): Promise<WorkspaceChild[]>;
  /**
   * A regular file's bytes. Rejects, without reading, a file larger than
   * `options.maxBytes` and anything that is not a regular file; never waits on one (a FIFO).
   */
  readFile(path: string, options: WorkspaceReadOptions): Promise<Uint8Array>;
  /** Create or replace a UTF-8 text file, creating missing parent directories when asked. */
  writeFile(path: string, content: string, options: { readonly createDirectories: boolean; readonly signal: AbortSignal }): Promise<void>;
}
