// The depth bound and its linear text scan have one home, in core (the executor checks
// arguments with them too); the sandbox applies them where JSON crosses its boundary.
export { MAX_JSON_DEPTH, jsonTextNestsDeeperThan as jsonNestsDeeperThan } from '@toolcell/core';
