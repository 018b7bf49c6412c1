/** The lines of a text file, without their terminators (a final newline adds no empty line). */
export function textLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}
