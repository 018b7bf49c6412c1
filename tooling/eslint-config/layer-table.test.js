// docs/architecture.md's layer table and layers.js say the same thing: the "may import"
// column of each package is its LAYERS entry, and what the column says "in tests" is its
// TEST_LAYERS entry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LAYERS, TEST_LAYERS } from './layers.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** `core, registry and sandbox` → ['@toolcell/core', '@toolcell/registry', '@toolcell/sandbox'] */
function packageList(text) {
  return text
    .split(/,|\band\b/)
    .map((name) => name.trim())
    .filter((name) => name.length > 0)
    .map((name) => `@toolcell/${name}`);
}

/** Each package row of the table: its name, the packages its sources and its tests may import. */
function documentedLayers() {
  const page = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  const section = page.slice(page.indexOf('## Layers'), page.indexOf('## Dependency diagram'));
  const rows = new Map();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const name = /^\[`(@toolcell\/[a-z-]+)`\]/.exec(cells[2] ?? '')?.[1];
    if (name === undefined) continue;
    const column = cells[4] ?? '';
    const sources = column.replace(/\s*\(.*\)\s*$/, '');
    const notes = /\((.*)\)\s*$/.exec(column)?.[1] ?? '';
    const inTests = notes.split(';').map((note) => note.trim()).find((note) => note.endsWith(' in tests'));
    rows.set(name, {
      sources: sources.startsWith('nothing') ? [] : packageList(sources),
      tests: inTests === undefined ? [] : packageList(inTests.slice(0, -' in tests'.length)),
    });
  }
  return rows;
}

test('the table lists every package of layers.js, and no other', () => {
  assert.deepEqual([...documentedLayers().keys()].sort(), Object.keys(LAYERS).sort());
});

test("each package's sources may import what the table says", () => {
  for (const [name, { sources }] of documentedLayers()) {
    assert.deepEqual([...sources].sort(), [...LAYERS[name]].sort(), name);
  }
});

test("each package's tests may import what the table says they add", () => {
  for (const [name, { tests }] of documentedLayers()) {
    assert.deepEqual([...tests].sort(), [...(TEST_LAYERS[name] ?? [])].sort(), name);
  }
});
