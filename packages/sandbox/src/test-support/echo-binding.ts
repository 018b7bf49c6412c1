import type { SandboxBinding } from '../contract/sandbox-binding.js';

/** A tool binding the tests answer themselves: `tools.echo(...)`. */
export const echo: SandboxBinding = { jsName: 'echo', canonicalName: 'echo', description: 'Echo.', kind: 'function' };
