import type { ToolFixture } from './tool-fixture.js';

// Shaped like web-search, fetch and browser-automation MCP servers.
export const SEARCH_AND_WEB_TOOLS: readonly ToolFixture[] = [
  {
    name: 'brave_web_search',
    description: 'Perform a web search. Use for general queries, news, articles and online content. Supports pagination and freshness filters.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Search query (max 400 chars, 50 words)', maxLength: 400 },
        count: { type: 'number', description: 'Number of results (1-20, default 10)', minimum: 1, maximum: 20, default: 10 },
        offset: { type: 'number', description: 'Pagination offset (max 9, default 0)', minimum: 0, maximum: 9, default: 0 },
      },
      required: ['query'],
    },
  },
  {
    name: 'tavily_search',
    description: 'Search the web with an AI-optimized engine and get relevant, cited results.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string' },
        search_depth: { type: 'string', enum: ['basic', 'advanced'], default: 'basic' },
        topic: { type: 'string', enum: ['general', 'news'], default: 'general' },
        days: { type: 'number', description: 'Days back to search (news topic only)', default: 3 },
        time_range: { type: 'string', enum: ['day', 'week', 'month', 'year', 'd', 'w', 'm', 'y'] },
        include_domains: { type: 'array', items: { type: 'string' }, default: [] },
        include_images: { type: 'boolean', default: false },
      },
      required: ['query'],
    },
  },
  {
    name: 'fetch',
    description: 'Fetch a URL from the internet and extract its contents as markdown.',
    inputSchema: {
      type: 'object',
      title: 'Fetch',
      properties: {
        url: { type: 'string', format: 'uri', minLength: 1, title: 'Url', description: 'URL to fetch' },
        max_length: { type: 'integer', exclusiveMaximum: 1000000, exclusiveMinimum: 0, default: 5000, title: 'Max Length', description: 'Maximum number of characters to return.' },
        start_index: { type: 'integer', minimum: 0, default: 0, title: 'Start Index', description: 'Start returning output at this character index.' },
        raw: { type: 'boolean', default: false, title: 'Raw', description: 'Get the raw content without markdown conversion.' },
      },
      required: ['url'],
    },
  },
  {
    name: 'puppeteer_screenshot',
    description: 'Take a screenshot of the current page or of a specific element.',
    inputSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'Name for the screenshot' },
        selector: { type: 'string', description: 'CSS selector for the element to screenshot' },
        width: { type: 'number', description: 'Width in pixels (default: 800)' },
        height: { type: 'number', description: 'Height in pixels (default: 600)' },
      },
      required: ['name'],
    },
  },
  {
    name: 'browser_click',
    description: 'Perform a click on a web page element.',
    inputSchema: {
      type: 'object',
      properties: {
        element: { type: 'string', description: 'Human-readable element description used to obtain permission to interact with the element' },
        ref: { type: 'string', description: 'Exact target element reference from the page snapshot' },
        doubleClick: { type: 'boolean', description: 'Whether to perform a double click instead of a single click' },
        button: { type: 'string', enum: ['left', 'right', 'middle'], description: 'Button to click, defaults to left' },
        modifiers: { type: 'array', items: { type: 'string', enum: ['Alt', 'Control', 'ControlOrMeta', 'Meta', 'Shift'] } },
      },
      required: ['element', 'ref'],
      additionalProperties: false,
      $schema: 'http://json-schema.org/draft-07/schema#',
    },
  },
  {
    name: 'browser_evaluate',
    description: 'Evaluate a JavaScript expression on the page or on an element.',
    inputSchema: {
      type: 'object',
      properties: {
        function: { type: 'string', description: '() => { /* code */ } or (element) => { /* code */ } when an element is given' },
        element: { type: 'string' },
        ref: { type: 'string' },
      },
      required: ['function'],
      dependentRequired: { element: ['ref'] },
    },
  },
  {
    name: 'browser_set_viewport',
    description: 'Resize the browser window to a width and height in pixels.',
    inputSchema: {
      type: 'object',
      properties: {
        size: {
          description: 'Width and height',
          type: 'array',
          prefixItems: [
            { type: 'integer', minimum: 100, description: 'width' },
            { type: 'integer', minimum: 100, description: 'height' },
          ],
          minItems: 2,
          maxItems: 2,
        },
      },
      required: ['size'],
    },
  },
];
