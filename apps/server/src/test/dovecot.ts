import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { freePort } from './ports.js';

const DOVECOT = '/usr/sbin/dovecot';

export interface DovecotServer {
  host: string;
  port: number;
  user: string;
  password: string;
  /** Delivers a raw message into the user's INBOX (IMAP APPEND), as an MTA would. */
  deliver(source: string | Buffer, date?: Date): Promise<number>;
  /** The dovecot log (for failure messages). */
  log(): string;
  stop(): Promise<void>;
}

/** Debian's Dovecot IMAP server, installed with apt-get when missing (needs root, like the browser tests' Chromium). */
function ensureDovecot(): void {
  if (fs.existsSync(DOVECOT)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      'The e-mail tests need Dovecot: install Debian’s package with `sudo apt-get install dovecot-imapd` ' +
        '(it is installed automatically when the tests run as root).',
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'dovecot-imapd'], { stdio: 'inherit', env });
  if (install().status !== 0 || !fs.existsSync(DOVECOT)) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    install();
  }
  if (!fs.existsSync(DOVECOT)) throw new Error('dovecot-imapd could not be installed with apt-get');
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function idOf(flag: '-u' | '-g', name: string, fallback: number): number {
  const result = spawnSync('id', [flag, name], { encoding: 'utf8' });
  const value = Number.parseInt(result.stdout ?? '', 10);
  return result.status === 0 && Number.isInteger(value) ? value : fallback;
}

/**
 * A private Dovecot instance for one test file: its own configuration, sockets, state and maildir in a temp dir,
 * plaintext login without TLS on 127.0.0.1 and a free port, one user from a passwd file. Under root the login and
 * internal processes run as `nobody` and mail as `nobody` (Dovecot refuses root for both); otherwise everything runs
 * as the current user.
 */
export async function startDovecot(options: { user?: string; password?: string } = {}): Promise<DovecotServer> {
  ensureDovecot();
  const user = options.user ?? 'buzon@atiende.test';
  const password = options.password ?? 'Buzon.Secreto.2026';
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'atiende-dovecot-'));
  const asRoot = process.getuid?.() === 0;
  const me = os.userInfo();
  const mailUid = asRoot ? idOf('-u', 'nobody', 65534) : me.uid;
  const mailGid = asRoot ? idOf('-g', 'nobody', 65534) : me.gid;
  const serviceUser = asRoot ? 'nobody' : me.username;
  const home = path.join(root, 'home');
  for (const dir of ['run', 'state', 'home']) fs.mkdirSync(path.join(root, dir));
  // Mail processes run as the mail user: they must reach and own the home folder.
  fs.chmodSync(root, 0o755);
  if (asRoot) fs.chownSync(home, mailUid, mailGid);
  const passwd = path.join(root, 'passwd');
  fs.writeFileSync(passwd, `${user}:{PLAIN}${password}\n`, { mode: 0o644 });
  const port = await freePort();
  const logFile = path.join(root, 'dovecot.log');
  const config = path.join(root, 'dovecot.conf');
  fs.writeFileSync(
    config,
    `# Private test instance (apps/server/src/test/dovecot.ts)
instance_name = atiende-test-${port}
base_dir = ${root}/run
state_dir = ${root}/state
log_path = ${logFile}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${serviceUser}
default_internal_group = ${asRoot ? 'nogroup' : me.username}
default_login_user = ${serviceUser}
first_valid_uid = 1
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${passwd}
}
userdb {
  driver = static
  args = uid=${mailUid} gid=${mailGid} home=${home}/%u
}
mail_location = maildir:~/Maildir
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
${asRoot ? '' : '  chroot =\n'}}
${asRoot ? '' : 'service anvil {\n  chroot =\n}\n'}service stats {
  unix_listener stats-writer {
    mode = 0666
  }
}
`,
  );
  const log = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '');
  // In the foreground (-F): this process owns the master and stops it; a daemon would keep our pipes open.
  let output = '';
  const master = spawn(DOVECOT, ['-F', '-c', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  master.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  master.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => master.once('exit', () => resolve()));
  const killOnExit = () => master.kill('SIGKILL');
  process.once('exit', killOnExit);
  const deadline = Date.now() + 15_000;
  while (!(await canConnect(port))) {
    if (master.exitCode !== null || Date.now() > deadline) {
      master.kill('SIGKILL');
      throw new Error(`dovecot did not start (exit ${master.exitCode}): ${output}\n${log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    log,
    async deliver(source, date) {
      const client = new ImapFlow({
        host: '127.0.0.1',
        port,
        secure: false,
        auth: { user, pass: password },
        logger: false,
        disableAutoIdle: true,
      });
      client.on('error', () => undefined);
      await client.connect();
      try {
        const uid = (await client.append('INBOX', source, [], date)) || null;
        if (!uid?.uid) throw new Error('the message was not appended');
        return uid.uid;
      } finally {
        await client.logout().catch(() => client.close());
      }
    },
    async stop() {
      process.removeListener('exit', killOnExit);
      if (master.exitCode === null) {
        master.kill('SIGTERM');
        const timer = setTimeout(() => master.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
