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
 * through a symbolic link): `WORKSPACE_ESCAPE`. The confinement guard denies such a call
 * before the tool runs (its outcome is `DENIED`, the guard's code); the tools throw it
 * too, as a second line of defense.
 */
export class WorkspaceEscapeError extends ToolcellError<'WORKSPACE_ESCAPE'> {
  static override readonly brand: string = '@toolcell/agent/WorkspaceEscapeError';

  /** The path as the caller gave it. */
  readonly path: string;

  constructor(options: WorkspaceEscapeErrorOptions) {
    super({
      code: 'WORKSPACE_ESCAPE',
      message: `${JSON.stringify(options.path)} is outside the workspace ${options.root}; use a path relative to the workspace root.`,
      toolName: options.toolName,
      callId: options.callId,
    });
    this.path = options.path;
  }
}
