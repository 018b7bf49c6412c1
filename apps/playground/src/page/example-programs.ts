/** Programs a person can start from, by label. */
export const EXAMPLE_PROGRAMS: Readonly<Record<string, string>> = {
  'parallel reads': `// Three read-only calls in one batch: they run in parallel.
const { entries } = await tools.list_files({ path: 'src' });
const files = entries.filter((entry) => entry.type === 'file').slice(0, 3);
const texts = await Promise.all(files.map((file) => tools.read_file({ path: file.path })));
return texts.map((text) => ({ path: text.path, lines: text.total_lines }));`,
  'two writes (approve / deny)': `// write_file needs approval, nested or not: approve one, deny the other.
const first = await tools.write_file({ path: 'notes/first.md', content: '# first\\n' }).then(() => 'written', (error) => error.code);
const second = await tools.write_file({ path: 'notes/second.md', content: '# second\\n' }).then(() => 'written', (error) => error.code);
return { first, second };`,
  'TODO report': `// The demo's task in one program: find TODOs, group by owner, write the report.
const { matches } = await tools.search_text({ pattern: 'TODO\\\\((\\\\w+)\\\\)' });
const byOwner = {};
for (const match of matches) {
  const owner = /TODO\\((\\w+)\\)/.exec(match.text)[1];
  (byOwner[owner] ??= []).push(\`\${match.path}:\${match.line}\`);
}
const report = Object.entries(byOwner).map(([owner, places]) => \`## \${owner}\\n\${places.map((place) => '- ' + place).join('\\n')}\`).join('\\n\\n');
await tools.write_file({ path: 'TODO-REPORT.md', content: '# TODO report\\n\\n' + report + '\\n' });
return byOwner;`,
  'cell: yield, store, wait': `// @exec: {"yield_time_ms": 200}
// A cell: store a value, yield, and go on after the exec call returned.
store('started', { at: 'step 1' });
text('step 1 done\\n');
await yield_control();
const { entries } = await tools.list_files({});
store('count', entries.length);
return entries.length;`,
  'endless loop': `// Never ends: the sandbox's CPU budget stops it with EXEC_CPU_BUDGET.
while (true) {}`,
};

/** The program a fresh page opens with. */
export const DEFAULT_PROGRAM = EXAMPLE_PROGRAMS['parallel reads'] ?? '';
