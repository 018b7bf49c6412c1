/** A rough token count for the mock server's `usage` fields (about four characters a token). */
export function approximateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
