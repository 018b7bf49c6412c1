/** One TODO comment found in the sample project. */
export interface Todo {
  /** Who it is assigned to: `TODO(name)`, or `unassigned`. */
  readonly owner: string;
  readonly path: string;
  readonly line: number;
  readonly text: string;
}

/** Where the demo writes its report, relative to the workspace. */
export const REPORT_PATH = 'TODO-REPORT.md';

/** The demo's task, as the person would type it. */
export const DEMO_TASK = `Find every TODO comment in this project, group them by owner, and write the list to ${REPORT_PATH}.`;

/** `TODO`, an optional `(owner)`, an optional colon, then the text. */
export const TODO_PATTERN = /\bTODO(?:\(([^)]+)\))?:?\s*(.*)$/;

/** The TODOs in a file's lines (`first` is the number of the first line). */
export function extractTodos(path: string, lines: readonly string[], first = 1): Todo[] {
  const todos: Todo[] = [];
  lines.forEach((text, index) => {
    const match = TODO_PATTERN.exec(text);
    if (match) todos.push({ owner: match[1] ?? 'unassigned', path, line: first + index, text: (match[2] ?? '').trim() });
  });
  return todos;
}

/**
 * The report: owners sorted by name (`unassigned` last), each with its TODOs by path and
 * line. The exec program in `todo-report-program.ts` builds the same text.
 */
export function formatTodoReport(todos: readonly Todo[]): string {
  const owners = [...new Set(todos.map((todo) => todo.owner))].sort((left, right) =>
    left === 'unassigned' ? 1 : right === 'unassigned' ? -1 : left < right ? -1 : left > right ? 1 : 0,
  );
  const files = new Set(todos.map((todo) => todo.path)).size;
  const lines = ['# TODO report', '', `${todos.length} TODOs from ${owners.length} owners in ${files} files.`];
  for (const owner of owners) {
    const mine = todos
      .filter((todo) => todo.owner === owner)
      .sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : left.line - right.line));
    lines.push('', `## ${owner} (${mine.length})`, '');
    for (const todo of mine) lines.push(`- ${todo.path}:${todo.line} — ${todo.text}`);
  }
  return `${lines.join('\n')}\n`;
}
