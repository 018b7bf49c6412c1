import { describe, expect, it } from 'vitest';
import { isSecurityRelevantKey, previewApprovalArgs } from './approval-preview.js';
import { countingTool, setup } from './test-support/fixtures.js';

describe('previewApprovalArgs', () => {
  it('shows every key, shortening a long value on its own, whatever the key order', () => {
    const content = 'x'.repeat(5000);
    for (const args of [{ content, path: '/etc/passwd' }, { path: '/etc/passwd', content }]) {
      const preview = previewApprovalArgs(args);
      expect(preview).toContain('path: "/etc/passwd"');
      expect(preview).toContain(`content: "${'x'.repeat(119)}… (5002 characters)`);
      expect(preview.length).toBeLessThan(300);
    }
  });

  it('never cuts security-relevant values (paths, URLs, commands), also nested in a shortened value', () => {
    const longPath = `/home/${'a'.repeat(400)}/.ssh/authorized_keys`;
    const preview = previewApprovalArgs({ command: `rm -rf ${'b'.repeat(300)}`, url: `https://example.com/${'c'.repeat(300)}`, file_path: longPath, options: { note: 'n'.repeat(300), target_dir: '/var/www' } });
    expect(preview).toContain(`file_path: ${JSON.stringify(longPath)}`);
    expect(preview).toContain(`command: "rm -rf ${'b'.repeat(300)}"`);
    expect(preview).toContain(`url: "https://example.com/${'c'.repeat(300)}"`);
    expect(preview).toContain('options.target_dir: "/var/www"');
    expect(preview).toContain('characters)');
  });

  it('decides relevance by key name', () => {
    expect(['path', 'filePath', 'URL', 'uri', 'cmd', 'command', 'cwd', 'directory'].every(isSecurityRelevantKey)).toBe(true);
    expect(['content', 'text', 'count'].some(isSecurityRelevantKey)).toBe(false);
  });

  it('shows a freeform input whole and says when there are no arguments', () => {
    expect(previewApprovalArgs('echo hi')).toBe('echo hi');
    expect(previewApprovalArgs({})).toBe('(no arguments)');
  });
});

describe('a tool unregistered or replaced while its approval is pending', () => {
  it('does not run: UNKNOWN_TOOL when it is gone, NOT_CALLABLE when another definition took its name', async () => {
    const { registry, runtime, policy, writeFile } = setup('code_mode', {
      policy: {
        approve: (request) => {
          if (request.callId === 'gone') registry.unregister('write_file');
          if (request.callId === 'replaced') {
            registry.unregister('write_file');
            registry.register(countingTool('write_file', { needsApproval: true }));
          }
          return { type: 'approve' };
        },
      },
    });
    registry.unregister('write_file');
    registry.register({ ...writeFile, needsApproval: true });
    const gone = await runtime.dispatch({ name: 'write_file', args: {}, callId: 'gone', scope: registry.root });
    expect(gone).toMatchObject({ status: 'error', code: 'UNKNOWN_TOOL' });
    registry.register({ ...writeFile, needsApproval: true });
    const replaced = await runtime.dispatch({ name: 'write_file', args: {}, callId: 'replaced', scope: registry.root });
    expect(replaced).toMatchObject({ status: 'error', code: 'NOT_CALLABLE', message: expect.stringContaining('while its approval was pending') });
    expect(writeFile.runs).toBe(0);
    expect(policy.approvalRequests.map((request) => request.callId)).toEqual(['gone', 'replaced']);
  });
});
