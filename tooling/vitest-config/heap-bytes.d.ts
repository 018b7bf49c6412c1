/**
 * Bytes of V8 heap in use after two forced collections, less compiled code and bytecode:
 * what a retention test compares before and after many cycles. Exposes `gc` on first use.
 */
export declare function heapBytes(): number;
