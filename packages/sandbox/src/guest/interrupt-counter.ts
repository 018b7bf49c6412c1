import type { QuickJSContext, QuickJSRuntime } from 'quickjs-emscripten-core';
import type { WasmMemory } from './quickjs-instance.js';

/** QuickJS's `JS_INTERRUPT_COUNTER_INIT`: the count it resets the counter to at every poll. */
const QUICKJS_COUNT = 10_000;
/** How far into the context's struct the counter is looked for (it is at 232 in this build). */
const SEARCH_BYTES = 512;
/** The count the check sets, and the polls it must then see over its loop. */
const CHECK_COUNT = 3;
const CHECK_ITERATIONS = 60;

/**
 * QuickJS's interrupt counter in a context (`JSContext.interrupt_counter`, in the module's
 * linear memory). QuickJS polls the interrupt handler when it runs out, counting down one
 * per function call and loop iteration, and resets it to 10 000 at each poll, however much
 * each of those steps costs: a call that overflows the stack builds a stack trace of every
 * frame, milliseconds with long function names, and 10 000 of them ran for seconds past the
 * CPU budget. The handler sets the count for the next poll here instead; see
 * {@link InterruptCadence}.
 */
export class InterruptCounter {
  private words: Int32Array;

  private constructor(
    private readonly memory: WasmMemory,
    private readonly index: number,
  ) {
    this.words = new Int32Array(memory.buffer);
  }

  /** Where the counter is, in 32-bit words from the memory's start (part of a realm's wiring). */
  get wordIndex(): number {
    return this.index;
  }

  /** The counter at `wordIndex` (a {@link wordIndex} found in a realm whose memory this one's was restored from). */
  static at(memory: WasmMemory, wordIndex: number): InterruptCounter {
    return new InterruptCounter(memory, wordIndex);
  }

  /**
   * Find the counter of `context` (its only context, with no interrupt handler yet, before
   * any program) and check that writing it changes how often QuickJS polls; `undefined` when
   * it cannot be found for sure (another QuickJS build): QuickJS then keeps its own count.
   */
  static locate(memory: WasmMemory, runtime: QuickJSRuntime, context: QuickJSContext): InterruptCounter | undefined {
    // The pointer is the context's own (quickjs-emscripten keeps it protected, not private).
    const base = (context as unknown as { ctx: { value: number } }).ctx.value;
    let found: number[] | undefined;
    let counter: InterruptCounter | undefined;
    let polls = 0;
    runtime.setInterruptHandler(() => {
      if (found === undefined) {
        // QuickJS has just reset its counter: it is the word that holds its count now.
        const words = new Int32Array(memory.buffer, base, SEARCH_BYTES / 4);
        found = [];
        for (let index = 0; index < words.length; index += 1) if (words[index] === QUICKJS_COUNT) found.push(index * 4);
      } else if (counter !== undefined) {
        polls += 1;
        counter.set(CHECK_COUNT);
      }
      return false;
    });
    try {
      // The counter of a new context is 0: the first step polls.
      context.evalCode('for (let i = 0; i < 2; i++) {}').dispose();
      if (found?.length !== 1) return undefined;
      counter = new InterruptCounter(memory, (base + (found[0] as number)) / 4);
      counter.set(CHECK_COUNT);
      context.evalCode(`for (let i = 0; i < ${CHECK_ITERATIONS}; i++) {}`).dispose();
      // One poll every CHECK_COUNT steps, against none with QuickJS's own count.
      if (polls >= CHECK_ITERATIONS / CHECK_COUNT / 2) return counter;
      counter.set(QUICKJS_COUNT);
      return undefined;
    } finally {
      runtime.removeInterruptHandler();
    }
  }

  /** Poll again after `count` more steps (at least 1). */
  set(count: number): void {
    // The memory grows with the heap, which replaces its buffer.
    if (this.words.buffer !== this.memory.buffer) this.words = new Int32Array(this.memory.buffer);
    this.words[this.index] = count;
  }
}
