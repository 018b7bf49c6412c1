import type { FunctionToolDefinition, JsonSchema } from '@toolcell/core';
import { textOutput } from '@toolcell/core';

// A deterministic generator of tool sets that look like what agents are given: several
// services (as MCP servers would add them), CRUD-and-search verbs, 2–7 described
// parameters with enums, bounds and defaults, and an output schema on some tools.

const SERVICES: Record<string, readonly string[]> = {
  github: ['issue', 'pull_request', 'branch', 'release', 'workflow_run', 'repository'],
  gitlab: ['merge_request', 'pipeline', 'project', 'issue'],
  jira: ['ticket', 'sprint', 'board', 'comment'],
  slack: ['message', 'channel', 'reaction', 'user_group'],
  linear: ['issue', 'project', 'cycle'],
  notion: ['page', 'database', 'block'],
  gdrive: ['file', 'folder', 'permission'],
  postgres: ['table', 'query', 'index'],
  browser: ['tab', 'screenshot', 'cookie'],
  calendar: ['event', 'calendar', 'attendee'],
  gmail: ['email', 'draft', 'label', 'thread'],
  stripe: ['customer', 'invoice', 'subscription', 'refund'],
  sentry: ['issue', 'event', 'alert_rule'],
  datadog: ['monitor', 'dashboard', 'metric'],
  k8s: ['pod', 'deployment', 'service', 'config_map'],
  s3: ['bucket', 'object'],
  figma: ['file', 'component', 'comment'],
  hubspot: ['contact', 'deal', 'company'],
  zendesk: ['ticket', 'macro', 'user'],
  maps: ['place', 'route', 'geocode'],
  twilio: ['sms', 'call'],
  trello: ['card', 'list', 'board'],
  asana: ['task', 'project', 'section'],
  confluence: ['page', 'space'],
  salesforce: ['lead', 'opportunity', 'account'],
  docker: ['container', 'image', 'volume'],
  vercel: ['deployment', 'domain'],
  airtable: ['record', 'base'],
};
const VERBS = ['list', 'get', 'create', 'update', 'delete', 'search'] as const;
type Verb = (typeof VERBS)[number];

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const human = (noun: string): string => noun.replaceAll('_', ' ');

function parametersFor(verb: Verb, noun: string, service: string, next: () => number): { properties: Record<string, JsonSchema>; required: string[] } {
  const thing = human(noun);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const add = (name: string, schema: JsonSchema, isRequired = false) => {
    properties[name] = schema;
    if (isRequired) required.push(name);
  };
  if (['get', 'update', 'delete'].includes(verb)) add(`${noun}_id`, { type: 'string', description: `The ${service} ID of the ${thing}.` }, true);
  if (verb === 'list' || verb === 'search') {
    if (verb === 'search') add('query', { type: 'string', description: `Search text matched against ${thing} titles and content.`, minLength: 1 }, true);
    add('limit', { type: 'integer', description: `Maximum number of ${thing}s to return.`, minimum: 1, maximum: 100, default: 20 });
    add('cursor', { type: 'string', description: 'Pagination cursor from a previous response.' });
    if (next() < 0.6) add('sort', { type: 'string', enum: ['created', 'updated', 'name'], description: 'Sort field.', default: 'updated' });
    if (next() < 0.5) add('order', { type: 'string', enum: ['asc', 'desc'], default: 'desc' });
    if (next() < 0.4) add('created_after', { type: 'string', format: 'date-time', description: `Only ${thing}s created after this time.` });
    if (next() < 0.3) add('include_archived', { type: 'boolean', description: `Whether to include archived ${thing}s.`, default: false });
  }
  if (verb === 'create' || verb === 'update') {
    add('name', { type: 'string', description: `Display name of the ${thing}.`, maxLength: 255 }, verb === 'create');
    if (next() < 0.7) add('description', { type: 'string', description: `Longer description of the ${thing}, in Markdown.` });
    if (next() < 0.5) add('labels', { type: 'array', items: { type: 'string' }, description: `Labels to attach to the ${thing}.` });
    if (next() < 0.4) add('status', { type: 'string', enum: ['draft', 'active', 'paused', 'archived'], description: `Lifecycle status of the ${thing}.` });
    if (next() < 0.3) {
      add('metadata', {
        type: 'object',
        description: 'Extra key-value pairs stored with the record.',
        additionalProperties: { type: 'string' },
      });
    }
    if (next() < 0.3) {
      add('owner', {
        type: 'object',
        description: `Who owns the ${thing}.`,
        properties: { id: { type: 'string' }, email: { type: 'string', format: 'email' } },
        required: ['id'],
      });
    }
  }
  if (verb === 'get' && next() < 0.5) add('fields', { type: 'array', items: { type: 'string' }, description: 'Fields to include; all when omitted.' });
  if (verb === 'delete') add('force', { type: 'boolean', description: `Delete even if other records still reference the ${thing}.`, default: false });
  if (next() < 0.3) add('workspace', { type: 'string', description: `The ${service} workspace or organization; the default one when omitted.` });
  return { properties, required };
}

