import { describe, expect, it } from 'vitest';
import { MemoryFileSystem, normalizePath } from './memory-file-system.js';

describe('MemoryFileSystem', () => {
  it('lists files and implied directories, sorted, recursively or one level', () => {
    const files = new MemoryFileSystem({ 'src/a.js': 'x', 'src/db/b.sql': 'yy', 'README.md': '' });
    expect(files.list('.', true).map((entry) => `${entry.type}:${entry.path}:${entry.size}`)).toEqual([
      'file:README.md:0',
      'directory:src:0',
      'file:src/a.js:1',
      'directory:src/db:0',
      'file:src/db/b.sql:2',
    ]);
    expect(files.list('src', false).map((entry) => entry.path)).toEqual(['src/a.js', 'src/db']);
  });

  it('writes files, says whether they existed, and refuses to overwrite a directory', () => {
    const files = new MemoryFileSystem({ 'src/a.js': 'x' });
    expect(files.write('./notes/n.md', 'n')).toBe(false);
    expect(files.write('notes/n.md', 'm')).toBe(true);
    expect(files.read('notes/n.md')).toBe('m');
    expect(() => files.write('src', 'no')).toThrow('is a directory');
  });

  it('refuses paths that leave the workspace', () => {
    expect(normalizePath('./src//a.js')).toBe('src/a.js');
    expect(() => normalizePath('../secret')).toThrow('outside the workspace');
    expect(() => normalizePath('/etc/passwd')).toThrow('outside the workspace');
  });
});
