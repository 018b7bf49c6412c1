// A throwaway PostgreSQL cluster for tests and benches that need a real server: initdb on a
// temp directory (as the `postgres` user when we are root: initdb refuses root), the server
// on a free loopback port with durability off (fast on a busy machine), stop/start to play a
// server that goes away, close to remove it. Used by durable-store's globalSetup and by
// codemode's durable-cell fault tests and bench.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

const SERVER_USER = 'postgres';
/** Generous: initdb and the first start take seconds on a loaded 2-core machine. */
const START_TIMEOUT_S = 180;

function serverBinaries() {
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch (error) {
    throw new Error(
      'These tests start a throwaway PostgreSQL 15 server, but `pg_config` was not found on PATH. ' +
        'Install the server (Debian/Ubuntu: `apt-get install postgresql-15 postgresql-server-dev-15`, or `postgresql` and `libpq-dev`; ' +
        'macOS: `brew install postgresql@15`) and make sure `pg_config --bindir` names its folder.',
      { cause: error },
    );
  }
}

/** Run a server binary as the server user: as ourselves, or through runuser when we are root. */
function asServerUser(binary, args, root) {
  const [command, commandArgs] = root ? ['runuser', ['-u', SERVER_USER, '--', binary, ...args]] : [binary, args];
  return execFileSync(command, commandArgs, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: START_TIMEOUT_S * 1000 });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function describeFailure(error, log) {
  const output = typeof error === 'object' && error !== null ? String(error.stderr ?? '') : '';
  const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-15).join('\n') : '';
  return `${error instanceof Error ? error.message : String(error)}\n${output}\n${tail}`;
}

function serverIds() {
  const id = (flag) => Number(execFileSync('id', [flag, SERVER_USER], { encoding: 'utf8' }).trim());
  return [id('-u'), id('-g')];
}

export async function startPostgresCluster() {
  const bin = serverBinaries();
  const root = userInfo().uid === 0;
  const directory = mkdtempSync(join(tmpdir(), 'toolcell-pg-'));
  const data = join(directory, 'data');
  const log = join(directory, 'server.log');
  if (root) chownSync(directory, ...serverIds());
  const pgCtl = join(bin, 'pg_ctl');
  let running = false;
  let options = '';
  const stop = (mode) => {
    if (!running) return;
    asServerUser(pgCtl, ['stop', '-D', data, '-m', mode, '-w', '-t', String(START_TIMEOUT_S)], root);
    running = false;
  };
  const start = () => {
    asServerUser(pgCtl, ['start', '-D', data, '-l', log, '-w', '-t', String(START_TIMEOUT_S), '-o', options], root);
    running = true;
  };
  const close = () => {
    try {
      stop('immediate');
    } catch {
      // Already gone: nothing to stop.
    }
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    asServerUser(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale', '--no-sync'], root);
    // Another run may take the port between our check and the server's bind: try a few.
    for (let attempt = 1; ; attempt += 1) {
      const port = await freePort();
      options = `-k ${directory} -h 127.0.0.1 -p ${port} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=16MB -c max_connections=60`;
      try {
        start();
        asServerUser(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-t', String(START_TIMEOUT_S)], root);
        return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop: () => stop('fast'), start, close };
      } catch (error) {
        if (running || attempt >= 3) throw error;
      }
    }
  } catch (error) {
    close();
    throw new Error(`The throwaway PostgreSQL server did not start: ${describeFailure(error, log)}`, { cause: error });
  }
}