function outputFor(verb: Verb, noun: string): JsonSchema {
  const record: JsonSchema = {
    type: 'object',
    properties: { id: { type: 'string' }, name: { type: 'string' }, url: { type: 'string', format: 'uri' }, updated_at: { type: 'string', format: 'date-time' } },
    required: ['id'],
  };
  if (verb === 'list' || verb === 'search') {
    return { type: 'object', properties: { [`${noun}s`]: { type: 'array', items: record }, next_cursor: { type: ['string', 'null'] } }, required: [`${noun}s`] };
  }
  return verb === 'delete' ? { type: 'object', properties: { deleted: { type: 'boolean' } }, required: ['deleted'] } : record;
}

const DESCRIPTIONS: Record<Verb, (thing: string, service: string) => string> = {
  list: (thing, service) => `List ${thing}s in ${service}, newest first. Supports cursor pagination; use search_${thing.replaceAll(' ', '_')}s to match by text.`,
  get: (thing, service) => `Get one ${thing} from ${service} by ID, with its fields, timestamps and links.`,
  create: (thing, service) => `Create a new ${thing} in ${service}. Returns the created ${thing} with its ID and URL.`,
  update: (thing, service) => `Update fields of an existing ${thing} in ${service}. Only the fields given are changed.`,
  delete: (thing, service) => `Delete a ${thing} from ${service}. This cannot be undone.`,
  search: (thing, service) => `Search ${thing}s in ${service} by text. Results are ranked by relevance.`,
};

/** `count` distinct realistic tools, the same for the same count and seed. */
export function realisticTools(count: number, seed = 42): FunctionToolDefinition[] {
  const next = random(seed);
  const combos = Object.entries(SERVICES).flatMap(([service, nouns]) => nouns.flatMap((noun) => VERBS.map((verb) => ({ service, noun, verb }))));
  // Shuffle deterministically so small sets span many services.
  for (let index = combos.length - 1; index > 0; index -= 1) {
    const other = Math.floor(next() * (index + 1));
    [combos[index], combos[other]] = [combos[other]!, combos[index]!];
  }
  if (count > combos.length) throw new Error(`at most ${combos.length} tools`);
  return combos.slice(0, count).map(({ service, noun, verb }) => {
    const { properties, required } = parametersFor(verb, noun, service, next);
    const withOutput = next() < 0.25;
    return {
      kind: 'function',
      name: `${service}_${verb}_${noun}${verb === 'list' || verb === 'search' ? 's' : ''}`,
      description: DESCRIPTIONS[verb](human(noun), service),
      inputSchema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false },
      ...(withOutput ? { outputSchema: outputFor(verb, noun) } : {}),
      readOnly: verb === 'list' || verb === 'get' || verb === 'search',
      execute: () => textOutput('ok'),
    };
  });
}
