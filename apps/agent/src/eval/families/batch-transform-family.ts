import type { JsonObject } from '@toolcell/core';
import { defineTool, jsonOutput } from '@toolcell/core';
import type { ScriptedResponder } from '../../model/scripted/scripted-responder.js';
import { answerJson, sameJson } from '../answer-json.js';
import type { Exchange } from '../cassette-history.js';
import { answerTurn, callTurn, execReturnValue, execTurn, parseResult, readHistory } from '../cassette-history.js';
import type { EvalFamily, EvalTask } from '../eval-task.js';
import { seededRandom } from '../seeded-random.js';
import { listingTool } from './listing-tool.js';

const ITEM_COUNT = 50;
const TRANSIENT = 'temporarily unavailable; retry';

interface Batch {
  readonly ids: string[];
  /** Fail on the first attempt only. */
  readonly flaky: ReadonlySet<string>;
  /** Fail on every attempt. */
  readonly broken: ReadonlySet<string>;
}

function batch(seed: number): Batch {
  const random = seededRandom(seed);
  const ids = Array.from({ length: ITEM_COUNT }, (_, index) => `r-${String(index + 1).padStart(2, '0')}`);
  const flaky = new Set(ids.filter(() => random.next() < 0.16));
  const broken = new Set(ids.filter((id) => !flaky.has(id) && random.next() < 0.06));
  return { ids, flaky, broken };
}

const PROGRAM = `const { ids } = await tools.list_records({});
const failed = [];
for (const id of ids) {
  try {
    await tools.normalize_record({ id });
  } catch (error) {
    if (!String(error.message).includes('retry')) { failed.push(id); continue; }
    try { await tools.normalize_record({ id }); } catch { failed.push(id); }
  }
}
return failed;`;

const failedIds = (exchanges: readonly Exchange[]) => exchanges.filter((exchange) => parseResult(exchange) === undefined).map((exchange) => String(exchange.arguments.id));

// Direct: list, normalize all 50 in one parallel turn, retry the transient failures once, report the rest.
const direct: ScriptedResponder = (body) => {
  const history = readHistory(body);
  const listing = history.exchanges.find((exchange) => exchange.name === 'list_records');
  if (!listing) return callTurn(history, [{ name: 'list_records', arguments: {} }]);
  const attempts = history.exchanges.filter((exchange) => exchange.name === 'normalize_record');
  if (attempts.length === 0) return callTurn(history, (parseResult(listing) as { ids: string[] }).ids.map((id) => ({ name: 'normalize_record', arguments: { id } })));
  const first = attempts.filter((exchange) => exchange.turn === attempts[0]!.turn);
  const retries = attempts.filter((exchange) => exchange.turn !== attempts[0]!.turn);
  const transient = first.filter((exchange) => exchange.result.includes('retry'));
  if (retries.length === 0 && transient.length > 0) return callTurn(history, transient.map((exchange) => ({ name: 'normalize_record', arguments: exchange.arguments })));
  const stillFailing = [...failedIds(first).filter((id) => !transient.some((exchange) => exchange.arguments.id === id)), ...failedIds(retries)].sort();
  return answerTurn(history, `Normalized the rest; these still fail: ${JSON.stringify(stillFailing)}`);
};

const program: ScriptedResponder = (body) => {
  const history = readHistory(body);
  const exec = history.exchanges.find((exchange) => exchange.name === 'exec');
  if (!exec) return execTurn(history, PROGRAM);
  return answerTurn(history, `Normalized the rest; these still fail: ${JSON.stringify(execReturnValue(exec))}`);
};

function task(index: number): EvalTask {
  const seed = 4_000 + index;
  return {
    family: 'batch_transform',
    id: `batch_transform-${index + 1}`,
    prompt: `Normalize all ${ITEM_COUNT} records (list_records, then normalize_record for each). A call that fails as "${TRANSIENT}" succeeds when retried once; answer with a JSON array of the ids that still fail.`,
    createFixture() {
      const { ids, flaky, broken } = batch(seed);
      const attempts = new Map<string, number>();
      const normalized = new Set<string>();
      const listRecords = listingTool({ name: 'list_records', description: 'The ids of every record to normalize.', list: () => ({ ids }) });
      const normalizeRecord = defineTool<{ id: string }, JsonObject>({
        kind: 'function',
        name: 'normalize_record',
        description: 'Normalize one record in place (trim, lower-case the email, ISO dates). May fail; the error says whether a retry can help.',
        inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false },
        execute({ id }) {
          const attempt = (attempts.get(id) ?? 0) + 1;
          attempts.set(id, attempt);
          if (!ids.includes(id)) throw new Error(`no record ${id}`);
          if (broken.has(id)) throw new Error(`record ${id} is corrupt and cannot be normalized`);
          if (flaky.has(id) && attempt === 1) throw new Error(`record store ${TRANSIENT}`);
          normalized.add(id);
          return jsonOutput({ id, normalized: true });
        },
      });
      const expectedFailures = [...broken].sort();
      return {
        tools: [listRecords, normalizeRecord],
        check(answer) {
          const missing = ids.filter((id) => !broken.has(id) && !normalized.has(id));
          if (missing.length > 0) return { passed: false, detail: `${missing.length} records were not normalized` };
          if (!sameJson(answerJson(answer), expectedFailures)) return { passed: false, detail: `the failures reported are not ${JSON.stringify(expectedFailures)}` };
          return { passed: true, detail: 'ok' };
        },
      };
    },
    cassettes: { direct, code_mode: program, code_mode_only: program },
  };
}

/** Batch transformation of 50 items where some calls fail and must be retried or reported. */
export const batchTransformFamily: EvalFamily = {
  name: 'batch_transform',
  description: '50 records, some calls fail: retry the transient ones, report the rest',
  task,
};
