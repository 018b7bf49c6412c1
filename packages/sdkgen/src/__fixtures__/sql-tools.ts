import type { ToolFixture } from './tool-fixture.js';

// Shaped like database MCP servers (Postgres, SQLite) and a Pydantic/FastMCP-generated schema.
export const SQL_TOOLS: readonly ToolFixture[] = [
  {
    name: 'query',
    description: 'Run a read-only SQL query.',
    inputSchema: { type: 'object', properties: { sql: { type: 'string' } } },
    outputSchema: {
      type: 'object',
      properties: {
        columns: { type: 'array', items: { type: 'string' } },
        rows: { type: 'array', items: { type: 'array', items: { type: ['string', 'number', 'boolean', 'null'] } } },
        rowCount: { type: 'integer' },
      },
      required: ['columns', 'rows'],
    },
  },
  {
    name: 'write_query',
    description: 'Execute an INSERT, UPDATE or DELETE query on the SQLite database.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'SQL query to execute' },
        params: {
          type: 'array',
          description: 'Positional parameters bound to ? placeholders',
          items: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] },
        },
      },
      required: ['query'],
    },
  },
  {
    name: 'describe_table',
    description: 'Get the schema information for a specific table.',
    inputSchema: { type: 'object', properties: { table_name: { type: 'string', description: 'Name of the table to describe' } }, required: ['table_name'] },
    outputSchema: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        properties: { type: { type: 'string' }, nullable: { type: 'boolean' }, default: {} },
        required: ['type', 'nullable'],
      },
    },
  },
  {
    name: 'run_report',
    description: 'Run a saved analytics report with filters (schema generated from Pydantic models).',
    inputSchema: {
      $defs: {
        DateRange: {
          properties: {
            start: { format: 'date', title: 'Start', type: 'string' },
            end: { anyOf: [{ format: 'date', type: 'string' }, { type: 'null' }], default: null, title: 'End' },
          },
          required: ['start'],
          title: 'DateRange',
          type: 'object',
        },
        Filter: {
          properties: {
            column: { title: 'Column', type: 'string' },
            op: { enum: ['=', '!=', '<', '>', 'in'], title: 'Op', type: 'string' },
            value: { title: 'Value' },
          },
          required: ['column', 'op', 'value'],
          title: 'Filter',
          type: 'object',
        },
      },
      properties: {
        report_id: { title: 'Report Id', type: 'string' },
        range: { $ref: '#/$defs/DateRange' },
        filters: { items: { $ref: '#/$defs/Filter' }, title: 'Filters', type: 'array', default: [] },
        format: { anyOf: [{ enum: ['csv', 'json'], type: 'string' }, { type: 'null' }], default: 'json', title: 'Format' },
      },
      required: ['report_id', 'range'],
      title: 'run_reportArguments',
      type: 'object',
    },
  },
];
