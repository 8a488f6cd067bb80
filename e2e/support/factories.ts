import fs from 'node:fs';
import path from 'node:path';
import { channelsRepo } from '../../apps/server/dist/modules/channels/channels.repo.js';
import { createFailedInbound, MessageFailure } from '../../apps/server/dist/modules/email/email.failures.js';
import { subjectOf } from '../../apps/server/dist/modules/email/email.message.js';
import { parseMail } from '../../apps/server/dist/modules/email/email.parse.js';
import { createUser, ensureBuiltInRoles } from '../../apps/server/dist/modules/users/users.service.js';
import { connectDatabase } from '../../apps/server/dist/platform/db/client.js';
import { createLogger } from '../../apps/server/dist/platform/logger.js';
import { createStorage } from '../../apps/server/dist/platform/storage.js';
import { E2E_DATA_DIR, E2E_DATABASE_URL, ROOT } from './env.js';

let sequence = 0;

/** A user of its own for a test, written straight into the e2e database (the users API comes with issue 3). */
export async function buildUser(options: { role?: 'admin' | 'super' | 'agent'; mfa?: boolean; name?: string } = {}) {
  const database = connectDatabase(E2E_DATABASE_URL, 1);
  try {
    const roles = await ensureBuiltInRoles(database.db);
    sequence += 1;
    const email = `e2e.${Date.now()}.${sequence}@atiende.test`;
    const password = 'E2e.Clave.2026';
    await createUser(database.db, {
      name: options.name ?? `E2E User ${sequence}`,
      email,
      password,
      roleIds: [roles[options.role ?? 'agent']],
      mfaEnabled: options.mfa ?? false,
    });
    return { email, password };
  } finally {
    await database.close();
  }
}

/**
 * A message of the e-mail corpus kept as a failed inbound message of a channel, as the mailbox poller keeps one it
 * cannot take (the poller does not run in the browser tests): its source in the e2e storage, its row with the reason.
 */
export async function keepFailedInboundMessage(
  channelId: number,
  corpusFile: string,
  failure: { reason: 'unreadable' | 'no-sender' | 'invalid' | 'error'; detail: string },
) {
  const source = fs.readFileSync(path.join(ROOT, 'apps/server/src/modules/email/corpus/messages', corpusFile));
  const mail = await parseMail(source);
  const database = connectDatabase(E2E_DATABASE_URL, 1);
  try {
    const ctx = { db: database.db, storage: createStorage(E2E_DATA_DIR), logger: createLogger('silent') };
    const failures = createFailedInbound(ctx as unknown as Parameters<typeof createFailedInbound>[0], async () => {
      throw new Error('not processed here');
    });
    const known = { sender: mail.from?.value[0]?.address ?? null, subject: subjectOf(mail) || null, sentAt: mail.date };
    await failures.record(channelId, source, new MessageFailure(failure.reason, failure.detail, known));
  } finally {
    await database.close();
  }
}

/**
 * Shows a provider problem on a channel, as the mailbox poller or a delivery does when the provider refuses the
 * credentials (neither runs against a real provider in the browser tests).
 */
export async function putChannelInError(channelId: number) {
  const database = connectDatabase(E2E_DATABASE_URL, 1);
  try {
    await channelsRepo.setProblem(database.db, channelId, 'IMAP', {
      key: 'channelProblems.credentials',
      params: { provider: 'IMAP', code: 'AUTHENTICATIONFAILED' },
    });
  } finally {
    await database.close();
  }
}
