// The types of durable-bench-cells.mjs, for durable-cells-store.ts.
import type { DurableCells } from '@toolcell/codemode';
import type { DurableStore } from '@toolcell/durable-store';
import type { DurableSandboxTransport, SealKeys } from '@toolcell/sandbox';

/** DurableCells over `store` and `transport` whose one tool, `approve`, needs approval, with an approval handler that defers. */
export declare function approvalCells(options: { readonly store: DurableStore; readonly transport: DurableSandboxTransport; readonly keys: SealKeys }): DurableCells;
