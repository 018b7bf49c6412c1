#!/usr/bin/env node
// The installed `toolcell` command runs the build; `pnpm toolcell` at the repository root
// runs the sources instead.
import '../dist/cli.js';
