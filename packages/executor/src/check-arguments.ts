import type { FunctionToolDefinition, JsonSchema, ToolDefinition } from '@toolcell/core';
import { errorMessage } from '@toolcell/core';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { RegExpEngine } from './linear-reg-exp.js';
import type { SchemaDialect } from './compile-input-schema.js';
import { compileInputSchema, schemaDialect } from './compile-input-schema.js';
import { jsonPath } from './json-path.js';
import { linearRegExpEngine } from './linear-reg-exp.js';
import type { Refusal } from './refusal.js';
import { VALIDATION_BUDGET, withValidationBudget } from './validation-budget.js';

const MAX_REPORTED_ERRORS = 5;
/** Allowed values an `enum` error lists before it says how many there are in all. */
const MAX_LISTED_VALUES = 10;
/** Characters of one reported error, and of the whole list of them. */
const MAX_ERROR_CHARS = 200;
const MAX_ERRORS_CHARS = 1_000;
/** What ends a cut description. */
export const CUT_MARKER = '…';

/** A schema that failed to compile, remembered so it is not recompiled on every call. */
class SchemaCompileFailure {
  constructor(readonly message: string) {}
}

// Keyed by the tool definition: a tool's validator (with the Ajv instance it was compiled
// in) is let go with the tool.
const compiled = new WeakMap<ToolDefinition, ValidateFunction | SchemaCompileFailure>();
// Loaded with the first schema of their dialect, not at import: Ajv (some 60 modules from its
// package; the built executor imports its bundle of them) and RE2JS.
let draft07: SchemaDialect | undefined;
let draft2020: SchemaDialect | undefined;
let regExp: RegExpEngine | undefined;
let loading: Promise<unknown> | undefined;

/**
 * The refusal for calling `tool` with `args`, or `undefined` when it may run with them.
 * Function tools take a JSON object valid against their input schema; freeform tools take
 * one string. Each schema is compiled once, on first use, and cached by the tool
 * definition object (a WeakMap, so tools that are gone are let go). A check spends at
 * most {@link VALIDATION_BUDGET} units of work, and its message is bounded. A promise
 * only while Ajv is not loaded yet for the schema's dialect: the first schema of a
 * process waits for it.
 */
export function checkArguments(tool: ToolDefinition, args: unknown): Refusal | undefined | Promise<Refusal | undefined> {
  if (tool.kind === 'freeform') {
    if (typeof args === 'string') return undefined;
    return {
      code: 'INVALID_ARGS',
      message: `"${tool.name}" takes one raw string as input (the ${tool.jsonFallback.parameter}), not ${describeKind(args)}.`,
    };
  }
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    return { code: 'INVALID_ARGS', message: `Invalid arguments for "${tool.name}": expected a JSON object of named arguments, not ${describeKind(args)}.` };
  }
  // The tool runs its own schema (zod, …) in `execute`, as its framework would.
  if (tool.validatesInput === true) return undefined;
  const validate = compiled.get(tool);
  if (validate !== undefined) return verdict(tool, validate, args);
  const dialect = dialectFor(tool.inputSchema);
  if (dialect !== undefined && regExp !== undefined) return verdict(tool, compileFor(tool, dialect, regExp), args);
  loading ??= loadAjv(tool.inputSchema).finally(() => (loading = undefined));
  return loading.then(() => checkArguments(tool, args));
}

function verdict(tool: FunctionToolDefinition, validate: ValidateFunction | SchemaCompileFailure, args: object): Refusal | undefined {
  if (validate instanceof SchemaCompileFailure) {
    return {
      code: 'EXECUTION_FAILED',
      message: `The input schema of "${tool.name}" does not compile (${validate.message}); the tool's definition has to be fixed before it can run.`,
    };
  }
  const valid = withValidationBudget(VALIDATION_BUDGET, () => validate(args));
  if (valid === 'exhausted') {
    return {
      code: 'INVALID_ARGS',
      message: `Invalid arguments for "${tool.name}": checking them against the input schema took more than ${VALIDATION_BUDGET} steps, so they were not checked to the end. Send smaller arguments, or simpler ones for this schema.`,
    };
  }
  if (valid) return undefined;
  const errors = validate.errors ?? [];
  let reported = errors.slice(0, MAX_REPORTED_ERRORS).map((error) => cut(describeError(error), MAX_ERROR_CHARS)).join('; ');
  if (errors.length > MAX_REPORTED_ERRORS) reported += `; and ${errors.length - MAX_REPORTED_ERRORS} more`;
  return {
    code: 'INVALID_ARGS',
    message: `Invalid arguments for "${tool.name}": ${cut(reported, MAX_ERRORS_CHARS)}. Fix them to match the input schema and call again.`,
  };
}

function compileFor(tool: FunctionToolDefinition, dialect: SchemaDialect, engine: RegExpEngine): ValidateFunction | SchemaCompileFailure {
  let validate: ValidateFunction | SchemaCompileFailure;
  try {
    validate = compileInputSchema(tool.inputSchema, dialect, engine);
  } catch (error) {
    validate = new SchemaCompileFailure(cut(errorMessage(error), MAX_ERRORS_CHARS));
  }
  compiled.set(tool, validate);
  return validate;
}

const isDraft2020 = (schema: JsonSchema): boolean => (schema.$schema ?? '').includes('2020-12');

/** The loaded dialect of the schema, if it is loaded. */
function dialectFor(schema: JsonSchema): SchemaDialect | undefined {
  return isDraft2020(schema) ? draft2020 : draft07;
}

/** Load Ajv for both dialects now, for a caller that cannot let its first check wait (tests on a faked clock). */
export async function loadValidators(): Promise<void> {
  await Promise.all([loadAjv({ $schema: 'https://json-schema.org/draft/2020-12/schema' }), loadAjv({})]);
}

async function loadAjv(schema: JsonSchema): Promise<void> {
  const dialect = isDraft2020(schema)
    ? import('ajv/dist/2020.js').then(({ Ajv2020 }) => void (draft2020 ??= schemaDialect((options) => new Ajv2020(options))))
    : import('ajv').then(({ Ajv }) => void (draft07 ??= schemaDialect((options) => new Ajv(options))));
  // Both at once: one module's file is read while the other compiles.
  const [{ RE2JS }] = await Promise.all([import('re2js'), dialect]);
  regExp ??= linearRegExpEngine(RE2JS);
}

function describeError(error: ErrorObject): string {
  const where = jsonPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  let reason = error.message ?? `fails "${error.keyword}"`;
  if (error.keyword === 'additionalProperties') reason += ` (${JSON.stringify(params['additionalProperty'])})`;
  const allowed = params['allowedValues'];
  if (error.keyword === 'enum' && Array.isArray(allowed)) {
    reason += `: ${allowed.slice(0, MAX_LISTED_VALUES).map((value) => cut(JSON.stringify(value), MAX_ERROR_CHARS)).join(', ')}`;
    if (allowed.length > MAX_LISTED_VALUES) reason += `, … (${allowed.length} values in all)`;
  }
  return `at ${where}: ${reason}`;
}

/** `text` whole, or its first `max` characters ending in {@link CUT_MARKER}. */
function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - CUT_MARKER.length)}${CUT_MARKER}`;
}

function describeKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}
