// The SDKs are optional peer dependencies used for their types: the shipped code must not
// import them at run time, or installing one adapter would require every SDK.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SDKS = ['openai', '@anthropic-ai/sdk', '@google/genai'];
const sourceDir = fileURLToPath(new URL('.', import.meta.url));

function shippedFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__fixtures__' ? [] : shippedFiles(path);
    return /\.ts$/.test(entry.name) && !/\.(test|test-d|examples)\.ts$/.test(entry.name) ? [path] : [];
  });
}

function sdkImports(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+'([^']+)'/gm)) {
    const [, , typeOnly, specifier = ''] = match;
    if (SDKS.some((sdk) => specifier === sdk || specifier.startsWith(`${sdk}/`))) found.push(`${typeOnly ? 'type' : 'value'} ${specifier}`);
  }
  return found;
}

describe('SDK imports in shipped code', () => {
  it('are all type-only', () => {
    const files = shippedFiles(sourceDir);
    expect(files.length).toBeGreaterThan(20);
    const valueImports = files.flatMap((file) =>
      sdkImports(readFileSync(file, 'utf8'))
        .filter((found) => found.startsWith('value'))
        .map((found) => `${relative(sourceDir, file)}: ${found}`),
    );
    expect(valueImports).toEqual([]);
  });

  it('are found by the scan (it would catch a value import)', () => {
    expect(sdkImports("import OpenAI from 'openai';\nimport type { Tool } from '@google/genai';")).toEqual(['value openai', 'type @google/genai']);
  });
});
