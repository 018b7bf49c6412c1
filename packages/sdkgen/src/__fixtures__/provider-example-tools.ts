import type { ToolFixture } from './tool-fixture.js';

// Shaped like the example tools in provider docs (strict function calling, OpenAPI-style
// `nullable`) and other popular MCP servers (memory graph, time, reasoning, calendars).
export const PROVIDER_EXAMPLE_TOOLS: readonly ToolFixture[] = [
  {
    name: 'get_weather',
    description: 'Retrieves current weather for the given location.',
    inputSchema: {
      type: 'object',
      properties: {
        location: { type: 'string', description: 'City and country e.g. Bogotá, Colombia' },
        units: { type: ['string', 'null'], enum: ['celsius', 'fahrenheit', null], description: 'Units the temperature will be returned in.' },
      },
      required: ['location', 'units'],
      additionalProperties: false,
    },
  },
  {
    name: 'get_stock_price',
    description: 'Get the current stock price for a given ticker symbol.',
    inputSchema: {
      type: 'object',
      properties: { ticker: { type: 'string', description: 'The stock ticker symbol, e.g. AAPL for Apple Inc.', pattern: '^[A-Z]{1,5}$' } },
      required: ['ticker'],
    },
    outputSchema: { type: 'object', properties: { price: { type: 'number', exclusiveMinimum: 0 }, currency: { type: 'string', minLength: 3, maxLength: 3 } } },
  },
  {
    name: 'schedule_meeting',
    description: 'Schedules a meeting with specified attendees at a given time and date.',
    inputSchema: {
      type: 'object',
      properties: {
        attendees: { type: 'array', items: { type: 'string', format: 'email' }, description: 'People attending the meeting.' },
        date: { type: 'string', description: 'Date of the meeting (e.g., "2024-07-29")' },
        time: { type: 'string', description: 'Time of the meeting (e.g., "15:00")' },
        topic: { type: 'string', nullable: true, description: 'The subject or topic of the meeting.' },
        recurrence: {
          oneOf: [
            { const: 'none' },
            { type: 'object', properties: { every: { type: 'integer', minimum: 1 }, unit: { enum: ['day', 'week', 'month'] } }, required: ['every', 'unit'] },
          ],
        },
      },
      required: ['attendees', 'date', 'time'],
    },
  },
  {
    name: 'create_entities',
    description: 'Create multiple new entities in the knowledge graph.',
    inputSchema: {
      type: 'object',
      properties: {
        entities: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              name: { type: 'string', description: 'The name of the entity' },
              entityType: { type: 'string', description: 'The type of the entity' },
              observations: { type: 'array', items: { type: 'string' }, description: 'An array of observation contents associated with the entity' },
            },
            required: ['name', 'entityType', 'observations'],
          },
        },
      },
      required: ['entities'],
    },
  },
  {
    name: 'convert_time',
    description: 'Convert time between timezones.',
    inputSchema: {
      type: 'object',
      properties: {
        source_timezone: { type: 'string', description: "Source IANA timezone name (e.g., 'America/New_York')." },
        time: { type: 'string', description: 'Time to convert in 24-hour format (HH:MM)' },
        target_timezone: { type: 'string', description: "Target IANA timezone name (e.g., 'Asia/Tokyo')." },
      },
      required: ['source_timezone', 'time', 'target_timezone'],
    },
  },
  {
    name: 'sequentialthinking',
    description:
      'A detailed tool for dynamic and reflective problem-solving through thoughts.\nEach thought can build on, question, or revise previous insights.\n\nUse it when the full scope of a problem is not clear at first.',
    inputSchema: {
      type: 'object',
      properties: {
        thought: { type: 'string', description: 'Your current thinking step' },
        nextThoughtNeeded: { type: 'boolean', description: 'Whether another thought step is needed' },
        thoughtNumber: { type: 'integer', description: 'Current thought number', minimum: 1 },
        totalThoughts: { type: 'integer', description: 'Estimated total thoughts needed', minimum: 1 },
        isRevision: { type: 'boolean' },
        branchId: { type: 'string' },
      },
      required: ['thought', 'nextThoughtNeeded', 'thoughtNumber', 'totalThoughts'],
    },
  },
  {
    name: 'set_http_headers',
    description: 'Set extra HTTP headers for the next requests (keys are header names).',
    inputSchema: {
      type: 'object',
      properties: {
        headers: {
          type: 'object',
          patternProperties: { '^[A-Za-z0-9-]+$': { type: 'string', maxLength: 8192 } },
          additionalProperties: false,
          maxProperties: 50,
        },
        'X-Request-Id': { type: 'string', description: 'Correlation id */ echoed back' },
        '2fa-code': { type: 'string', pattern: '^\\d{6}$' },
      },
      required: ['headers'],
    },
  },
  {
    name: 'update_ticket',
    description: 'Update fields of a tracker ticket.',
    inputSchema: {
      definitions: {
        Ref: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        Priority: { type: 'string', enum: ['low', 'medium', 'high', 'urgent'], deprecated: true },
      },
      allOf: [
        { $ref: '#/definitions/Ref' },
        {
          type: 'object',
          properties: {
            priority: { $ref: '#/definitions/Priority' },
            assignee: { oneOf: [{ $ref: '#/definitions/Ref' }, { type: 'null' }] },
            fields: { $ref: 'https://example.com/schemas/custom-fields.json' },
            status: { not: { const: 'deleted' }, type: 'string' },
          },
        },
      ],
    },
  },
  {
    name: 'annotate',
    description: 'Attach an annotation tree to a document span.',
    inputSchema: {
      type: 'object',
      properties: {
        span: { type: 'array', items: [{ type: 'integer' }, { type: 'integer' }], additionalItems: false, minItems: 2 },
        node: { $ref: '#/definitions/Node' },
        tags: { type: 'array', items: { type: 'string' }, uniqueItems: true, maxItems: 10 },
        meta: { type: 'object' },
        kind: { const: 'annotation' },
      },
      required: ['span', 'node'],
      definitions: {
        Node: {
          type: 'object',
          properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/definitions/Node' } }, parent: { $ref: '#' } },
          required: ['label'],
        },
      },
    },
  },
];
