import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { ConfigurationError } from '@toolcell/core';

/** The commands of the `toolcell` CLI. */
export const COMMANDS = ['run', 'exec', 'inspect', 'demo', 'eval', 'mock-server', 'mcp-server', 'approvals', 'help'] as const;

/** One of {@link COMMANDS}. */
export type CommandName = (typeof COMMANDS)[number];

type OptionTable = NonNullable<ParseArgsConfig['options']>;

const WORKSPACE: OptionTable = {
  workspace: { type: 'string', short: 'w' },
  config: { type: 'string', short: 'c' },
  mode: { type: 'string' },
  approve: { type: 'string' },
  cells: { type: 'boolean' },
  json: { type: 'boolean' },
  'trust-workspace-servers': { type: 'boolean' },
};

const HELP: OptionTable = { help: { type: 'boolean', short: 'h' } };

/** Where durable cells wait for approvals decided later. */
const STORE: OptionTable = { store: { type: 'string' } };

/** Commands that run tools can write their OpenTelemetry spans to a file. */
const TRACING: OptionTable = { 'otel-file': { type: 'string' } };

/** The options each command takes. */
export const COMMAND_OPTIONS: Readonly<Record<CommandName, OptionTable>> = {
  run: {
    ...WORKSPACE,
    ...HELP,
    task: { type: 'string', short: 't' },
    provider: { type: 'string', short: 'p' },
    model: { type: 'string', short: 'm' },
    'base-url': { type: 'string' },
    script: { type: 'string' },
    'max-turns': { type: 'string' },
    'cell-completion': { type: 'string' },
    stream: { type: 'boolean' },
    resume: { type: 'string' },
    ...STORE,
    ...TRACING,
  },
  exec: { ...WORKSPACE, ...HELP, ...TRACING },
  inspect: { ...WORKSPACE, ...HELP, provider: { type: 'string', short: 'p' }, model: { type: 'string', short: 'm' }, 'base-url': { type: 'string' } },
  demo: { ...HELP, json: { type: 'boolean' }, ...TRACING },
  eval: {
    ...HELP,
    arms: { type: 'string' },
    tasks: { type: 'string' },
    provider: { type: 'string', short: 'p' },
    model: { type: 'string', short: 'm' },
    'base-url': { type: 'string' },
    json: { type: 'boolean' },
    report: { type: 'string' },
  },
  'mock-server': { ...HELP, script: { type: 'string' }, port: { type: 'string' }, record: { type: 'string' } },
  'mcp-server': {
    ...WORKSPACE,
    ...HELP,
    ...STORE,
    http: { type: 'string' },
    token: { type: 'string' },
    'max-sessions': { type: 'string' },
    'session-idle-ms': { type: 'string' },
    'allowed-origins': { type: 'string' },
  },
  approvals: {
    ...HELP,
    ...STORE,
    workspace: WORKSPACE.workspace!,
    config: WORKSPACE.config!,
    json: { type: 'boolean' },
    reason: { type: 'string' },
    session: { type: 'string' },
  },
  help: {},
};

/** Positional arguments each command accepts (at most). */
const MAX_POSITIONALS: Readonly<Record<CommandName, number>> = { run: 0, exec: 1, inspect: 0, demo: 0, eval: 0, 'mock-server': 0, 'mcp-server': 0, approvals: Infinity, help: 1 };

/** A parsed command line. */
export interface CommandLine {
  readonly command: CommandName;
  readonly values: Readonly<Record<string, string | boolean | undefined>>;
  readonly positionals: readonly string[];
}

/**
 * Parse `argv` (without `node` and the script). No command, `--help` or `-h` alone
 * means `help`.
 *
 * @throws ConfigurationError for an unknown command or option, a missing option value or
 * too many arguments (the CLI exits with 2).
 */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h') return { command: 'help', values: {}, positionals: [] };
  if (!(COMMANDS as readonly string[]).includes(first)) {
    throw new ConfigurationError({ setting: first, message: `is not a toolcell command; use one of ${COMMANDS.join(', ')} (toolcell help).` });
  }
  const command = first as CommandName;
  let parsed;
  try {
    parsed = parseArgs({ args: [...rest], options: COMMAND_OPTIONS[command], allowPositionals: true, allowNegative: true, strict: true });
  } catch (error) {
    const message = (error as Error).message;
    const option = /'(?:-\w, )?(-{1,2}[^' ]+)/.exec(message)?.[1] ?? 'command line';
    const code = (error as { code?: string }).code;
    const problem =
      code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
        ? `is not an option of toolcell ${command}; see toolcell ${command} --help.`
        : code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE'
          ? `${message.replace(/^Option '[^']+' /, '')}; see toolcell ${command} --help.`
          : `${message}; see toolcell ${command} --help.`;
    throw new ConfigurationError({ setting: option, message: problem, cause: error });
  }
  if (parsed.positionals.length > MAX_POSITIONALS[command]) {
    const extra = parsed.positionals[MAX_POSITIONALS[command]]!;
    throw new ConfigurationError({ setting: extra, message: `is an unexpected argument for toolcell ${command}; see toolcell ${command} --help.` });
  }
  return { command, values: parsed.values as CommandLine['values'], positionals: parsed.positionals };
}

/** A string option's value (parseArgs typed it already; this narrows the union). */
export function stringOption(line: CommandLine, name: string): string | undefined {
  const value = line.values[name];
  return typeof value === 'string' ? value : undefined;
}

/** A boolean option's value (`undefined` when not given). */
export function booleanOption(line: CommandLine, name: string): boolean | undefined {
  const value = line.values[name];
  return typeof value === 'boolean' ? value : undefined;
}
