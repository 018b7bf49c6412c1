// The served stack over this process's stdio, for the stdio server test (run with tsx).
import { serveStdio } from '../server/serve-stdio.js';
import { createCodeModeStack } from './code-mode-stack.js';

const stack = await createCodeModeStack({ fallback: { ask: () => ({ type: 'approve' }) } });
await serveStdio(stack.server);
process.stdin.on('end', () => void stack.close().then(() => process.exit(0)));
