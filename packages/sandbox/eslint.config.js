import { toolcellLint } from '@toolcell/eslint-config';

// The folders say what runs where (see "The sandbox's folders" in docs/architecture.md), and
// these rules keep it so. `contract/` is the public types; `shared/` is code both sides of a
// process boundary run; `guest/` runs with the QuickJS interpreter, wherever that is; `host/`
// is the transport-neutral host side; `node/` is Node-only. Tests may reach across folders.
const dirname = import.meta.dirname;

/**
 * The folders of `node/` where the guest side of a Node peer runs: `child/` (the child
 * process: its entry, `child-entry.ts`, and its stdin poll), `worker/` (the worker thread:
 * its entry, `worker-entry.ts`, which loads QuickJS with the module its host compiled, and
 * its answer wait) and `guest-side/` (the guest server both entries run). They may load
 * guest/; the Node parent, every other file of `node/`, loads none of them.
 */
const GUEST_SIDE_FOLDERS = ['child', 'worker', 'guest-side'];

/** Source files under `folder` that may import only from the folders in `allowed`. */
function onlyFrom(folder, allowed, message) {
  return { target: `./src/${folder}`, from: './src', except: allowed.map((name) => `./${name}`), message };
}

export default [
  ...toolcellLint({ packageDir: dirname }),
  {
    files: ['src/contract/**/*.ts', 'src/shared/**/*.ts', 'src/guest/**/*.ts', 'src/host/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-d.ts'],
    rules: {
      // Runtime-neutral folders: the root entry must load where Node built-ins do not exist.
      'import-x/no-nodejs-modules': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: dirname,
          zones: [
            onlyFrom('contract', ['contract'], 'contract/ is the public types: it imports nothing else of the sandbox.'),
            onlyFrom('shared', ['contract', 'shared'], 'shared/ runs on both sides of a boundary: it imports only contract/ and shared/.'),
            onlyFrom('guest', ['contract', 'shared', 'guest'], 'guest/ runs with QuickJS: it imports only contract/, shared/ and guest/.'),
            { target: './src/host', from: ['./src/node', './src/index.ts', './src/node.ts'], message: 'host/ is transport-neutral: it never imports node/ or an entry.' },
          ],
        },
      ],
    },
  },
  {
    // The Node parent: the files directly in node/ (the peers, the pool, the transports).
    files: ['src/node/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: dirname,
          zones: [
            {
              target: './src/node',
              from: ['./src/guest', ...GUEST_SIDE_FOLDERS.map((folder) => `./src/node/${folder}`)],
              message: `The Node parent never loads guest code; only node/${GUEST_SIDE_FOLDERS.join('/, node/')}/ (the child's and the worker's side, started by their *-entry.ts) do. Put what both sides need in shared/ or beside the frame codecs in node/.`,
            },
          ],
        },
      ],
    },
  },
];
