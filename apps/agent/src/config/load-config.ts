import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { Ajv } from 'ajv';
import type { ValidateFunction } from 'ajv';
import { ConfigurationError } from '@toolcell/core';
import { formatSchemaError } from './format-schema-error.js';
import type { ToolcellConfig } from './toolcell-config.js';

/** The file name looked up in the workspace when `--config` is not given. */
export const CONFIG_FILE_NAME = 'toolcell.config.json';

/** Where the JSON Schema of the configuration ships (both from `src/` and from `dist/`). */
export const CONFIG_SCHEMA_URL = new URL('../../schema/toolcell.config.schema.json', import.meta.url);

let validator: ValidateFunction | undefined;

function compileValidator(): ValidateFunction {
  const schema = JSON.parse(readFileSync(CONFIG_SCHEMA_URL, 'utf8')) as object;
  return (validator ??= new Ajv({ allErrors: true, strict: true, verbose: true }).compile(schema));
}

/** A configuration and the file it came from (`undefined` when there was none). */
export interface LoadedConfig {
  readonly config: ToolcellConfig;
  readonly file: string | undefined;
  /**
   * Whether the file lies inside the workspace (the default lookup, or a `--config` path
   * there): then whoever supplied the workspace wrote it, and its MCP servers are not
   * started without the user's consent.
   */
  readonly inWorkspace: boolean;
}

/**
 * Validate parsed configuration against the shipped schema.
 *
 * @throws ConfigurationError naming the first setting at fault and how to fix it.
 */
export function parseConfig(value: unknown, source = CONFIG_FILE_NAME): ToolcellConfig {
  const validate = compileValidator();
  if (validate(value)) return value as ToolcellConfig;
  const problem = formatSchemaError(validate.errors![0]!, value);
  throw new ConfigurationError({ setting: problem.setting === '' ? source : problem.setting, message: `${problem.message} (in ${source})` });
}

/**
 * Load the configuration: `explicitFile` when given (it must exist), else
 * `toolcell.config.json` in the workspace when present, else an empty configuration.
 */
export function loadConfig(options: { readonly workspace: string; readonly explicitFile?: string }): LoadedConfig {
  const file = options.explicitFile === undefined ? join(options.workspace, CONFIG_FILE_NAME) : resolve(options.explicitFile);
  if (!existsSync(file)) {
    if (options.explicitFile === undefined) return { config: {}, file: undefined, inWorkspace: false };
    throw new ConfigurationError({ setting: '--config', message: `${file} does not exist; pass the path of a ${CONFIG_FILE_NAME} file.` });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigurationError({ setting: file, message: `is not valid JSON (${(error as Error).message}); fix the syntax.`, cause: error });
  }
  return { config: parseConfig(parsed, file), file, inWorkspace: isInside(realpathSync(options.workspace), realpathSync(file)) };
}

function isInside(directory: string, file: string): boolean {
  const path = relative(directory, file);
  return path !== '' && path !== '..' && !path.startsWith(`..${sep}`) && !isAbsolute(path);
}
