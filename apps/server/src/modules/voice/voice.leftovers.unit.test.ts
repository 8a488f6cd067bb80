import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { processRecords, processStartTime } from './voice.leftovers.js';

const started: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const child of started.splice(0)) {
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  }
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function runDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atiende-leftovers-'));
  dirs.push(dir);
  return dir;
}

/** A process group like Kamailio's: a leader that forks a child, both sleeping. */
function group(): ChildProcess {
  const child = spawn('sh', ['-c', 'sleep 60 & sleep 60'], { detached: true, stdio: 'ignore' });
  started.push(child);
  return child;
}

const logger = () => {
  const warn = vi.fn();
  return { logger: { warn } as unknown as Logger, warn };
};

const membersOf = (pgid: number) =>
  fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return fields[0] !== 'Z' && fields[2] === String(pgid);
      } catch {
        return false;
      }
    });

describe('telephony processes a node left running', () => {
  it('reads a process start time, and none for a process that is gone', () => {
    expect(processStartTime(process.pid)).toMatch(/^\d+$/);
    expect(processStartTime(2 ** 22 + 1)).toBeNull();
  });

  it('stops what the last node recorded, with its process group, and clears the records', async () => {
    const dir = runDir();
    const leader = group();
    // The shell and its background sleep at least (the shell may fork the last one too, or exec it).
    await vi.waitFor(() => expect(membersOf(leader.pid as number).length).toBeGreaterThanOrEqual(2));
    processRecords(dir, logger().logger).record('kamailio', leader.pid);

    const { logger: log, warn } = logger();
    expect(await processRecords(dir, log).stopLeftovers()).toEqual(['kamailio']);
    expect(membersOf(leader.pid as number)).toEqual([]);
    expect(fs.readdirSync(path.join(dir, 'pids'))).toEqual([]);
    expect(warn).toHaveBeenCalledWith(
      { processes: [`kamailio (${leader.pid})`] },
      'telephony processes left running by a node that did not stop them were stopped',
    );
  });

  it('stops a process of the run folder that has no record (started as its node was killed)', async () => {
    const dir = runDir();
    fs.mkdirSync(path.join(dir, 'bridges', '3'), { recursive: true });
    const config = path.join(dir, 'bridges', '3', 'config');
    fs.writeFileSync(config, '');
    // A call worker names its folder on its command line, as `baresip -f <runDir>/bridges/3` does.
    const unrecorded = spawn('sh', ['-c', 'sleep 60; true', config], { detached: true, stdio: 'ignore' });
    started.push(unrecorded);
    const elsewhere = spawn('sh', ['-c', 'sleep 60; true', path.join(runDir(), 'config')], {
      detached: true,
      stdio: 'ignore',
    });
    started.push(elsewhere);
    await vi.waitFor(() => expect(processStartTime(unrecorded.pid as number)).not.toBeNull());

    expect(await processRecords(dir, logger().logger).stopLeftovers()).toEqual(['unrecorded']);
    await vi.waitFor(() => expect(processStartTime(unrecorded.pid as number)).toBeNull());
    expect(processStartTime(elsewhere.pid as number)).not.toBeNull();
  });

  it('leaves alone a process whose id was given to another since (its start time differs)', async () => {
    const dir = runDir();
    const other = group();
    fs.mkdirSync(path.join(dir, 'pids'));
    fs.writeFileSync(path.join(dir, 'pids', 'rtpengine'), `${other.pid} 1\n`);
    expect(await processRecords(dir, logger().logger).stopLeftovers()).toEqual([]);
    expect(processStartTime(other.pid as number)).not.toBeNull();
  });

  it('forgets a record only while it is still that process’s', () => {
    const dir = runDir();
    const records = processRecords(dir, logger().logger);
    const first = group();
    const second = group();
    records.record('bridge-0', first.pid);
    records.record('bridge-0', second.pid);
    records.forget('bridge-0', first.pid);
    expect(fs.readFileSync(path.join(dir, 'pids', 'bridge-0'), 'utf8')).toMatch(new RegExp(`^${second.pid} `));
    records.forget('bridge-0', second.pid);
    expect(fs.readdirSync(path.join(dir, 'pids'))).toEqual([]);
  });
});
