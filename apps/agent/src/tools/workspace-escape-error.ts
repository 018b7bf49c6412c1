import { ToolcellError } from '@toolcell/core';

/** Constructor options of {@link WorkspaceEscapeError}. */
export interface WorkspaceEscapeErrorOptions {
  /** The path as the caller gave it. */
  readonly path: string;
  /** The workspace root it had to stay inside. */
  readonly root: string;
  /** The tool that was asked to touch it. */
  readonly toolName?: string;
  readonly callId?: string;
}

/**
 * A demo tool was asked for a path outside its workspace (directly, through `..`, or
 * through a symbolic link). The confinement guard turns this into a `DENIED` outcome
 * before the tool runs; the tools throw it too, as a second line of defense.
 */
export class WorkspaceEscapeError extends ToolcellError {
  override readonly name = 'WorkspaceEscapeError';
  /** The path as the caller gave it. */
  readonly path: string;

  constructor(options: WorkspaceEscapeErrorOptions) {
    super({
      code: 'DENIED',
      message: `${JSON.stringify(options.path)} is outside the workspace ${options.root}; use a path relative to the workspace root.`,
      toolName: options.toolName,
      callId: options.callId,
    });
    this.path = options.path;
  }
}
