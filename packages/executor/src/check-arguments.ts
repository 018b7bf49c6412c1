import type { FunctionToolDefinition, JsonSchema, ToolDefinition } from '@toolcell/core';
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { jsonPath } from './json-path.js';
import type { Refusal } from './refusal.js';

const MAX_REPORTED_ERRORS = 5;
// `addUsedSchema: false`: two tools whose schemas share an `$id` must not collide.
const AJV_OPTIONS = { allErrors: true, strict: false, validateFormats: false, logger: false, addUsedSchema: false } as const;

/** A schema that failed to compile, remembered so it is not recompiled on every call. */
class SchemaCompileFailure {
  constructor(readonly message: string) {}
}

// Shared by every runtime in the process: creating an Ajv instance and compiling its
// meta-schema costs tens of milliseconds, and a tool's validator does not depend on
// which runtime asks.
const compiled = new WeakMap<ToolDefinition, ValidateFunction | SchemaCompileFailure>();
let draft07: Ajv | undefined;
let draft2020: Ajv2020 | undefined;
// Ajv itself (some 60 modules) loads with the first schema of its dialect, not at import.
let loading: Promise<unknown> | undefined;

/**
 * The refusal for calling `tool` with `args`, or `undefined` when it may run with them.
 * Function tools take a JSON object valid against their input schema; freeform tools take
 * one string. Each schema is compiled once, on first use, and cached by the tool
 * definition object (a WeakMap, so tools that are gone are let go). A promise only while
 * Ajv is not loaded yet for the schema's dialect: the first schema of a process waits for it.
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
  const validate = compiled.get(tool);
  if (validate !== undefined) return verdict(tool, validate, args);
  const ajv = ajvFor(tool.inputSchema);
  if (ajv !== undefined) return verdict(tool, compileFor(tool, ajv), args);
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
  if (validate(args)) return undefined;
  const errors = validate.errors ?? [];
  const reported = errors.slice(0, MAX_REPORTED_ERRORS).map(describeError);
  if (errors.length > MAX_REPORTED_ERRORS) reported.push(`and ${errors.length - MAX_REPORTED_ERRORS} more`);
  return {
    code: 'INVALID_ARGS',
    message: `Invalid arguments for "${tool.name}": ${reported.join('; ')}. Fix them to match the input schema and call again.`,
  };
}

function compileFor(tool: FunctionToolDefinition, ajv: Ajv | Ajv2020): ValidateFunction | SchemaCompileFailure {
  let validate: ValidateFunction | SchemaCompileFailure;
  try {
    validate = compileSchema(tool.inputSchema, ajv);
  } catch (error) {
    validate = new SchemaCompileFailure(error instanceof Error ? error.message : String(error));
  }
  compiled.set(tool, validate);
  return validate;
}

const isDraft2020 = (schema: JsonSchema): boolean => (schema.$schema ?? '').includes('2020-12');

/** The Ajv instance for the schema's dialect, once loaded. */
function ajvFor(schema: JsonSchema): Ajv | Ajv2020 | undefined {
  return isDraft2020(schema) ? draft2020 : draft07;
}

/** Load Ajv for both dialects now, for a caller that cannot let its first check wait (tests on a faked clock). */
export async function loadValidators(): Promise<void> {
  await Promise.all([loadAjv({ $schema: 'https://json-schema.org/draft/2020-12/schema' }), loadAjv({})]);
}

async function loadAjv(schema: JsonSchema): Promise<void> {
  if (isDraft2020(schema)) {
    const { Ajv2020: Draft2020 } = await import('ajv/dist/2020.js');
    draft2020 ??= new Draft2020(AJV_OPTIONS);
  } else {
    const { Ajv: Draft07 } = await import('ajv');
    draft07 ??= new Draft07(AJV_OPTIONS);
  }
}

function compileSchema(schema: JsonSchema, ajv: Ajv | Ajv2020): ValidateFunction {
  const dialect = schema.$schema ?? '';
  // Ajv knows draft-07 here; other `$schema` URIs (draft-04, 2019-09) would fail to
  // resolve, and the keywords tool authors use read the same without them.
  if (dialect !== '' && !isDraft2020(schema) && !dialect.includes('draft-07')) {
    const { $schema: _ignored, ...rest } = schema;
    return ajv.compile(rest);
  }
  return ajv.compile(schema);
}

function describeError(error: ErrorObject): string {
  const where = jsonPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  let reason = error.message ?? `fails "${error.keyword}"`;
  if (error.keyword === 'additionalProperties') reason += ` (${JSON.stringify(params['additionalProperty'])})`;
  if (error.keyword === 'enum' && Array.isArray(params['allowedValues'])) {
    reason += `: ${params['allowedValues'].map((value) => JSON.stringify(value)).join(', ')}`;
  }
  return `at ${where}: ${reason}`;
}

function describeKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}
