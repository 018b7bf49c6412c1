import type { Binding } from '@toolcell/registry';
import { describe, expect, it } from 'vitest';
import { simpleTool } from './__fixtures__/registry-setup.js';
import { SearchIndex, searchTerms } from './search-index.js';

const binding = (name: string, description: string): Binding => ({ canonicalName: name, jsName: name, tool: simpleTool(name, description) });

describe('search index', () => {
  it('splits names and text into folded words', () => {
    expect(searchTerms('mcp__github__createIssue list-Repositories files.v2')).toEqual(['mcp', 'github', 'create', 'issue', 'list', 'repository', 'file', 'v2']);
    expect(searchTerms('class address')).toEqual(['class', 'address']);
  });

  it('ranks name hits over description hits, and whole-query coverage over one strong word', () => {
    const index = new SearchIndex([
      binding('notes_write', 'Write a note about an issue.'),
      binding('issue_create', 'Open a new ticket.'),
      binding('issue_close', 'Close an issue.'),
    ]);
    expect(index.search('create issue').map((match) => match.binding.canonicalName)).toEqual(['issue_create', 'issue_close', 'notes_write']);
    expect(index.search('nothing here')).toEqual([]);
  });

  it('breaks ties by canonical name', () => {
    const index = new SearchIndex([binding('b_tool', 'Same words.'), binding('a_tool', 'Same words.')]);
    expect(index.search('same').map((match) => match.binding.canonicalName)).toEqual(['a_tool', 'b_tool']);
  });
});
