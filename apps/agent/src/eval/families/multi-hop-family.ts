import type { JsonObject } from '@toolcell/core';
import { defineTool, jsonOutput } from '@toolcell/core';
import type { ScriptedResponder } from '../../model/scripted/scripted-responder.js';
import { answerNames } from '../answer-json.js';
import { answerTurn, callTurn, execReturnValue, execTurn, parseResult, readHistory } from '../cassette-history.js';
import type { EvalFamily, EvalTask } from '../eval-task.js';
import { seededRandom } from '../seeded-random.js';

interface Employee extends JsonObject {
  id: string;
  name: string;
  manager_id: string | null;
  department_id: string;
}

interface Department extends JsonObject {
  id: string;
  name: string;
  budget_owner_id: string;
}

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken', 'Radia', 'Leslie', 'Margaret', 'Niklaus'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Thompson', 'Perlman', 'Lamport', 'Hamilton', 'Wirth'];

function organisation(seed: number): { employees: Employee[]; departments: Department[]; start: string } {
  const random = seededRandom(seed);
  const departments: Department[] = ['Research', 'Platform', 'Sales', 'Support'].map((name, index) => ({ id: `d-${index + 1}`, name, budget_owner_id: '' }));
  const employees: Employee[] = [];
  // Levels 0 (the top) to 3, four people a level at the top: each reports to someone one
  // level up, so every chain from level 3 is long enough.
  const levelOf = (index: number) => Math.min(3, Math.floor(index / 4));
  for (let index = 0; index < 40; index += 1) {
    const managers = employees.filter((_, candidate) => levelOf(candidate) === levelOf(index) - 1);
    employees.push({
      id: `e-${index + 1}`,
      name: `${FIRST[index % FIRST.length]} ${LAST[(index * 7 + seed) % LAST.length]} ${index + 1}`,
      manager_id: managers.length === 0 ? null : random.pick(managers).id,
      department_id: random.pick(departments).id,
    });
  }
  for (const department of departments) department.budget_owner_id = random.pick(employees.slice(0, 8)).id;
  return { employees, departments, start: random.pick(employees.slice(16)).id };
}

/** The name the question asks for: budget owner of the department of the start's manager's manager. */
export function expectedOwner(employees: readonly Employee[], departments: readonly Department[], start: string): string {
  const byId = (id: string | null) => employees.find((employee) => employee.id === id)!;
  const grandManager = byId(byId(byId(start).manager_id).manager_id);
  const department = departments.find((candidate) => candidate.id === grandManager.department_id)!;
  return byId(department.budget_owner_id).name;
}

const program = (start: string) => `const employee = await tools.get_employee({ id: ${JSON.stringify(start)} });
const manager = await tools.get_employee({ id: employee.manager_id });
const grandManager = await tools.get_employee({ id: manager.manager_id });
const department = await tools.get_department({ id: grandManager.department_id });
return (await tools.get_employee({ id: department.budget_owner_id })).name;`;

// Direct: each answer is the next call's argument, so one call per turn.
const direct =
  (start: string): ScriptedResponder =>
  (body) => {
    const history = readHistory(body);
    const last = parseResult(history.exchanges.at(-1)) as JsonObject | undefined;
    const step = history.exchanges.length;
    if (step === 0) return callTurn(history, [{ name: 'get_employee', arguments: { id: start } }]);
    if (step === 1 || step === 2) return callTurn(history, [{ name: 'get_employee', arguments: { id: String(last?.manager_id) } }]);
    if (step === 3) return callTurn(history, [{ name: 'get_department', arguments: { id: String(last?.department_id) } }]);
    if (step === 4) return callTurn(history, [{ name: 'get_employee', arguments: { id: String(last?.budget_owner_id) } }]);
    return answerTurn(history, `The budget owner is ${String(last?.name)}.`);
  };

const inProgram =
  (start: string): ScriptedResponder =>
  (body) => {
    const history = readHistory(body);
    const exec = history.exchanges.find((exchange) => exchange.name === 'exec');
    if (!exec) return execTurn(history, program(start));
    return answerTurn(history, `The budget owner is ${String(execReturnValue(exec))}.`);
  };

function lookup<Record extends JsonObject>(name: string, description: string, records: readonly Record[]) {
  return defineTool<{ id: string }, Record>({
    kind: 'function',
    name,
    description,
    readOnly: true,
    inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false },
    execute({ id }) {
      const found = records.find((record) => record.id === id);
      if (!found) throw new Error(`no record with id ${JSON.stringify(id)}`);
      return jsonOutput(found);
    },
  });
}

function task(index: number): EvalTask {
  const seed = 2_000 + index;
  const { start } = organisation(seed);
  return {
    family: 'multi_hop',
    id: `multi_hop-${index + 1}`,
    prompt: `Find the budget owner of the department that the manager of the manager of employee ${start} belongs to. Answer with their full name.`,
    createFixture() {
      const { employees, departments } = organisation(seed);
      const expected = expectedOwner(employees, departments, start);
      return {
        tools: [
          lookup('get_employee', 'One employee by id: name, manager_id (null at the top) and department_id.', employees),
          lookup('get_department', 'One department by id: name and budget_owner_id (an employee id).', departments),
        ],
        check: (answer) => (answerNames(answer, expected) ? { passed: true, detail: 'ok' } : { passed: false, detail: `the answer does not name ${expected}` }),
      };
    },
    cassettes: { direct: direct(start), code_mode: inProgram(start), code_mode_only: inProgram(start) },
  };
}

/** Multi-hop lookup: each answer is the next call's argument (five dependent calls). */
export const multiHopFamily: EvalFamily = {
  name: 'multi_hop',
  description: 'five dependent lookups: employee → manager → manager → department → owner',
  task,
};
