import type { McpPendingApproval, PendingApprovalsNote } from '@toolcell/mcp';
import type { StoreLocation } from '../config/store-location.js';
import { describeStoreLocation } from '../config/store-location.js';

/**
 * With a store: how the approvals a suspended cell waits for are decided, for a client that
 * cannot be asked — by a person, with the command, from any terminal that reaches the store.
 */
export function mcpPendingApprovalsNote(location: StoreLocation): PendingApprovalsNote {
  const store = describeStoreLocation(location);
  return (approvals: readonly McpPendingApproval[]) => {
    const ids = approvals.map((approval) => approval.approval_id).join(' ');
    const cells = [...new Set(approvals.map((approval) => approval.cell_id))].map((cell) => `"${cell}"`).join(', ');
    return (
      `This MCP client cannot be asked (it does not support elicitation), so these approvals wait in the server's store for a person to decide them. ` +
      `Ask the user to run, in a terminal: toolcell approvals approve ${ids} --store ${store} (or toolcell approvals deny ID… --reason "…" --store ${store}; toolcell approvals list --store ${store} shows them). ` +
      `Once they are decided, call wait with cell_id ${cells} to let the program go on.`
    );
  };
}
