import { resolve } from 'node:path';
import { ConfigurationError } from '@toolcell/core';
import type { CliIo } from '../cli/cli-io.js';
import type { CommandLine } from '../cli/command-line.js';
import { stringOption } from '../cli/command-line.js';
import { startMockServer } from '../mock-server/mock-server.js';
import { loadScenario } from '../scenario/parse-scenario.js';

function parsePort(value: string | undefined): number {
  if (value === undefined) return 0;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) {
    throw new ConfigurationError({ setting: '--port', message: `${JSON.stringify(value)} is not a port; use a whole number from 0 (any free port) to 65535.` });
  }
  return port;
}

/**
 * `toolcell mock-server --script FILE`: serve the scenario on 127.0.0.1 until SIGINT or
 * SIGTERM. The first line on stdout is the URL.
 */
export async function mockServerCommand(line: CommandLine, io: CliIo, stop: Promise<unknown>): Promise<number> {
  const script = stringOption(line, 'script');
  if (script === undefined) {
    throw new ConfigurationError({ setting: '--script', message: 'is required; pass the scenario file the server answers from.' });
  }
  const scenario = loadScenario(resolve(io.cwd, script));
  const port = parsePort(stringOption(line, 'port'));
  const record = stringOption(line, 'record');
  let server;
  try {
    server = await startMockServer({ scenario, port, ...(record === undefined ? {} : { recordFile: resolve(io.cwd, record) }) });
  } catch (error) {
    if ((error as { code?: string }).code === 'EADDRINUSE') {
      throw new ConfigurationError({ setting: '--port', message: `${port} is in use on 127.0.0.1; pick another port or omit --port.`, cause: error });
    }
    throw error;
  }
  io.stdout.write(`toolcell mock-server listening on ${server.url}\n`);
  await stop;
  await server.close();
  io.stderr.write(`toolcell mock-server stopped after ${server.requests} requests\n`);
  return 0;
}
