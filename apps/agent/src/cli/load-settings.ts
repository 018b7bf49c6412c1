import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigurationError } from '@toolcell/core';
import type { AgentSettings, SettingFlags } from '../config/agent-settings.js';
import { resolveSettings } from '../config/agent-settings.js';
import { loadConfig } from '../config/load-config.js';
import type { CliIo } from './cli-io.js';
import type { CommandLine } from './command-line.js';
import { booleanOption, stringOption } from './command-line.js';

/** The workspace directory of a command line (must exist). */
export function workspaceOf(line: CommandLine, io: CliIo): string {
  const given = stringOption(line, 'workspace');
  const workspace = resolve(io.cwd, given ?? '.');
  let isDirectory = false;
  try {
    isDirectory = statSync(workspace).isDirectory();
  } catch {
    // reported below
  }
  if (!isDirectory) {
    throw new ConfigurationError({ setting: '--workspace', message: `${workspace} is not a directory; pass an existing project directory.` });
  }
  return workspace;
}

/** Settings for a command: the configuration file, overridden by the flags given. */
export function settingsFromCommandLine(line: CommandLine, io: CliIo, defaults: Partial<SettingFlags> = {}): AgentSettings {
  const workspace = workspaceOf(line, io);
  const configFile = stringOption(line, 'config');
  const loaded = loadConfig({ workspace, ...(configFile === undefined ? {} : { explicitFile: resolve(io.cwd, configFile) }) });
  const flags: SettingFlags = {
    provider: stringOption(line, 'provider'),
    model: stringOption(line, 'model'),
    baseUrl: stringOption(line, 'base-url'),
    mode: stringOption(line, 'mode') ?? (loaded.config.tools?.mode === undefined ? defaults.mode : undefined),
    approve: stringOption(line, 'approve'),
    cells: booleanOption(line, 'cells'),
    cellCompletion: stringOption(line, 'cell-completion'),
    maxTurns: stringOption(line, 'max-turns'),
    trustWorkspaceServers: booleanOption(line, 'trust-workspace-servers'),
    store: stringOption(line, 'store'),
  };
  return resolveSettings({ workspace, config: loaded.config, configFile: loaded.file, configInWorkspace: loaded.inWorkspace, flags, cwd: io.cwd });
}
