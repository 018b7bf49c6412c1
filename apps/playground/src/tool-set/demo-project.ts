// The reference app's sample project, the same files its demo copies, read at build time
// (Vite inlines them): one home for the demo data.
const sources = import.meta.glob('../../../agent/sample-project/**/*', { query: '?raw', import: 'default', eager: true });

const PREFIX = '../../../agent/sample-project/';

/** The demo project's files by workspace-relative path. */
export const DEMO_PROJECT: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(sources).map(([path, content]) => [path.slice(PREFIX.length), content as string]),
);
