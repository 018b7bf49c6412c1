import { describe, expect, it } from 'vitest';
import { fixture, TOOL_CORPUS } from './__fixtures__/tool-corpus.js';
import { toolFromFixture } from './__fixtures__/tool-fixture.js';
import { renderBindingSignature } from './binding-signature.js';

// One inline snapshot per corpus tool: the signature a model reads for it.
const signature = (name: string): string => renderBindingSignature({ canonicalName: name, jsName: name, tool: toolFromFixture(fixture(name)) });

describe('signatures of the tool corpus', () => {
  it('covers 30+ tools', () => {
    expect(TOOL_CORPUS.size).toBeGreaterThanOrEqual(30);
  });

  it('read_text_file', () => {
    expect(signature('read_text_file')).toMatchInlineSnapshot(`
      "tools.read_text_file(args: {
        path: string;
        head?: number; // If provided, returns only the first N lines of the file
        tail?: number; // If provided, returns only the last N lines of the file
      }): Promise<unknown>"
    `);
  });

  it('read_multiple_files', () => {
    expect(signature('read_multiple_files')).toMatchInlineSnapshot(`
      "tools.read_multiple_files(args: {
        paths: string[]; // non-empty
      }): Promise<unknown>"
    `);
  });

  it('edit_file', () => {
    expect(signature('edit_file')).toMatchInlineSnapshot(`
      "tools.edit_file(args: {
        path: string;
        edits: {
          oldText: string; // Text to search for - must match exactly
          newText: string; // Text to replace with
        }[];
        dryRun?: boolean; // Preview changes using git-style diff format (default: false)
      }): Promise<unknown>"
    `);
  });

  it('directory_tree', () => {
    expect(signature('directory_tree')).toMatchInlineSnapshot(`
      "tools.directory_tree(args: { path: string }): Promise<Entry[]>
      // A file or a directory with its children.
      type Entry = { name: string; type: 'file' | 'directory'; children?: Entry[] };"
    `);
  });

  it('search_files', () => {
    expect(signature('search_files')).toMatchInlineSnapshot(`
      "tools.search_files(args: {
        path: string;
        pattern: string;
        excludePatterns?: string[]; // default: []
      }): Promise<unknown>"
    `);
  });

  it('get_file_info', () => {
    expect(signature('get_file_info')).toMatchInlineSnapshot(`
      "tools.get_file_info(args: { path: string }): Promise<{
        size: number; // integer, >= 0
        created?: string; // format: date-time
        modified: string; // format: date-time
        isDirectory: boolean;
        permissions?: string; // pattern: ^[0-7]{3}$
      }>"
    `);
  });

  it('create_issue', () => {
    expect(signature('create_issue')).toMatchInlineSnapshot(`
      "tools.create_issue(args: {
        owner: string; // Repository owner
        repo: string; // Repository name
        title: string; // Issue title
        body?: string; // Issue body content
        assignees?: string[]; // Usernames to assign to this issue
        labels?: string[]; // Labels to apply to this issue
        milestone?: number; // Milestone number
      }): Promise<{
        number: number; // integer
        html_url: string; // format: uri
        state?: 'open' | 'closed';
      }>"
    `);
  });

  it('list_issues', () => {
    expect(signature('list_issues')).toMatchInlineSnapshot(`
      "tools.list_issues(args: {
        owner: string;
        repo: string;
        state?: 'open' | 'closed' | 'all'; // Filter by state
        labels?: string[];
        sort?: 'created' | 'updated' | 'comments';
        direction?: 'asc' | 'desc';
        since?: string; // Only issues updated at or after this time (format: date-time)
        page?: number; // >= 1
        perPage?: number; // >= 1, <= 100
      }): Promise<unknown>"
    `);
  });

  it('search_repositories', () => {
    expect(signature('search_repositories')).toMatchInlineSnapshot(`
      "tools.search_repositories(args: {
        query: string; // Search query (see GitHub search syntax)
        page?: number; // Page number for pagination (default: 1)
        perPage?: number; // Number of results per page (default: 30, max: 100)
      }): Promise<unknown>"
    `);
  });

  it('push_files', () => {
    expect(signature('push_files')).toMatchInlineSnapshot(`
      "tools.push_files(args: {
        owner: string;
        repo: string;
        branch: string; // Branch to push to, e.g. 'main'
        files: { path: string; content: string }[]; // Files to push
        message: string; // Commit message
      }): Promise<unknown>"
    `);
  });

  it('create_pull_request_review', () => {
    expect(signature('create_pull_request_review')).toMatchInlineSnapshot(`
      "tools.create_pull_request_review(args: {
        owner: string;
        repo: string;
        pull_number: number; // integer, > 0
        event: 'APPROVE' | 'REQUEST_CHANGES' | 'COMMENT';
        body?: string;
        comments?: ({
          path: string;
          line: number; // integer
          body: string;
        } /* A comment on a line of the diff */ | {
          path: string;
          position: number; // integer
          body: string;
        } /* A comment on a position in the diff (deprecated) */)[];
      }): Promise<unknown>"
    `);
  });

  it('get_file_contents', () => {
    expect(signature('get_file_contents')).toMatchInlineSnapshot(`
      "tools.get_file_contents(args: {
        owner: string;
        repo: string;
        path: string;
        ref?: string; // Branch, tag or commit SHA
      }): Promise<{
        type: 'file';
        encoding?: 'base64';
        content: string; // encoding: base64
        sha: string;
      } | { type: 'file' | 'dir' | 'symlink' | 'submodule'; path: string }[]>"
    `);
  });

  it('slack_list_channels', () => {
    expect(signature('slack_list_channels')).toMatchInlineSnapshot(`
      "tools.slack_list_channels(args: {
        limit?: number; // Maximum number of channels to return (default 100, max 200) (default: 100)
        cursor?: string; // Pagination cursor for next page of results
      }): Promise<unknown>"
    `);
  });

  it('slack_post_message', () => {
    expect(signature('slack_post_message')).toMatchInlineSnapshot(`
      "tools.slack_post_message(args: {
        channel_id: string; // The ID of the channel to post to
        text: string; // The message text to post
      }): Promise<{ ok: boolean; ts?: string }>"
    `);
  });

  it('slack_reply_to_thread', () => {
    expect(signature('slack_reply_to_thread')).toMatchInlineSnapshot(`
      "tools.slack_reply_to_thread(args: {
        channel_id: string; // The ID of the channel containing the thread
        thread_ts: string; // The timestamp of the parent message in the format '1234567890.123456'. (pattern: ^\\d+\\.\\d+$)
        text: string; // The reply text
      }): Promise<unknown>"
    `);
  });

  it('slack_add_reaction', () => {
    expect(signature('slack_add_reaction')).toMatchInlineSnapshot(`
      "tools.slack_add_reaction(args: {
        channel_id: string;
        timestamp: string; // The timestamp of the message to react to
        reaction: string; // The name of the emoji reaction (without ::)
      }): Promise<unknown>"
    `);
  });

  it('slack_get_users', () => {
    expect(signature('slack_get_users')).toMatchInlineSnapshot(`
      "tools.slack_get_users(args: {
        cursor?: string;
        limit?: number; // default: 100
      }): Promise<{
        members?: {
          id?: string;
          name?: string;
          'profile.real_name'?: string; // Flattened display field
          is_bot?: boolean;
        }[];
        next_cursor?: string | null;
      }>"
    `);
  });

  it('brave_web_search', () => {
    expect(signature('brave_web_search')).toMatchInlineSnapshot(`
      "tools.brave_web_search(args: {
        query: string; // Search query (max 400 chars, 50 words) (max 400 chars)
        count?: number; // Number of results (1-20, default 10) (>= 1, <= 20, default: 10)
        offset?: number; // Pagination offset (max 9, default 0) (>= 0, <= 9, default: 0)
      }): Promise<unknown>"
    `);
  });

  it('tavily_search', () => {
    expect(signature('tavily_search')).toMatchInlineSnapshot(`
      "tools.tavily_search(args: {
        query: string;
        search_depth?: 'basic' | 'advanced'; // default: 'basic'
        topic?: 'general' | 'news'; // default: 'general'
        days?: number; // Days back to search (news topic only) (default: 3)
        time_range?: 'day' | 'week' | 'month' | 'year' | 'd' | 'w' | 'm' | 'y';
        include_domains?: string[]; // default: []
        include_images?: boolean; // default: false
      }): Promise<unknown>"
    `);
  });

  it('fetch', () => {
    expect(signature('fetch')).toMatchInlineSnapshot(`
      "tools.fetch(args: {
        url: string; // URL to fetch (non-empty, format: uri)
        max_length?: number; // Maximum number of characters to return. (integer, > 0, < 1000000, default: 5000)
        start_index?: number; // Start returning output at this character index. (integer, >= 0, default: 0)
        raw?: boolean; // Get the raw content without markdown conversion. (default: false)
      }): Promise<unknown>"
    `);
  });

  it('puppeteer_screenshot', () => {
    expect(signature('puppeteer_screenshot')).toMatchInlineSnapshot(`
      "tools.puppeteer_screenshot(args: {
        name: string; // Name for the screenshot
        selector?: string; // CSS selector for the element to screenshot
        width?: number; // Width in pixels (default: 800)
        height?: number; // Height in pixels (default: 600)
      }): Promise<unknown>"
    `);
  });

  it('browser_click', () => {
    expect(signature('browser_click')).toMatchInlineSnapshot(`
      "tools.browser_click(args: {
        element: string; // Human-readable element description used to obtain permission to interact with the element
        ref: string; // Exact target element reference from the page snapshot
        doubleClick?: boolean; // Whether to perform a double click instead of a single click
        button?: 'left' | 'right' | 'middle'; // Button to click, defaults to left
        modifiers?: ('Alt' | 'Control' | 'ControlOrMeta' | 'Meta' | 'Shift')[];
      }): Promise<unknown>"
    `);
  });

  it('browser_evaluate', () => {
    expect(signature('browser_evaluate')).toMatchInlineSnapshot(`
      "tools.browser_evaluate(args: {
        function: string; // () => { /* code */ } or (element) => { /* code */ } when an element is given
        element?: string;
        ref?: string;
      } /* dependentRequired: not shown; the JSON Schema is authoritative */): Promise<unknown>"
    `);
  });

  it('browser_set_viewport', () => {
    expect(signature('browser_set_viewport')).toMatchInlineSnapshot(`
      "tools.browser_set_viewport(args: {
        size: [number /* width (integer, >= 100) */, number /* height (integer, >= 100) */]; // Width and height
      }): Promise<unknown>"
    `);
  });

  it('query', () => {
    expect(signature('query')).toMatchInlineSnapshot(`
      "tools.query(args: { sql?: string }): Promise<{
        columns: string[];
        rows: (string | number | boolean | null)[][];
        rowCount?: number; // integer
      }>"
    `);
  });

  it('write_query', () => {
    expect(signature('write_query')).toMatchInlineSnapshot(`
      "tools.write_query(args: {
        query: string; // SQL query to execute
        params?: (string | number | null)[]; // Positional parameters bound to ? placeholders
      }): Promise<unknown>"
    `);
  });

  it('describe_table', () => {
    expect(signature('describe_table')).toMatchInlineSnapshot(`
      "tools.describe_table(args: {
        table_name: string; // Name of the table to describe
      }): Promise<Record<string, { type: string; nullable: boolean; default?: unknown }>>"
    `);
  });

  it('run_report', () => {
    expect(signature('run_report')).toMatchInlineSnapshot(`
      "tools.run_report(args: {
        report_id: string;
        range: DateRange;
        filters?: Filter[]; // default: []
        format?: 'csv' | 'json' | null; // default: 'json'
      }): Promise<unknown>
      type DateRange = {
        start: string; // format: date
        end?: string /* format: date */ | null; // default: null
      };
      type Filter = { column: string; op: '=' | '!=' | '<' | '>' | 'in'; value: unknown };"
    `);
  });

  it('get_weather', () => {
    expect(signature('get_weather')).toMatchInlineSnapshot(`
      "tools.get_weather(args: {
        location: string; // City and country e.g. Bogotá, Colombia
        units: 'celsius' | 'fahrenheit' | null; // Units the temperature will be returned in.
      }): Promise<unknown>"
    `);
  });

  it('get_stock_price', () => {
    expect(signature('get_stock_price')).toMatchInlineSnapshot(`
      "tools.get_stock_price(args: {
        ticker: string; // The stock ticker symbol, e.g. AAPL for Apple Inc. (pattern: ^[A-Z]{1,5}$)
      }): Promise<{
        price?: number; // > 0
        currency?: string; // exactly 3 chars
      }>"
    `);
  });

  it('schedule_meeting', () => {
    expect(signature('schedule_meeting')).toMatchInlineSnapshot(`
      "tools.schedule_meeting(args: {
        attendees: string[]; // People attending the meeting. (items: format: email)
        date: string; // Date of the meeting (e.g., "2024-07-29")
        time: string; // Time of the meeting (e.g., "15:00")
        topic?: string | null; // The subject or topic of the meeting.
        recurrence?: 'none' | {
          every: number; // integer, >= 1
          unit: 'day' | 'week' | 'month';
        };
      }): Promise<unknown>"
    `);
  });

  it('create_entities', () => {
    expect(signature('create_entities')).toMatchInlineSnapshot(`
      "tools.create_entities(args: {
        entities: {
          name: string; // The name of the entity
          entityType: string; // The type of the entity
          observations: string[]; // An array of observation contents associated with the entity
        }[];
      }): Promise<unknown>"
    `);
  });

  it('convert_time', () => {
    expect(signature('convert_time')).toMatchInlineSnapshot(`
      "tools.convert_time(args: {
        source_timezone: string; // Source IANA timezone name (e.g., 'America/New_York').
        time: string; // Time to convert in 24-hour format (HH:MM)
        target_timezone: string; // Target IANA timezone name (e.g., 'Asia/Tokyo').
      }): Promise<unknown>"
    `);
  });

  it('sequentialthinking', () => {
    expect(signature('sequentialthinking')).toMatchInlineSnapshot(`
      "tools.sequentialthinking(args: {
        thought: string; // Your current thinking step
        nextThoughtNeeded: boolean; // Whether another thought step is needed
        thoughtNumber: number; // Current thought number (integer, >= 1)
        totalThoughts: number; // Estimated total thoughts needed (integer, >= 1)
        isRevision?: boolean;
        branchId?: string;
      }): Promise<unknown>"
    `);
  });

  it('set_http_headers', () => {
    expect(signature('set_http_headers')).toMatchInlineSnapshot(`
      "tools.set_http_headers(args: {
        headers: Record<string, string>; // max 50 keys, keys matching ^[A-Za-z0-9-]+$, values: max 8192 chars
        'X-Request-Id'?: string; // Correlation id */ echoed back
        '2fa-code'?: string; // pattern: ^\\d{6}$
      }): Promise<unknown>"
    `);
  });

  it('update_ticket', () => {
    expect(signature('update_ticket')).toMatchInlineSnapshot(`
      "tools.update_ticket(args: Ref & {
        priority?: Priority;
        assignee?: Ref | null;
        fields?: unknown; // non-local $ref https://example.com/schemas/custom-fields.json: not shown; the JSON Schema is authoritative
        status?: string; // not: not shown; the JSON Schema is authoritative
      }): Promise<unknown>
      type Ref = { id: string };
      // deprecated
      type Priority = 'low' | 'medium' | 'high' | 'urgent';"
    `);
  });

  it('annotate', () => {
    expect(signature('annotate')).toMatchInlineSnapshot(`
      "tools.annotate(args: Args): Promise<unknown>
      type Args = {
        span: [number /* integer */, number /* integer */];
        node: Node;
        tags?: string[]; // max 10 items, unique
        meta?: Record<string, unknown>;
        kind?: 'annotation';
      };
      type Node = { label: string; children?: Node[]; parent?: Args };"
    `);
  });
});
