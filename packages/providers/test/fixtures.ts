// Reading recorded provider payloads from an adapter's `__fixtures__` folder.
import { readFileSync } from 'node:fs';

/** A JSON fixture, typed as the SDK type the recording is an instance of. */
export function readJsonFixture<Value>(url: URL): Value {
  return JSON.parse(readFileSync(url, 'utf8')) as Value;
}

/** A `.chunks.txt` fixture: one streamed chunk (an SSE `data:` payload) per line. */
export function readChunkFixture<Chunk>(url: URL): Chunk[] {
  return readFileSync(url, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Chunk);
}
