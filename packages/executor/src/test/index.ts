// @toolcell/executor/test: mocks of the executor's policy contracts for tests of code
// built on ToolRuntime. Adding an export is an API decision, as for the main entry.

export { RecordingPolicy } from './recording-policy.js';
export type { RecordingPolicyOptions } from './recording-policy.js';
