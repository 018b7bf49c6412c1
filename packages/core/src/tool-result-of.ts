import type { JsonValue } from './json.js';
import type { ToolOutput } from './tool-output.js';

/**
 * The typed result a tool's `execute` resolves to, so a host reading
 * `outcome.output.result.value` can name it instead of casting to a hand-written type:
 * `const value = outcome.output.result.value as ToolResultOf<typeof readFile>`. For a tool
 * typed only as `ToolDefinition` it is `JsonValue`.
 */
export type ToolResultOf<
  Tool extends {
    /** The tool's implementation; only the type of what it resolves to is read. */
    execute(...args: never[]): unknown;
  },
> =
  Awaited<ReturnType<Tool['execute']>> extends ToolOutput<infer Result extends JsonValue> ? Result : never;
