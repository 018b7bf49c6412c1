import type { JsonObject } from '@toolcell/core';
import { defineTool, jsonOutput } from '@toolcell/core';
import type { ScriptedResponder } from '../../model/scripted/scripted-responder.js';
import { answerTurn, callTurn, execReturnValue, execTurn, parseResult, readHistory } from '../cassette-history.js';
import type { EvalFamily, EvalTask } from '../eval-task.js';
import { seededRandom } from '../seeded-random.js';

interface Invoice extends JsonObject {
  id: string;
  customer: string;
  status: string;
  amount_cents: number;
}

const THRESHOLD_CENTS = 100_000;

function invoices(seed: number): Invoice[] {
  const random = seededRandom(seed);
  return Array.from({ length: 40 }, (_, index) => ({
    id: `inv-${index + 1}`,
    customer: random.pick(['acme', 'globex', 'initech', 'hooli', 'wonka']),
    status: random.pick(['open', 'paid', 'overdue', 'overdue']),
    amount_cents: random.integer(10_000, 400_000),
  }));
}

/** The invoices the task must remind: overdue and over the threshold. */
export function toRemind(list: readonly Invoice[]): string[] {
  return list.filter((invoice) => invoice.status === 'overdue' && invoice.amount_cents > THRESHOLD_CENTS).map((invoice) => invoice.id);
}

const PROGRAM = `const { invoices } = await tools.list_invoices({ status: 'overdue' });
const due = invoices.filter((invoice) => invoice.amount_cents > ${THRESHOLD_CENTS});
for (const invoice of due) await tools.send_reminder({ invoice_id: invoice.id });
return due.map((invoice) => invoice.id);`;

// Direct: list the overdue invoices, then send every reminder in one parallel turn.
const direct: ScriptedResponder = (body) => {
  const history = readHistory(body);
  const listing = history.exchanges.find((exchange) => exchange.name === 'list_invoices');
  if (!listing) return callTurn(history, [{ name: 'list_invoices', arguments: { status: 'overdue' } }]);
  const due = toRemind((parseResult(listing) as { invoices: Invoice[] }).invoices);
  if (!history.exchanges.some((exchange) => exchange.name === 'send_reminder')) {
    return callTurn(history, due.map((id) => ({ name: 'send_reminder', arguments: { invoice_id: id } })));
  }
  return answerTurn(history, `Sent ${due.length} reminders: ${due.join(', ')}.`);
};

const program: ScriptedResponder = (body) => {
  const history = readHistory(body);
  const exec = history.exchanges.find((exchange) => exchange.name === 'exec');
  if (!exec) return execTurn(history, PROGRAM);
  const sent = execReturnValue(exec) as string[];
  return answerTurn(history, `Sent ${sent.length} reminders: ${sent.join(', ')}.`);
};

function task(index: number): EvalTask {
  const seed = 3_000 + index;
  return {
    family: 'filter_then_act',
    id: `filter_then_act-${index + 1}`,
    prompt: `Send a payment reminder (send_reminder) for every overdue invoice over ${THRESHOLD_CENTS} cents, once each, and no other. Say how many you sent.`,
    createFixture() {
      const list = invoices(seed);
      const reminded: string[] = [];
      const listInvoices = defineTool<{ status?: string }, JsonObject>({
        kind: 'function',
        name: 'list_invoices',
        description: 'List invoices, optionally only those with one status (open, paid or overdue).',
        readOnly: true,
        inputSchema: { type: 'object', properties: { status: { type: 'string', enum: ['open', 'paid', 'overdue'] } }, additionalProperties: false },
        execute: ({ status }) => jsonOutput({ invoices: list.filter((invoice) => status === undefined || invoice.status === status) }),
      });
      const sendReminder = defineTool<{ invoice_id: string }, JsonObject>({
        kind: 'function',
        name: 'send_reminder',
        description: 'Email the customer a payment reminder for one invoice. Needs approval.',
        needsApproval: true,
        inputSchema: { type: 'object', properties: { invoice_id: { type: 'string' } }, required: ['invoice_id'], additionalProperties: false },
        execute({ invoice_id }) {
          if (!list.some((invoice) => invoice.id === invoice_id)) throw new Error(`no invoice ${invoice_id}`);
          reminded.push(invoice_id);
          return jsonOutput({ invoice_id, sent: true });
        },
      });
      const expected = toRemind(list);
      return {
        tools: [listInvoices, sendReminder],
        check() {
          const sorted = [...reminded].sort();
          if (sorted.join() === [...expected].sort().join()) return { passed: true, detail: 'ok' };
          return { passed: false, detail: `reminded ${reminded.length} invoices, expected ${expected.length}` };
        },
      };
    },
    cassettes: { direct, code_mode: program, code_mode_only: program },
  };
}

/** Filter-then-act: pick records by a rule, then a write that needs approval for each. */
export const filterThenActFamily: EvalFamily = {
  name: 'filter_then_act',
  description: 'filter 40 invoices, then an approved send_reminder for each match',
  task,
};
