import type { EvalFamily, EvalTask } from './eval-task.js';
import { aggregationFamily } from './families/aggregation-family.js';
import { batchTransformFamily } from './families/batch-transform-family.js';
import { filterThenActFamily } from './families/filter-then-act-family.js';
import { multiHopFamily } from './families/multi-hop-family.js';
import { smallApiFamily } from './families/small-api-family.js';
import { typedProgramFamily } from './families/typed-program-family.js';

/** Every family `toolcell eval` runs, in report order. */
export const EVAL_FAMILIES: readonly EvalFamily[] = [aggregationFamily, multiHopFamily, filterThenActFamily, batchTransformFamily, smallApiFamily, typedProgramFamily];

/** Tasks per family by default: enough for a median, fast enough for CI. */
export const DEFAULT_TASKS_PER_FAMILY = 3;

/** The first `count` seeded tasks of each family. */
export function evalTasks(count: number = DEFAULT_TASKS_PER_FAMILY, families: readonly EvalFamily[] = EVAL_FAMILIES): EvalTask[] {
  return families.flatMap((family) => Array.from({ length: count }, (_, index) => family.task(index)));
}
