// A vitest setup file: a test fails if an unhandled rejection or an uncaught exception
// escaped while it ran — with Node's defaults either would end a host process.
import { afterEach } from 'vitest';

const escaped = [];
const keep = (error) => {
  escaped.push(error);
};
process.on('unhandledRejection', keep);
process.on('uncaughtException', keep);

afterEach(async () => {
  // Node reports an unhandled rejection after the microtask queue drains: wait one turn.
  await new Promise((resolve) => setImmediate(resolve));
  const found = escaped.splice(0);
  if (found.length > 0) {
    const described = found.map((error) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)));
    throw new Error(`${found.length} error(s) escaped to the process during this test: ${described.join('; ')}`);
  }
});
