import { describe, expect, it } from 'vitest';
import { MemoryWorkspace } from './memory-workspace.js';

describe('MemoryWorkspace', () => {
  it('normalizes paths and refuses those that leave the root', () => {
    const workspace = new MemoryWorkspace();
    expect(workspace.relativePath('./src//a.js')).toBe('src/a.js');
    expect(workspace.relativePath('')).toBe('.');
    expect(() => workspace.relativePath('../secret')).toThrow('outside the workspace');
    expect(() => workspace.relativePath('/etc/passwd')).toThrow('outside the workspace');
  });

  it('has directories as the prefixes of its files', async () => {
    const workspace = new MemoryWorkspace({ 'src/a.js': 'x', 'src/db/b.sql': 'yy' });
    expect(await workspace.stat('src')).toEqual({ type: 'directory' });
    expect(await workspace.stat('src/db/b.sql')).toEqual({ type: 'file', size: 2 });
    expect(await workspace.stat('src/none')).toBeUndefined();
    expect(await workspace.children('src')).toEqual([
      { name: 'a.js', type: 'file', size: 1 },
      { name: 'db', type: 'directory' },
    ]);
    await expect(workspace.writeFile('src', 'no', { createDirectories: true })).rejects.toThrow('src is a directory.');
  });

  it('refuses to read a file larger than maxBytes', async () => {
    const workspace = new MemoryWorkspace({ 'a.txt': 'abcd' });
    const signal = new AbortController().signal;
    expect(new TextDecoder().decode(await workspace.readFile('a.txt', { signal, maxBytes: 4 }))).toBe('abcd');
    await expect(workspace.readFile('a.txt', { signal, maxBytes: 3 })).rejects.toThrow('a.txt has 4 bytes, more than the limit of 3.');
  });
});
