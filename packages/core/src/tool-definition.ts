import type { CallSource } from './call-source.js';
import type { JsonObject, JsonValue } from './json.js';
import type { JsonSchema } from './json-schema.js';
import type { ToolMode } from './modes.js';
import type { ToolOutput } from './tool-output.js';
import type { ToolErrorCode } from './error-codes.js';

/** `function` tools take a JSON object; `freeform` tools take one raw string (e.g. a program). */
export type ToolKind = 'function' | 'freeform';

/** How a freeform tool is carried by providers that only have JSON function tools. */
export interface FreeformJsonFallback {
  /** The single string parameter that carries the raw input (`code` for `exec`). */
  readonly parameter: string;
  /** Its description. */
  readonly description: string;
}

/** What a model is told about a function tool. */
export interface FunctionToolDeclaration {
  readonly kind: 'function';
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema?: JsonSchema;
}

/** What a model is told about a freeform tool. */
export interface FreeformToolDeclaration {
  readonly kind: 'freeform';
  readonly name: string;
  readonly description: string;
  /** How providers without freeform tools carry the input. */
  readonly jsonFallback: FreeformJsonFallback;
}

/**
 * A **wire declaration**: what goes to the model. It cannot be executed — it has no
 * `execute` — so it is not assignable where a {@link ToolDefinition} is expected.
 */
export type ToolDeclaration = FunctionToolDeclaration | FreeformToolDeclaration;

/** What a running tool knows about its call. */
export interface ToolContext {
  /** The call id (`<execCallId>:code:<n>` for nested calls). */
  readonly callId: string;
  /** The canonical tool name. */
  readonly toolName: string;
  /** Who initiated the call. */
  readonly source: CallSource;
  /** The scope the call runs in. */
  readonly scopeId: string;
  /** Aborted on cancellation or timeout; tools should stop promptly. */
  readonly signal: AbortSignal;
  /**
   * What the host passed with the call (`DispatchRequest.hostContext`: an agent framework's
   * run context, the conversation, the user): opaque to toolcell. A program's nested calls
   * carry their `exec` call's.
   */
  readonly hostContext?: unknown;
}

/**
 * Decides per call whether the approval handler is asked, from the validated arguments and
 * the call's context (its `hostContext` too). Throwing (or rejecting) refuses the call.
 */
export type NeedsApprovalFunction = (args: JsonObject | string, context: ToolContext) => boolean | Promise<boolean>;

/** Told to a tool's finalizer once a call that resolved to it has ended. */
export interface ToolFinalizeEvent {
  readonly callId: string;
  readonly status: 'ok' | 'error';
  readonly code?: ToolErrorCode;
}

/** What a dynamic description is computed from. */
export interface DescribeContext {
  /** The scope whose declarations are being built. */
  readonly scopeId: string;
  /** That scope's effective mode. */
  readonly mode: ToolMode;
}

/** Fields every callable tool has. */
export interface ToolDefinitionBase {
  /** Canonical name, unique in a registry. */
  readonly name: string;
  /** What the tool does, for the model. */
  readonly description: string;
  /**
   * A description computed per scope, for control tools whose text depends on the
   * registry (the `exec` description lists the scope's bindings).
   */
  describe?(context: DescribeContext): string;
  /** Optional JSON Schema of the typed result (`Out` in generated signatures). */
  readonly outputSchema?: JsonSchema;
  /** Read-only tools in one batch run in parallel; others run exclusively. */
  readonly readOnly?: boolean;
  /**
   * Running the tool twice with the same arguments (and the same idempotency key, the
   * call id) has the effect of running it once. Durable programs read it: a call that
   * started and whose outcome was never recorded (the process died while it ran) is run
   * again only if its tool is idempotent; otherwise the program gets an "outcome unknown"
   * failure and the tool is never run a second time.
   */
  readonly idempotent?: boolean;
  /**
   * Per-call timeout in milliseconds: one budget for the call's pre-execute hooks, guards,
   * `execute` and post-execute hooks, counted while one of them has a promise pending (a
   * pending approval pauses it; the runtime's `approvalTimeoutMs` bounds that wait).
   */
  readonly timeoutMs?: number;
  /** Maximum characters of wire text the model receives (the typed result is not cut). */
  readonly outputBudget?: number;
  /** Whether the approval handler is asked before the tool runs: always, never, or as a function decides per call. */
  readonly needsApproval?: boolean | NeedsApprovalFunction;
  /**
   * `false` for control-plane observers (Code Mode's `wait`): pre- and post-execute hooks
   * do not run for calls of this tool. Resolution, guards and approval still apply.
   */
  readonly runsHooks?: boolean;
  /** System-prompt guidance for this tool; kept in every mode. */
  readonly guidance?: string;
  /** Runs once after every call that resolved to this tool, including pre-aborted ones. */
  finalize?(event: ToolFinalizeEvent): void;
}

/** A callable tool taking a JSON object. */
export interface FunctionToolDefinition<Input extends JsonObject = JsonObject, Result extends JsonValue = JsonValue>
  extends ToolDefinitionBase {
  readonly kind: 'function';
  /** JSON Schema of the arguments; validated before the tool runs (unless `validatesInput`). */
  readonly inputSchema: JsonSchema;
  /**
   * `true` when the tool checks its own arguments in `execute` (a zod or other Standard
   * Schema with coercion, defaults and transforms, as an agent framework would run it): the
   * executor then checks only that they are a JSON object, and `inputSchema` only describes
   * them. Refuse bad input by throwing a `ToolFailure` with code `INVALID_ARGS`.
   */
  readonly validatesInput?: boolean;
  /** Do the work. Throwing is fine: the executor turns it into `EXECUTION_FAILED`. */
  execute(input: Input, context: ToolContext): Promise<ToolOutput<Result>> | ToolOutput<Result>;
}

/** A callable tool taking one raw string. */
export interface FreeformToolDefinition<Result extends JsonValue = JsonValue> extends ToolDefinitionBase {
  readonly kind: 'freeform';
  /** How providers without freeform tools carry the input. */
  readonly jsonFallback: FreeformJsonFallback;
  /** Do the work. */
  execute(input: string, context: ToolContext): Promise<ToolOutput<Result>> | ToolOutput<Result>;
}

/** A **callable tool**: a declaration plus the code that runs it. */
export type ToolDefinition = FunctionToolDefinition | FreeformToolDefinition;

/**
 * Project a callable tool to its wire declaration (the registry's policy decides which
 * declarations are sent; this only drops what the model must not see).
 */
export function toDeclaration(tool: ToolDefinition, description: string = tool.description): ToolDeclaration {
  if (tool.kind === 'freeform') {
    return { kind: 'freeform', name: tool.name, description, jsonFallback: tool.jsonFallback };
  }
  return tool.outputSchema === undefined
    ? { kind: 'function', name: tool.name, description, inputSchema: tool.inputSchema }
    : { kind: 'function', name: tool.name, description, inputSchema: tool.inputSchema, outputSchema: tool.outputSchema };
}

/**
 * Define a function tool with typed input and result (identity at run time).
 *
 * @example
 * {@includeCode ./core.examples.ts#defineTool}
 */
export function defineTool<Input extends JsonObject, Result extends JsonValue>(
  tool: FunctionToolDefinition<Input, Result>,
): FunctionToolDefinition<Input, Result> {
  return tool;
}
