// One cold resume, in a fresh `node` process (bench/durable-cells-store.ts spawns one per
// sample): import the stack from the built packages, open the file store at DIR and resume
// the cell SCOPE/SESSION/CELL whose approval was decided. Plain JavaScript, so no TypeScript
// loader is part of what is measured. Prints one JSON line: import, resume (of which in the
// store) and total ms.
import { performance } from 'node:perf_hooks';
import process from 'node:process';

const [directory, scope, session, cell, secret] = process.argv.slice(2);
const started = performance.now();
const [{ approvalCells }, { FileDurableStore }, { createInProcessTransport }] = await Promise.all([
  import('./durable-bench-cells.mjs'),
  import('@toolcell/durable-store/files'),
  import('@toolcell/sandbox'),
]);
const imported = performance.now();
const transport = createInProcessTransport({ prewarm: false });
const files = new FileDurableStore({ directory });
// The time spent in the store, summed (its calls during one resume are sequential).
let storeMs = 0;
const store = new Proxy(files, {
  get(target, property) {
    const value = Reflect.get(target, property);
    if (typeof value !== 'function') return value;
    return async (...args) => {
      const started = performance.now();
      try {
        return await value.apply(target, args);
      } finally {
        storeMs += performance.now() - started;
      }
    };
  },
});
const cells = approvalCells({ store, transport, keys: { current: { id: 'bench', secret } } });
const report = await cells.resume({ scope, session, cell });
const done = performance.now();
if (report.status !== 'completed') throw new Error(`not completed: ${JSON.stringify(report)}`);
process.stdout.write(JSON.stringify({ importMs: imported - started, resumeMs: done - imported, storeMs, totalMs: done - started }));
await transport.close();
