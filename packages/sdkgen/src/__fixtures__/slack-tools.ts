import type { ToolFixture } from './tool-fixture.js';

// Shaped like a Slack MCP server: channel ids, cursors, thread timestamps.
export const SLACK_TOOLS: readonly ToolFixture[] = [
  {
    name: 'slack_list_channels',
    description: 'List public channels in the workspace with pagination.',
    inputSchema: {
      type: 'object',
      properties: {
        limit: { type: 'number', description: 'Maximum number of channels to return (default 100, max 200)', default: 100 },
        cursor: { type: 'string', description: 'Pagination cursor for next page of results' },
      },
    },
  },
  {
    name: 'slack_post_message',
    description: 'Post a new message to a Slack channel.',
    inputSchema: {
      type: 'object',
      properties: {
        channel_id: { type: 'string', description: 'The ID of the channel to post to' },
        text: { type: 'string', description: 'The message text to post' },
      },
      required: ['channel_id', 'text'],
    },
    outputSchema: { type: 'object', properties: { ok: { type: 'boolean' }, ts: { type: 'string' } }, required: ['ok'] },
  },
  {
    name: 'slack_reply_to_thread',
    description: 'Reply to a specific message thread in Slack.',
    inputSchema: {
      type: 'object',
      properties: {
        channel_id: { type: 'string', description: 'The ID of the channel containing the thread' },
        thread_ts: { type: 'string', description: "The timestamp of the parent message in the format '1234567890.123456'.", pattern: '^\\d+\\.\\d+$' },
        text: { type: 'string', description: 'The reply text' },
      },
      required: ['channel_id', 'thread_ts', 'text'],
    },
  },
  {
    name: 'slack_add_reaction',
    description: 'Add a reaction emoji to a message.',
    inputSchema: {
      type: 'object',
      properties: {
        channel_id: { type: 'string' },
        timestamp: { type: 'string', description: 'The timestamp of the message to react to' },
        reaction: { type: 'string', description: 'The name of the emoji reaction (without ::)' },
      },
      required: ['channel_id', 'timestamp', 'reaction'],
    },
  },
  {
    name: 'slack_get_users',
    description: 'Get a list of all users in the workspace with their basic profile information.',
    inputSchema: { type: 'object', properties: { cursor: { type: 'string' }, limit: { type: 'number', default: 100 } } },
    outputSchema: {
      type: 'object',
      properties: {
        members: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              name: { type: 'string' },
              'profile.real_name': { type: 'string', description: 'Flattened display field' },
              is_bot: { type: 'boolean' },
            },
          },
        },
        next_cursor: { type: ['string', 'null'] },
      },
    },
  },
];
