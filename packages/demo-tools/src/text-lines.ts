const decoder = new TextDecoder();

/** The lines of a text file, without their terminators (a final newline adds no empty line). */
export function textLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** Whether a file looks binary (a NUL byte in its first 8 KiB), so text tools skip it. */
export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8192).includes(0);
}

/** A file's bytes as text (invalid UTF-8 becomes U+FFFD). */
export function decodeText(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}
