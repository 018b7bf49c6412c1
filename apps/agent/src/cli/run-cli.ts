import { ToolcellError, errorMessage } from '@toolcell/core';
import type { CliIo } from './cli-io.js';
import type { CommandLine } from './command-line.js';
import { COMMANDS, booleanOption, parseCommandLine } from './command-line.js';
import { EXIT_CODES } from './exit-codes.js';
import { USAGE } from './usage.js';
import { tracingRequest } from './tracing-request.js';

/** Extra hooks for long-running commands. */
export interface RunCliOptions {
  /** Resolves when `mock-server` should stop (default: SIGINT or SIGTERM). */
  readonly stop?: Promise<unknown>;
}

function signalled(): Promise<unknown> {
  return new Promise((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
}

async function dispatch(line: CommandLine, io: CliIo, options: RunCliOptions): Promise<number> {
  if (line.command === 'help') {
    const topic = line.positionals[0];
    const known = topic !== undefined && (COMMANDS as readonly string[]).includes(topic);
    io.stdout.write(`${USAGE[known ? (topic as CommandLine['command']) : 'help']}\n`);
    return topic === undefined || known ? EXIT_CODES.ok : EXIT_CODES.usage;
  }
  if (booleanOption(line, 'help')) {
    io.stdout.write(`${USAGE[line.command]}\n`);
    return EXIT_CODES.ok;
  }
  // Commands load on demand: help and usage errors stay instant, mock-server stays light.
  switch (line.command) {
    case 'run':
      return (await import('../commands/run-command.js')).runCommand(line, io);
    case 'exec':
      return (await import('../commands/exec-command.js')).execCommand(line, io);
    case 'inspect':
      return (await import('../commands/inspect-command.js')).inspectCommand(line, io);
    case 'demo':
      return (await import('../commands/demo-command.js')).demoCommand(line, io);
    case 'mock-server':
      return (await import('../commands/mock-server-command.js')).mockServerCommand(line, io, options.stop ?? signalled());
    case 'eval':
      return (await import('../commands/eval-command.js')).evalCommand(line, io);
    case 'mcp-server':
      return (await import('../commands/mcp-server-command.js')).mcpServerCommand(line, io, options.stop ?? signalled());
    case 'approvals':
      return (await import('../commands/approvals-command.js')).approvalsCommand(line, io);
  }
}

/**
 * Run the `toolcell` CLI: 0 on success, 1 when the run or program failed, 2 for a usage
 * or configuration error (the message names the flag, setting or scenario turn at fault).
 */
export async function runCli(argv: readonly string[], io: CliIo, options: RunCliOptions = {}): Promise<number> {
  try {
    const line = parseCommandLine(argv);
    const tracing = tracingRequest(line, io.cwd, io.environment);
    if (tracing === undefined) return await dispatch(line, io, options);
    // Loaded only when asked for: the OpenTelemetry SDK stays out of untraced commands.
    const { withAppTracing } = await import('../tracing/app-tracing.js');
    return await withAppTracing(tracing, line.command, io.environment, () => dispatch(line, io, options));
  } catch (error) {
    if (ToolcellError.isInstance(error) && error.code === 'INVALID_CONFIGURATION') {
      io.stderr.write(`toolcell: ${error.message}\n`);
      return EXIT_CODES.usage;
    }
    io.stderr.write(`toolcell: ${errorMessage(error)}\n`);
    return EXIT_CODES.failed;
  }
}
