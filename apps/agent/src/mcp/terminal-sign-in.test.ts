import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { terminalSignIn } from './terminal-sign-in.js';

describe('terminalSignIn', () => {
  it('prints the sign-in address and how long toolcell waits', () => {
    const output = new PassThrough();
    terminalSignIn(output, 300_000)({ serverName: 'linear', url: 'https://auth.example/authorize?client_id=x', signal: new AbortController().signal });
    expect(output.read()?.toString()).toBe(
      'toolcell: MCP server "linear" needs you to sign in. Open this address in your browser (toolcell waits 5 minutes):\n  https://auth.example/authorize?client_id=x\n',
    );
  });
});
