import type { JsonObject } from '@toolcell/core';
import { defineTool, jsonOutput } from '@toolcell/core';
import type { ScriptedResponder } from '../../model/scripted/scripted-responder.js';
import { answerJson, sameJson } from '../answer-json.js';
import { answerTurn, callTurn, execReturnValue, execTurn, parseResult, readHistory } from '../cassette-history.js';
import type { EvalFamily, EvalTask } from '../eval-task.js';
import { seededRandom } from '../seeded-random.js';
import { listingTool } from './listing-tool.js';

interface Note extends JsonObject {
  id: string;
  tag: string;
  text: string;
}

const TAGS = ['billing', 'outage', 'feature', 'question'];
const WORDS = ['invoice', 'server', 'please', 'export', 'login', 'slow', 'refund', 'dashboard', 'error', 'thanks'];

function notes(seed: number, count: number): Note[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, index) => ({
    id: `n-${String(index + 1).padStart(2, '0')}`,
    tag: random.pick(TAGS),
    text: Array.from({ length: random.integer(3, 40) }, () => random.pick(WORDS)).join(' '),
  }));
}

/** Words per tag over every note, the one fact the task asks for. */
export function wordsPerTag(list: readonly Note[]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const note of list) totals[note.tag] = (totals[note.tag] ?? 0) + note.text.split(/\s+/).filter(Boolean).length;
  return totals;
}

// The program as models write one: TypeScript (an interface, annotations, a generic Map,
// `as`, a non-null `!`), console.log for progress, and a Map as the result.
export const TYPED_PROGRAM = `interface Note { id: string; tag: string; text?: string }
const { notes } = (await tools.list_notes({})) as { notes: Note[] };
const bodies: Note[] = await Promise.all(notes.map((note: Note) => tools.get_note({ id: note.id }) as Promise<Note>));
const words = new Map<string, number>();
for (const note of bodies) {
  const count: number = note.text!.split(/\\s+/).filter(Boolean).length;
  words.set(note.tag, (words.get(note.tag) ?? 0) + count);
  console.log(\`\${note.id} (\${note.tag}): \${count} words\`);
}
console.info('words per tag:', words);
return words;`;

// Direct: list the notes, read them all in one turn, then add up what it read.
const direct: ScriptedResponder = (body) => {
  const history = readHistory(body);
  const listed = parseResult(history.exchanges.find((exchange) => exchange.name === 'list_notes')) as { notes: Note[] } | undefined;
  if (listed === undefined) return callTurn(history, [{ name: 'list_notes', arguments: {} }]);
  const read = history.exchanges.filter((exchange) => exchange.name === 'get_note').map((exchange) => parseResult(exchange) as Note);
  if (read.length === 0) return callTurn(history, listed.notes.map((note) => ({ name: 'get_note', arguments: { id: note.id } })));
  return answerTurn(history, `Words per tag: ${JSON.stringify(wordsPerTag(read))}`);
};

// Code modes: the typed program; the answer quotes its return value (the Map, as JSON).
const program: ScriptedResponder = (body) => {
  const history = readHistory(body);
  const exec = history.exchanges.find((exchange) => exchange.name === 'exec');
  if (!exec) return execTurn(history, TYPED_PROGRAM);
  return answerTurn(history, `Words per tag: ${JSON.stringify(execReturnValue(exec))}`);
};

function task(index: number): EvalTask {
  const seed = 6_000 + index;
  const count = 8 + 2 * index;
  return {
    family: 'typed_program',
    id: `typed_program-${index + 1}`,
    prompt: `There are ${count} support notes behind list_notes and get_note. Count the words of every note per tag and answer with one JSON object {"tag": words}.`,
    createFixture() {
      const list = notes(seed, count);
      const listNotes = listingTool({
        name: 'list_notes',
        description: 'List the support notes: id and tag of each (not the text).',
        outputSchema: {
          type: 'object',
          properties: { notes: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, tag: { type: 'string' } }, required: ['id', 'tag'] } } },
          required: ['notes'],
        },
        list: () => ({ notes: list.map(({ id, tag }) => ({ id, tag })) }),
      });
      const getNote = defineTool<{ id: string }, JsonObject>({
        kind: 'function',
        name: 'get_note',
        description: 'One support note with its text.',
        readOnly: true,
        inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false },
        outputSchema: { type: 'object', properties: { id: { type: 'string' }, tag: { type: 'string' }, text: { type: 'string' } }, required: ['id', 'tag', 'text'] },
        execute: ({ id }) => {
          const note = list.find((candidate) => candidate.id === id);
          if (note === undefined) throw new Error(`no note with id "${id}"`);
          return jsonOutput(note);
        },
      });
      const expected = wordsPerTag(list);
      return {
        tools: [listNotes, getNote],
        check: (answer) => (sameJson(answerJson(answer), expected) ? { passed: true, detail: 'ok' } : { passed: false, detail: 'the word counts per tag differ from the notes' }),
      };
    },
    cassettes: { direct, code_mode: program, code_mode_only: program },
  };
}

/**
 * Programs as models write them: the scripted model answers in TypeScript, logs with
 * console.log and returns a Map — what toolcell had to learn to accept (issue 35).
 */
export const typedProgramFamily: EvalFamily = {
  name: 'typed_program',
  description: 'a TypeScript program that logs with console.log and returns a Map',
  task,
};
