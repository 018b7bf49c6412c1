// Each family's fixtures are deterministic and its check grades the final state and answer.
import type { FunctionToolDefinition, JsonObject, ToolContext, ToolDefinition } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { EVAL_ARMS } from './eval-arm.js';
import { EVAL_FAMILIES, evalTasks } from './eval-families.js';
import type { EvalFixture } from './eval-task.js';

async function call(fixture: EvalFixture, name: string, args: JsonObject): Promise<JsonObject> {
  const tool = fixture.tools.find((candidate: ToolDefinition) => candidate.name === name) as FunctionToolDefinition;
  return (await tool.execute(args, {} as ToolContext)).result.value as JsonObject;
}

const family = (name: string) => EVAL_FAMILIES.find((candidate) => candidate.name === name)!;

describe('eval families', () => {
  it('has six families with several seeded tasks each, a cassette per arm, and stable prompts', () => {
    expect(EVAL_FAMILIES.map((candidate) => candidate.name)).toEqual(['aggregation', 'multi_hop', 'filter_then_act', 'batch_transform', 'small_api', 'typed_program']);
    const tasks = evalTasks(3);
    expect(tasks).toHaveLength(18);
    expect(new Set(tasks.map((task) => task.id)).size).toBe(18);
    for (const task of tasks) expect(Object.keys(task.cassettes).sort()).toEqual([...EVAL_ARMS].sort());
    expect(evalTasks(3).map((task) => task.prompt)).toEqual(tasks.map((task) => task.prompt));
    // Seeds differ: the multi-hop start, the small-API pair and the number of notes change between tasks.
    expect(new Set(tasks.filter((task) => task.family !== 'aggregation' && task.family !== 'filter_then_act' && task.family !== 'batch_transform').map((task) => task.prompt)).size).toBe(9);
  });

  it('aggregation: 200 orders in four pages; only the exact per-customer totals pass', async () => {
    const fixture = family('aggregation').task(0).createFixture();
    const pages = [await call(fixture, 'list_orders', { page: 1 })];
    while (pages.at(-1)!.next_page !== null) pages.push(await call(fixture, 'list_orders', { page: pages.at(-1)!.next_page as number }));
    const orders = pages.flatMap((page) => page.orders as { customer: string; status: string; amount_cents: number }[]);
    expect(orders).toHaveLength(200);
    const totals: Record<string, number> = {};
    for (const order of orders) if (order.status === 'paid') totals[order.customer] = (totals[order.customer] ?? 0) + order.amount_cents;
    expect(fixture.check(`Here: ${JSON.stringify(totals)}.`)).toEqual({ passed: true, detail: 'ok' });
    const [first] = Object.keys(totals);
    expect(fixture.check(JSON.stringify({ ...totals, [first!]: totals[first!]! + 1 })).passed).toBe(false);
    expect(fixture.check('I could not add them up.').passed).toBe(false);
  });

  it('multi_hop: the answer must name the budget owner at the end of the chain', async () => {
    const task = family('multi_hop').task(1);
    const fixture = task.createFixture();
    const start = /employee (e-\d+)/.exec(task.prompt)![1]!;
    const employee = await call(fixture, 'get_employee', { id: start });
    const manager = await call(fixture, 'get_employee', { id: employee.manager_id as string });
    const grandManager = await call(fixture, 'get_employee', { id: manager.manager_id as string });
    const department = await call(fixture, 'get_department', { id: grandManager.department_id as string });
    const owner = await call(fixture, 'get_employee', { id: department.budget_owner_id as string });
    expect(fixture.check(`It is ${owner.name as string}.`).passed).toBe(true);
    expect(fixture.check(`It is ${manager.name as string}.`).passed).toBe(manager.name === owner.name);
    await expect(call(fixture, 'get_employee', { id: 'e-999' })).rejects.toThrow('no record with id "e-999"');
  });

  it('filter_then_act: graded on the reminders sent, whatever the answer says', async () => {
    const fixture = family('filter_then_act').task(0).createFixture();
    const overdue = (await call(fixture, 'list_invoices', { status: 'overdue' })).invoices as { id: string; amount_cents: number }[];
    const due = overdue.filter((invoice) => invoice.amount_cents > 100_000);
    expect(due.length).toBeGreaterThan(0);
    expect(fixture.check(`Sent ${due.length} reminders.`).passed).toBe(false);
    for (const invoice of due) await call(fixture, 'send_reminder', { invoice_id: invoice.id });
    expect(fixture.check('Done.').passed).toBe(true);
    // One reminder too many (a paid or small invoice) fails it again.
    const extra = overdue.find((invoice) => invoice.amount_cents <= 100_000) ?? overdue[0]!;
    await call(fixture, 'send_reminder', { invoice_id: extra.id });
    expect(fixture.check('Done.')).toMatchObject({ passed: false, detail: `reminded ${due.length + 1} invoices, expected ${due.length}` });
  });

  it('batch_transform: transient failures succeed on retry, corrupt records always fail and must be reported', async () => {
    const fixture = family('batch_transform').task(0).createFixture();
    const { ids } = (await call(fixture, 'list_records', {})) as { ids: string[] };
    expect(ids).toHaveLength(50);
    const failing: string[] = [];
    const transient: string[] = [];
    for (const id of ids) {
      await call(fixture, 'normalize_record', { id }).catch((error: Error) => (error.message.includes('retry') ? transient : failing).push(id));
    }
    expect(transient.length).toBeGreaterThan(0);
    expect(fixture.check(JSON.stringify(failing))).toMatchObject({ passed: false, detail: `${transient.length} records were not normalized` });
    for (const id of transient) await call(fixture, 'normalize_record', { id });
    expect(fixture.check(`These still fail: ${JSON.stringify(failing)}`).passed).toBe(true);
    expect(fixture.check('These still fail: []').passed).toBe(failing.length === 0);
  });

  it('small_api: the answer must state the rate the one call returns', async () => {
    const task = family('small_api').task(2);
    const fixture = task.createFixture();
    const [, from, to] = /from (\w+) to (\w+)/.exec(task.prompt)!;
    const { rate } = await call(fixture, 'get_exchange_rate', { from: from!, to: to! });
    expect(fixture.check(`1 ${from} is ${String(rate)} ${to}.`).passed).toBe(true);
    expect(fixture.check(`1 ${from} is ${String((rate as number) + 1)} ${to}.`).passed).toBe(false);
  });
});
