import { REPORT_PATH } from './todo-report.js';

/**
 * The program the demo's model sends to `exec` in code_mode_only: list the files, read
 * them all at once (one batch of parallel read-only calls), collect the TODOs and write
 * the report — the same text `formatTodoReport` builds in direct mode.
 */
export const TODO_REPORT_PROGRAM = `const listing = await tools.list_files({ path: "." });
const paths = listing.entries.filter((entry) => entry.type === "file").map((entry) => entry.path);
const files = await Promise.all(paths.map((path) => tools.read_file({ path })));

const pattern = /\\bTODO(?:\\(([^)]+)\\))?:?\\s*(.*)$/;
const todos = [];
for (const file of files) {
  file.content.split("\\n").forEach((text, index) => {
    const match = pattern.exec(text);
    if (match) todos.push({ owner: match[1] ?? "unassigned", path: file.path, line: file.start_line + index, text: (match[2] ?? "").trim() });
  });
}

const byName = (left, right) => (left === "unassigned" ? 1 : right === "unassigned" ? -1 : left < right ? -1 : left > right ? 1 : 0);
const owners = [...new Set(todos.map((todo) => todo.owner))].sort(byName);
const fileCount = new Set(todos.map((todo) => todo.path)).size;
const lines = ["# TODO report", "", \`\${todos.length} TODOs from \${owners.length} owners in \${fileCount} files.\`];
for (const owner of owners) {
  const mine = todos
    .filter((todo) => todo.owner === owner)
    .sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : left.line - right.line));
  lines.push("", \`## \${owner} (\${mine.length})\`, "");
  for (const todo of mine) lines.push(\`- \${todo.path}:\${todo.line} — \${todo.text}\`);
}

const written = await tools.write_file({ path: "${REPORT_PATH}", content: lines.join("\\n") + "\\n" });
return { report: written.path, todos: todos.length, owners };
`;
