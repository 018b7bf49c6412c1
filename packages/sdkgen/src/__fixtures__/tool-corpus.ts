import { FILESYSTEM_TOOLS } from './filesystem-tools.js';
import { GITHUB_TOOLS } from './github-tools.js';
import { PROVIDER_EXAMPLE_TOOLS } from './provider-example-tools.js';
import { SEARCH_AND_WEB_TOOLS } from './search-and-web-tools.js';
import { SLACK_TOOLS } from './slack-tools.js';
import { SQL_TOOLS } from './sql-tools.js';
import type { ToolFixture } from './tool-fixture.js';

/** Every fixture, by name. */
export const TOOL_CORPUS: ReadonlyMap<string, ToolFixture> = new Map(
  [...FILESYSTEM_TOOLS, ...GITHUB_TOOLS, ...SLACK_TOOLS, ...SEARCH_AND_WEB_TOOLS, ...SQL_TOOLS, ...PROVIDER_EXAMPLE_TOOLS].map((fixture) => [
    fixture.name,
    fixture,
  ]),
);

/** The fixture named `name` (throws for a typo in a test). */
export function fixture(name: string): ToolFixture {
  const found = TOOL_CORPUS.get(name);
  if (!found) throw new Error(`no fixture named ${name}`);
  return found;
}
