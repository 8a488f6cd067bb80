import { parseArgs } from 'node:util';
import { emailSchema, passwordSchema } from '@atiende/contracts';
import { usersRepo } from '../modules/users/users.repo.js';
import { createUser, ensureBuiltInRoles } from '../modules/users/users.service.js';
import { startPlatform } from '../platform/boot.js';
import { ConfigError, loadConfig } from '../platform/config.js';
import { createLogger } from '../platform/logger.js';

const USAGE = 'Usage: npm run create-admin -- --email admin@example.com --password "a long password" [--name "Name"]';

/** Creates the first administrator (production installs create no demo users). */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  });
  const email = emailSchema.safeParse(values.email ?? '');
  const password = passwordSchema.safeParse(values.password ?? '');
  if (!email.success || !password.success) {
    process.stderr.write(`${USAGE}\n(the password needs at least 8 characters)\n`);
    process.exit(2);
  }
  const config = loadConfig();
  const platform = await startPlatform(config, createLogger('warn'), { jobs: false });
  try {
    const db = platform.database.db;
    if (await usersRepo.findByEmail(db, email.data)) {
      process.stderr.write(`A user with the email ${email.data} already exists.\n`);
      process.exitCode = 1;
      return;
    }
    await db.transaction(async (tx) => {
      const roles = await ensureBuiltInRoles(tx);
      await createUser(tx, {
        name: values.name ?? 'Administrator',
        email: email.data,
        password: password.data,
        roleIds: [roles.admin],
      });
    });
    process.stdout.write(`Administrator ${email.data} created.\n`);
  } finally {
    await platform.stop();
  }
}

main().catch((error) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
