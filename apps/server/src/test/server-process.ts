import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

/** apps/server: its `dist`, `drizzle` migrations. */
export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const mainJs = path.join(serverDir, 'dist', 'main.js');

/** Compiles the server the spawned nodes run (the tests may run without a build before them). */
export function buildServer(): void {
  execFileSync('npx', ['tsc', '-b', serverDir], { stdio: 'inherit' });
}

/**
 * The compiled server as a process of its own (a node killed, restarted or running beside another), with `env` over
 * PATH and NODE_ENV=test. Its JSON log goes to a file of the run's log folder, so the log audit searches it for
 * secrets too.
 */
export function spawnServer(label: string, env: Record<string, string>): { child: ChildProcess; logFile: string } {
  const logFile = path.join(inject('logDir'), `${label}-${process.pid}-${Date.now()}.log`);
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [mainJs], {
    env: { PATH: process.env.PATH, NODE_ENV: 'test', ...env },
    stdio: ['ignore', log, 'inherit'],
  });
  fs.closeSync(log);
  return { child, logFile };
}

/** Stops the nodes still running (SIGTERM: they shut down as in production) and waits until they exit. */
export async function stopServers(nodes: readonly (ChildProcess | undefined)[]): Promise<void> {
  await Promise.all(
    nodes
      .filter((node): node is ChildProcess => node !== undefined && node.exitCode === null && node.signalCode === null)
      .map(
        (node) =>
          new Promise<void>((resolve) => {
            node.once('exit', () => resolve());
            node.kill('SIGTERM');
          }),
      ),
  );
}
