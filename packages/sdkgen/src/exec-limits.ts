/**
 * The sandbox limits the `exec` description states, under the sandbox's own names. Pass
 * the limits the sandbox resolved (`SandboxLimits` from `@toolcell/sandbox` has these
 * fields, so the resolved object fits as it is): the model is told what is enforced, and
 * nothing here keeps defaults or checks values of its own.
 */
export interface ExecLimits {
  /** Characters of text the program may add with `text()`. */
  readonly maxTextChars: number;
  /** Media items (`image`, `audio`, `generatedImage`) per program. */
  readonly maxMediaItems: number;
  /** Bytes of media per program. */
  readonly maxMediaBytes: number;
  /** Pending timers at once. */
  readonly maxTimers: number;
  /** Guest CPU time in milliseconds (time spent waiting for tools does not count). */
  readonly cpuBudgetMs: number;
  /** Guest memory in bytes. */
  readonly memoryBytes: number;
}

const MEBIBYTE = 1024 * 1024;

/** `100000` → `100,000` (locale-independent, so descriptions stay byte-identical). */
export function formatCount(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

// Exact figures only: a unit is used when the value is a whole number of tenths of it, so
// the description never rounds a limit up or down (`1025` stays `1,025 bytes`).
function inUnit(value: number, size: number): string | undefined {
  return value >= size && (value * 10) % size === 0 ? formatCount(value / size) : undefined;
}

/** `10485760` → `10 MiB`; `1536` → `1.5 KiB`; `1025` → `1,025 bytes`. */
export function formatBytes(bytes: number): string {
  const units: [number, string][] = [
    [1024 * MEBIBYTE, 'GiB'],
    [MEBIBYTE, 'MiB'],
    [1024, 'KiB'],
  ];
  for (const [size, unit] of units) {
    const figure = inUnit(bytes, size);
    if (figure !== undefined) return `${figure} ${unit}`;
  }
  return bytes === 1 ? '1 byte' : `${formatCount(bytes)} bytes`;
}

/** `30000` → `30 s`; `1500` → `1.5 s`; `250` → `250 ms`; `1234` → `1,234 ms`. */
export function formatDuration(milliseconds: number): string {
  const seconds = inUnit(milliseconds, 1000);
  return seconds === undefined ? `${formatCount(milliseconds)} ms` : `${seconds} s`;
}
