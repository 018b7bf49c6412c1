#!/usr/bin/env node
// The `toolcell` executable: `pnpm toolcell …` runs this file from source, `bin/toolcell.js`
// runs its build.
import { processIo } from './cli/cli-io.js';
import { runCli } from './cli/run-cli.js';

process.exitCode = await runCli(process.argv.slice(2), processIo());
