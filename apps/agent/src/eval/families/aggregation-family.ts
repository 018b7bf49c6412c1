import type { JsonObject } from '@toolcell/core';
import { defineTool, jsonOutput } from '@toolcell/core';
import type { ScriptedResponder } from '../../model/scripted/scripted-responder.js';
import { answerJson, sameJson } from '../answer-json.js';
import { answerTurn, callTurn, execReturnValue, execTurn, parseResult, readHistory } from '../cassette-history.js';
import type { EvalFamily, EvalTask } from '../eval-task.js';
import { seededRandom } from '../seeded-random.js';

interface Order extends JsonObject {
  id: string;
  customer: string;
  status: string;
  amount_cents: number;
}

const ORDER_COUNT = 200;
const PAGE_SIZE = 50;
const CUSTOMERS = ['acme', 'globex', 'initech', 'umbrella', 'hooli', 'stark', 'wayne', 'wonka', 'tyrell', 'cyberdyne'];

function orders(seed: number): Order[] {
  const random = seededRandom(seed);
  const customers = CUSTOMERS.slice(0, random.integer(5, CUSTOMERS.length));
  return Array.from({ length: ORDER_COUNT }, (_, index) => ({
    id: `o-${String(index + 1).padStart(3, '0')}`,
    customer: random.pick(customers),
    status: random.pick(['paid', 'paid', 'paid', 'refunded', 'pending']),
    amount_cents: random.integer(500, 250_000),
  }));
}

/** Per-customer totals of paid orders, the one fact the task asks for. */
export function paidTotals(list: readonly Order[]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const order of list) if (order.status === 'paid') totals[order.customer] = (totals[order.customer] ?? 0) + order.amount_cents;
  return totals;
}

const PROGRAM = `const totals = {};
for (let page = 1; page; ) {
  const { orders, next_page } = await tools.list_orders({ page });
  for (const order of orders) if (order.status === 'paid') totals[order.customer] = (totals[order.customer] ?? 0) + order.amount_cents;
  page = next_page;
}
return totals;`;

// Direct: page through the orders one request at a time, then add up what it read.
const direct: ScriptedResponder = (body) => {
  const history = readHistory(body);
  const pages = history.exchanges.filter((exchange) => exchange.name === 'list_orders').map((exchange) => parseResult(exchange) as { orders: Order[]; next_page: number | null });
  const next = pages.length === 0 ? 1 : pages.at(-1)!.next_page;
  if (next !== null) return callTurn(history, [{ name: 'list_orders', arguments: { page: next } }]);
  return answerTurn(history, `Paid totals per customer, in cents: ${JSON.stringify(paidTotals(pages.flatMap((page) => page.orders)))}`);
};

// Code modes: one program pages and sums; the answer quotes its return value.
const program: ScriptedResponder = (body) => {
  const history = readHistory(body);
  const exec = history.exchanges.find((exchange) => exchange.name === 'exec');
  if (!exec) return execTurn(history, PROGRAM);
  return answerTurn(history, `Paid totals per customer, in cents: ${JSON.stringify(execReturnValue(exec))}`);
};

function task(index: number): EvalTask {
  const seed = 1_000 + index;
  return {
    family: 'aggregation',
    id: `aggregation-${index + 1}`,
    prompt: `There are ${ORDER_COUNT} orders behind list_orders (paged). Total the amount_cents of every paid order per customer and answer with one JSON object {"customer": total_cents}.`,
    createFixture() {
      const list = orders(seed);
      const listOrders = defineTool<{ page?: number }, JsonObject>({
        kind: 'function',
        name: 'list_orders',
        description: `List orders, ${PAGE_SIZE} per page, oldest first. next_page is null on the last page.`,
        readOnly: true,
        inputSchema: { type: 'object', properties: { page: { type: 'integer', minimum: 1 } }, additionalProperties: false },
        outputSchema: {
          type: 'object',
          properties: {
            orders: {
              type: 'array',
              items: {
                type: 'object',
                properties: { id: { type: 'string' }, customer: { type: 'string' }, status: { type: 'string', enum: ['paid', 'refunded', 'pending'] }, amount_cents: { type: 'integer' } },
                required: ['id', 'customer', 'status', 'amount_cents'],
              },
            },
            next_page: { type: ['integer', 'null'] },
          },
          required: ['orders', 'next_page'],
        },
        execute({ page = 1 }) {
          const slice = list.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
          return jsonOutput({ orders: slice, next_page: page * PAGE_SIZE < list.length ? page + 1 : null });
        },
      });
      const expected = paidTotals(list);
      return {
        tools: [listOrders],
        check: (answer) =>
          sameJson(answerJson(answer), expected) ? { passed: true, detail: 'ok' } : { passed: false, detail: 'the totals differ from the paid orders' },
      };
    },
    cassettes: { direct, code_mode: program, code_mode_only: program },
  };
}

/** Aggregation over many records: 200 orders → per-customer totals of the paid ones. */
export const aggregationFamily: EvalFamily = {
  name: 'aggregation',
  description: '200 paged orders → per-customer totals of the paid ones',
  task,
};
