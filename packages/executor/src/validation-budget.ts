/**
 * Work units one argument check may spend: a schema node evaluated, an item or key it
 * walks, a pattern tested. Ajv's checks cannot be interrupted, so the bound is enforced
 * from inside them (the cost keyword, the pattern engine, `enum` and `uniqueItems`).
 * Each unit leaves at most one error object behind, so the bound caps memory as well as
 * time: 400,000 units are about 30 MiB of errors and 0.7-1.2 s with two cores shared
 * fifteen ways, at the worst.
 */
export const VALIDATION_BUDGET = 400_000;

/** Thrown from inside a check whose budget ran out; {@link withValidationBudget} turns it into `false`. */
class BudgetExhausted {}

let left = Number.POSITIVE_INFINITY;

/** Spend `units` of the running check's budget; unwinds the check when it runs out. */
export function spend(units: number): void {
  left -= units;
  if (left < 0) throw new BudgetExhausted();
}

/**
 * Run `check` (synchronous) with `units` to spend: its result, or `'exhausted'` when it
 * tried to spend more.
 */
export function withValidationBudget<T>(units: number, check: () => T): T | 'exhausted' {
  const outer = left;
  left = units;
  try {
    return check();
  } catch (error) {
    if (error instanceof BudgetExhausted) return 'exhausted';
    throw error;
  } finally {
    left = outer;
  }
}
