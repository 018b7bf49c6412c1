import { afterEach } from 'vitest';

// The host never dies: anything the sandbox lets escape as an unhandled rejection or an
// uncaught exception fails the test that was running, instead of only being logged.

const escaped: unknown[] = [];
process.on('unhandledRejection', (reason) => escaped.push(reason));
process.on('uncaughtException', (error) => escaped.push(error));

afterEach(async () => {
  // Rejections are reported after a macrotask turn; let the last ones arrive.
  await new Promise((resolve) => setImmediate(resolve));
  if (escaped.length === 0) return;
  const found = escaped.splice(0).map((item) => (item instanceof Error ? `${item.name}: ${item.message}` : String(item)));
  throw new Error(`escaped to the host as unhandled errors: ${found.join('; ').slice(0, 2000)}`);
});
