import type { ToolFixture } from './tool-fixture.js';

// Shaped like a GitHub MCP server: owner/repo pairs, pagination, enums, nested file lists.
export const GITHUB_TOOLS: readonly ToolFixture[] = [
  {
    name: 'create_issue',
    description: 'Create a new issue in a GitHub repository.',
    inputSchema: {
      type: 'object',
      properties: {
        owner: { type: 'string', description: 'Repository owner' },
        repo: { type: 'string', description: 'Repository name' },
        title: { type: 'string', description: 'Issue title' },
        body: { type: 'string', description: 'Issue body content' },
        assignees: { type: 'array', items: { type: 'string' }, description: 'Usernames to assign to this issue' },
        labels: { type: 'array', items: { type: 'string' }, description: 'Labels to apply to this issue' },
        milestone: { type: 'number', description: 'Milestone number' },
      },
      required: ['owner', 'repo', 'title'],
    },
    outputSchema: {
      type: 'object',
      properties: { number: { type: 'integer' }, html_url: { type: 'string', format: 'uri' }, state: { enum: ['open', 'closed'] } },
      required: ['number', 'html_url'],
    },
  },
  {
    name: 'list_issues',
    description: 'List issues in a repository with filters.',
    inputSchema: {
      type: 'object',
      properties: {
        owner: { type: 'string' },
        repo: { type: 'string' },
        state: { type: 'string', enum: ['open', 'closed', 'all'], description: 'Filter by state' },
        labels: { type: 'array', items: { type: 'string' } },
        sort: { type: 'string', enum: ['created', 'updated', 'comments'] },
        direction: { type: 'string', enum: ['asc', 'desc'] },
        since: { type: 'string', format: 'date-time', description: 'Only issues updated at or after this time' },
        page: { type: 'number', minimum: 1 },
        perPage: { type: 'number', minimum: 1, maximum: 100 },
      },
      required: ['owner', 'repo'],
    },
  },
  {
    name: 'search_repositories',
    description: 'Search for GitHub repositories.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Search query (see GitHub search syntax)' },
        page: { type: 'number', description: 'Page number for pagination (default: 1)' },
        perPage: { type: 'number', description: 'Number of results per page (default: 30, max: 100)' },
      },
      required: ['query'],
    },
  },
  {
    name: 'push_files',
    description: 'Push multiple files to a GitHub repository in a single commit.',
    inputSchema: {
      type: 'object',
      properties: {
        owner: { type: 'string' },
        repo: { type: 'string' },
        branch: { type: 'string', description: "Branch to push to, e.g. 'main'" },
        files: {
          type: 'array',
          description: 'Files to push',
          items: {
            type: 'object',
            properties: { path: { type: 'string' }, content: { type: 'string' } },
            required: ['path', 'content'],
            additionalProperties: false,
          },
        },
        message: { type: 'string', description: 'Commit message' },
      },
      required: ['owner', 'repo', 'branch', 'files', 'message'],
    },
  },
  {
    name: 'create_pull_request_review',
    description: 'Create a review on a pull request, optionally with line comments.',
    inputSchema: {
      type: 'object',
      properties: {
        owner: { type: 'string' },
        repo: { type: 'string' },
        pull_number: { type: 'integer', exclusiveMinimum: 0 },
        event: { type: 'string', enum: ['APPROVE', 'REQUEST_CHANGES', 'COMMENT'] },
        body: { type: 'string' },
        comments: {
          type: 'array',
          items: {
            anyOf: [
              {
                type: 'object',
                description: 'A comment on a line of the diff',
                properties: { path: { type: 'string' }, line: { type: 'integer' }, body: { type: 'string' } },
                required: ['path', 'line', 'body'],
              },
              {
                type: 'object',
                description: 'A comment on a position in the diff (deprecated)',
                properties: { path: { type: 'string' }, position: { type: 'integer' }, body: { type: 'string' } },
                required: ['path', 'position', 'body'],
              },
            ],
          },
        },
      },
      required: ['owner', 'repo', 'pull_number', 'event'],
    },
  },
  {
    name: 'get_file_contents',
    description: 'Get the contents of a file or directory from a GitHub repository.',
    inputSchema: {
      type: 'object',
      properties: {
        owner: { type: 'string' },
        repo: { type: 'string' },
        path: { type: 'string' },
        ref: { type: 'string', description: 'Branch, tag or commit SHA' },
      },
      required: ['owner', 'repo', 'path'],
    },
    outputSchema: {
      oneOf: [
        {
          type: 'object',
          properties: { type: { const: 'file' }, encoding: { const: 'base64' }, content: { type: 'string', contentEncoding: 'base64' }, sha: { type: 'string' } },
          required: ['type', 'content', 'sha'],
        },
        {
          type: 'array',
          items: { type: 'object', properties: { type: { enum: ['file', 'dir', 'symlink', 'submodule'] }, path: { type: 'string' } }, required: ['type', 'path'] },
        },
      ],
    },
  },
];
