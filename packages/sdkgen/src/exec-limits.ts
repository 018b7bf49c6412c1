import { ConfigurationError } from '@toolcell/core';

/**
 * The guest limits the `exec` description states. The sandbox enforces them; pass the
 * values it is configured with so the model is told the truth.
 */
export interface ExecLimits {
  /** Characters of text the program may add with `text()`. */
  readonly textChars: number;
  /** Media items (`image`, `audio`, `generatedImage`) per program. */
  readonly mediaItems: number;
  /** Bytes of media per program. */
  readonly mediaBytes: number;
  /** Pending timers at once. */
  readonly timers: number;
  /** Guest CPU time in milliseconds (time spent waiting for tools does not count). */
  readonly cpuMs: number;
  /** Guest memory in bytes. */
  readonly memoryBytes: number;
}

const MEBIBYTE = 1024 * 1024;

/** The defaults: 100,000 characters, 16 media items / 10 MiB, 1,024 timers, 30 s CPU, 64 MiB. */
export const DEFAULT_EXEC_LIMITS: ExecLimits = Object.freeze({
  textChars: 100_000,
  mediaItems: 16,
  mediaBytes: 10 * MEBIBYTE,
  timers: 1_024,
  cpuMs: 30_000,
  memoryBytes: 64 * MEBIBYTE,
});

/** `100000` → `100,000` (locale-independent, so descriptions stay byte-identical). */
export function formatCount(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `10485760` → `10 MiB`; `1536` → `1.5 KiB`. */
export function formatBytes(bytes: number): string {
  const units: [number, string][] = [
    [1024 * MEBIBYTE, 'GiB'],
    [MEBIBYTE, 'MiB'],
    [1024, 'KiB'],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) return `${formatCount(Number((bytes / size).toFixed(1)))} ${unit}`;
  }
  return `${formatCount(bytes)} bytes`;
}

/** `30000` → `30 s`; `1500` → `1.5 s`; `250` → `250 ms`. */
export function formatDuration(milliseconds: number): string {
  return milliseconds >= 1000 ? `${formatCount(Number((milliseconds / 1000).toFixed(1)))} s` : `${formatCount(milliseconds)} ms`;
}

/**
 * The defaults overridden by `overrides`. Throws `ConfigurationError` for a limit that is
 * not a positive finite number: the description would state a limit that cannot hold.
 */
export function resolveExecLimits(overrides: Partial<ExecLimits> = {}): ExecLimits {
  const limits: Record<string, number> = { ...DEFAULT_EXEC_LIMITS };
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    if (!(name in DEFAULT_EXEC_LIMITS)) {
      throw new ConfigurationError({ setting: `exec.limits.${name}`, message: `unknown limit; use one of ${Object.keys(DEFAULT_EXEC_LIMITS).join(', ')}.` });
    }
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      throw new ConfigurationError({ setting: `exec.limits.${name}`, message: `${String(value)} is not a positive number; give the value the sandbox enforces.` });
    }
    limits[name] = value;
  }
  return limits as unknown as ExecLimits;
}
