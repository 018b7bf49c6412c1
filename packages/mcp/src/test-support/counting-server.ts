// A code-mode MCP server over an in-process sandbox with no imported servers, counting
// the SDK servers it builds and the session scopes it drops (for the session-bound tests).
import { CodeMode } from '@toolcell/codemode';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import { createInProcessTransport } from '@toolcell/sandbox';
import type { CodeModeMcpServer } from '../server/create-code-mode-mcp-server.js';
import { createCodeModeMcpServer } from '../server/create-code-mode-mcp-server.js';

export interface CountingServer extends CodeModeMcpServer {
  /** SDK servers built so far (one per `connect`). */
  readonly connects: number;
  /** Session scopes dropped so far (one per closed session). */
  readonly dropped: number;
  /** Close the server, Code Mode and the sandbox. */
  shutdown(): Promise<void>;
}

export function createCountingServer(): CountingServer {
  const registry = new ToolRegistry({ mode: 'code_mode_only' });
  const runtime = new ToolRuntime({ registry });
  const transport = createInProcessTransport();
  const codeMode = new CodeMode({ registry, runtime, transport });
  codeMode.install();
  const server = createCodeModeMcpServer({ registry, runtime, codeMode });
  let connects = 0;
  let dropped = 0;
  registry.events.on('scope-drop', () => (dropped += 1));
  return {
    get connects() {
      return connects;
    },
    get dropped() {
      return dropped;
    },
    connect: (sessionTransport) => {
      connects += 1;
      return server.connect(sessionTransport);
    },
    close: () => server.close(),
    askClient: (question) => server.askClient(question),
    shutdown: async () => {
      await server.close();
      await codeMode.shutdown();
      await transport.close();
    },
  };
}
