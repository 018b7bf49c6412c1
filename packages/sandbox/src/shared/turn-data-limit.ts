import type { SandboxLimits } from '../contract/sandbox-limits.js';

/**
 * How much data (tool inputs, stored and notified values) one turn may send to the host:
 * twice one message. Everything a turn sends is held by the host side until the turn ends,
 * so this bounds the memory a program can make the host (a child's V8 heap) hold. The guest
 * enforces it; a Node parent sizes its child's heap by it.
 */
export function turnDataLimit(limits: SandboxLimits): number {
  return 2 * limits.maxMessageBytes;
}
