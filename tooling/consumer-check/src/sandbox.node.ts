// Node-only entry points. The `.node.ts` suffix keeps this file out of the bundler/DOM run.
export * as sandboxNode from '@toolcell/sandbox/node';
