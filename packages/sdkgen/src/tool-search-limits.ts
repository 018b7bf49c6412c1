import { ConfigurationError } from '@toolcell/core';

/** How many results `tool_search` returns. */
export interface ToolSearchLimits {
  /** Results when the query gives no `limit` (default 5). */
  readonly defaultLimit: number;
  /** The most results one query may ask for (default 20). */
  readonly maxLimit: number;
}

/** 5 results by default, at most 20. */
export const DEFAULT_TOOL_SEARCH_LIMITS: ToolSearchLimits = Object.freeze({ defaultLimit: 5, maxLimit: 20 });

/** The defaults overridden by `overrides`. Throws `ConfigurationError` unless 1 ≤ default ≤ max, both integers. */
export function resolveToolSearchLimits(overrides: Partial<ToolSearchLimits> = {}): ToolSearchLimits {
  const maxLimit = overrides.maxLimit ?? DEFAULT_TOOL_SEARCH_LIMITS.maxLimit;
  const defaultLimit = overrides.defaultLimit ?? Math.min(DEFAULT_TOOL_SEARCH_LIMITS.defaultLimit, maxLimit);
  if (!Number.isInteger(maxLimit) || maxLimit < 1) {
    throw new ConfigurationError({ setting: 'toolSearch.maxLimit', message: `${String(maxLimit)} is not a positive integer.` });
  }
  if (!Number.isInteger(defaultLimit) || defaultLimit < 1 || defaultLimit > maxLimit) {
    throw new ConfigurationError({
      setting: 'toolSearch.defaultLimit',
      message: `${String(defaultLimit)} must be an integer from 1 to maxLimit (${maxLimit}).`,
    });
  }
  return { defaultLimit, maxLimit };
}
