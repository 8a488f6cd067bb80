import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';

/**
 * The telephony processes a node starts (the daemons and the call bridges), each recorded in `<runDir>/pids/<name>`
 * while it runs. A node that ends without stopping them (kill -9, a crash, the machine's OOM killer) leaves them
 * running, holding the ports and the registrations the next start needs — a new bridge's control connection would
 * even reach the old process. So the next start stops whatever its predecessor recorded before it starts its own.
 *
 * Each record is the process id and its start time (field 22 of /proc/<pid>/stat), so a process id the system gave to
 * something else since is left alone; a process that names a file of the run folder on its command line is stopped
 * too, recorded or not (see processesUsing). The processes are started in their own process group (`detached`), so
 * stopping the group takes Kamailio's forked children with it.
 */
export interface ProcessRecords {
  /** Records a process just started under `name` (a later one of the same name replaces it). */
  record(name: string, pid: number | undefined): void;
  /** Forgets `name`'s record when it is still `pid`'s (the process ended or was stopped). */
  forget(name: string, pid: number | undefined): void;
  /** Stops every recorded process still running (SIGKILL to its group) and clears the records; returns their names. */
  stopLeftovers(): Promise<string[]>;
}

/** A process's /proc/<pid>/stat fields from its state on (state, ppid, pgrp, …); null when gone or a zombie. */
function statFields(pid: number | string): string[] | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses, so the fields are read after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[0] === 'Z' || fields[0] === 'X' ? null : fields;
}

/** The start time of a running process, in clock ticks since boot; null when there is no such process (or a zombie). */
export function processStartTime(pid: number): string | null {
  return statFields(pid)?.[19] ?? null;
}

/**
 * Live processes whose command line names a file in `dir` (a call worker's `-f <dir>/…`): a process started at the
 * very moment its node was killed has no record yet (the node died between starting it and writing its record), and
 * only this finds it. Own processes only: the node's user cannot signal anyone else's anyway.
 */
export function processesUsing(dir: string): number[] {
  const prefix = `${path.resolve(dir)}/`;
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let args: string[];
    try {
      args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (args.slice(1).some((arg) => arg.startsWith(prefix)) && statFields(entry) !== null) found.push(Number(entry));
  }
  return found;
}

/** SIGKILL to the process's group (it leads one: started `detached`), else to the process; false when gone. */
function killGroup(pid: number): boolean {
  try {
    process.kill(-pid, 'SIGKILL');
    return true;
  } catch {
    try {
      process.kill(pid, 'SIGKILL');
      return true;
    } catch {
      return false;
    }
  }
}

/** Whether any live process is in one of these process groups. */
function anyInGroups(groups: Set<string>): boolean {
  return fs.readdirSync('/proc').some((entry) => /^\d+$/.test(entry) && groups.has(statFields(entry)?.[2] ?? ''));
}

export function processRecords(runDir: string, logger: Logger): ProcessRecords {
  const dir = path.join(runDir, 'pids');
  const fileOf = (name: string) => path.join(dir, name.replace(/[^A-Za-z0-9._-]/g, '_'));

  return {
    record(name, pid) {
      if (pid === undefined) return;
      const started = processStartTime(pid);
      if (started === null) return;
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      fs.writeFileSync(fileOf(name), `${pid} ${started}\n`, { mode: 0o600 });
    },
    forget(name, pid) {
      const file = fileOf(name);
      try {
        if (fs.readFileSync(file, 'utf8').split(' ')[0] === String(pid)) fs.rmSync(file, { force: true });
      } catch {
        // Not recorded.
      }
    },
    async stopLeftovers() {
      let names: string[] = [];
      try {
        names = fs.readdirSync(dir);
      } catch {
        // Nothing recorded: the run folder's processes are still looked for.
      }
      const stopped: { name: string; pid: number }[] = [];
      for (const name of names) {
        const file = path.join(dir, name);
        const [pidText, started] = fs.readFileSync(file, 'utf8').trim().split(' ');
        const pid = Number(pidText);
        fs.rmSync(file, { force: true });
        if (!Number.isInteger(pid) || pid <= 1 || processStartTime(pid) !== started) continue;
        if (killGroup(pid)) stopped.push({ name, pid });
      }
      for (const pid of processesUsing(runDir)) {
        if (!stopped.some((known) => known.pid === pid) && killGroup(pid)) stopped.push({ name: 'unrecorded', pid });
      }
      // SIGKILL is not instant: wait until they and their groups are gone (their ports free), 5 s at most.
      const groups = new Set(stopped.map(({ pid }) => String(pid)));
      const deadline = Date.now() + 5_000;
      while (
        (stopped.some(({ pid }) => processStartTime(pid) !== null) || anyInGroups(groups)) &&
        Date.now() < deadline
      ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      if (stopped.length > 0) {
        logger.warn(
          { processes: stopped.map(({ name, pid }) => `${name} (${pid})`) },
          'telephony processes left running by a node that did not stop them were stopped',
        );
      }
      return stopped.map(({ name }) => name);
    },
  };
}
