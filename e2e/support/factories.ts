import { createUser, ensureBuiltInRoles } from '../../apps/server/dist/modules/users/users.service.js';
import { connectDatabase } from '../../apps/server/dist/platform/db/client.js';
import { E2E_DATABASE_URL } from './env.js';

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
