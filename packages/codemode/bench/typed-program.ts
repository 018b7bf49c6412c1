/**
 * A program of about `lines` lines as a model writes one: typed helpers, a loop over tool
 * results, a Map, console.log. Without `typed`, the same program with its types left out.
 */
export function typedProgram(lines: number, typed: boolean): string {
  const t = (annotation: string) => (typed ? annotation : '');
  const block = (index: number) => [
    `${typed ? `interface Row${index} { id: number; name: string; score?: number }\n` : ''}function score${index}(row${t(`: Row${index}`)}, weight${t(': number')} = 1)${t(': number')} {`,
    `  const base${t(': number')} = row.score ?? row.name.length;`,
    `  return base * weight${t(' as number')};`,
    '}',
    `const rows${index}${t(`: Row${index}[]`)} = [1, 2, 3].map((id) => ({ id, name: 'row' + id }));`,
    `const byName${index} = new Map${t('<string, number>')}();`,
    `for (const row of rows${index}) byName${index}.set(row.name, score${index}(row${t('!')}, ${index}));`,
    `console.log('block ${index}', byName${index}.size);`,
  ];
  const body: string[] = [];
  // Whole blocks while they fit (so the program parses), then comment lines up to the count.
  for (let index = 0; ; index += 1) {
    const next = block(index).flatMap((line) => line.split('\n'));
    if (body.length + next.length > lines - 2) break;
    body.push(...next);
  }
  while (body.length < lines - 2) body.push(`// step ${body.length}`);
  return [...body, 'await tools.noop({});', 'return rows0.length;'].join('\n');
}
