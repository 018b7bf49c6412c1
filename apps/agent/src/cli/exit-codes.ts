/** The CLI's exit codes. */
export const EXIT_CODES = {
  /** The command did what it was asked. */
  ok: 0,
  /** The run or the program failed (a model error, a failed `exec`, differing demo reports). */
  failed: 1,
  /** The command line or the configuration is wrong; nothing ran. */
  usage: 2,
} as const;
