import { ConfigurationError } from '@toolcell/core';
import type { EvalArm } from './eval-arm.js';
import { EVAL_ARMS } from './eval-arm.js';
import { DEFAULT_TASKS_PER_FAMILY } from './eval-families.js';

/**
 * `--arms direct,code_mode_only` → the arms, in the order given (default: all three).
 *
 * @throws ConfigurationError for an unknown, repeated or missing arm.
 */
export function parseArms(value: string | undefined): EvalArm[] {
  if (value === undefined) return [...EVAL_ARMS];
  const names = value.split(',').map((name) => name.trim());
  const arms: EvalArm[] = [];
  for (const name of names) {
    if (!(EVAL_ARMS as readonly string[]).includes(name)) {
      throw new ConfigurationError({ setting: '--arms', message: `${JSON.stringify(name)} is not an arm; use a comma-separated list of ${EVAL_ARMS.join(', ')}.` });
    }
    if (arms.includes(name as EvalArm)) throw new ConfigurationError({ setting: '--arms', message: `${name} is listed twice; name each arm once.` });
    arms.push(name as EvalArm);
  }
  return arms;
}

/**
 * `--tasks N` → tasks per family (default {@link DEFAULT_TASKS_PER_FAMILY}).
 *
 * @throws ConfigurationError for anything but a whole number from 1 to 100.
 */
export function parseTasksPerFamily(value: string | undefined): number {
  if (value === undefined) return DEFAULT_TASKS_PER_FAMILY;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 100) {
    throw new ConfigurationError({ setting: '--tasks', message: `${JSON.stringify(value)} is not a whole number from 1 to 100 (tasks per family).` });
  }
  return count;
}
