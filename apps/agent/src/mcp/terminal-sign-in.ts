import type { McpAuthorizationRequest } from '@toolcell/mcp';

/**
 * Asks the person at the terminal to sign in to an MCP server whose entry has `oauth`: the
 * sign-in address goes to `output` (stderr), and toolcell waits for the browser to come back
 * to its loopback address. Nothing is opened on the person's behalf.
 */
export function terminalSignIn(output: NodeJS.WritableStream, waitMs: number): (request: McpAuthorizationRequest) => void {
  return (request) => {
    output.write(
      `toolcell: MCP server "${request.serverName}" needs you to sign in. Open this address in your browser (toolcell waits ${Math.round(waitMs / 60_000)} minutes):\n  ${request.url}\n`,
    );
  };
}
