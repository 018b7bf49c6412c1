// Each file is the `tools` of a `tools/list` answer, as an MCP server would send it (the
// schemas are written for these tests).
import filesystemTools from './filesystem-tools.json' with { type: 'json' };
import githubTools from './github-tools.json' with { type: 'json' };
import providerExampleTools from './provider-example-tools.json' with { type: 'json' };
import searchAndWebTools from './search-and-web-tools.json' with { type: 'json' };
import slackTools from './slack-tools.json' with { type: 'json' };
import sqlTools from './sql-tools.json' with { type: 'json' };
import type { ToolFixture } from './tool-fixture.js';
import { parseToolList } from './tool-fixture.js';

const LISTS = [
  // A filesystem server: paths, head/tail, edits with dry runs, trees.
  filesystemTools,
  // A GitHub server: owner/repo pairs, pagination, enums, nested file lists.
  githubTools,
  // A Slack server: channel ids, cursors, thread timestamps.
  slackTools,
  // Web-search, fetch and browser-automation servers.
  searchAndWebTools,
  // Database servers (Postgres, SQLite) and a Pydantic/FastMCP-generated schema.
  sqlTools,
  // The example tools in provider docs (strict function calling, OpenAPI-style `nullable`)
  // and other popular servers (memory graph, time, reasoning, calendars).
  providerExampleTools,
];

/** Every fixture, by name. */
export const TOOL_CORPUS: ReadonlyMap<string, ToolFixture> = new Map(LISTS.flatMap((list) => parseToolList(list)).map((fixture) => [fixture.name, fixture]));

/** The fixture named `name` (throws for a typo in a test). */
export function fixture(name: string): ToolFixture {
  const found = TOOL_CORPUS.get(name);
  if (!found) throw new Error(`no fixture named ${name}`);
  return found;
}
