import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { business } from '../../apps/server/dist/modules/business/business.schema.js';
import { users } from '../../apps/server/dist/modules/users/users.schema.js';
import { createUser, ensureBuiltInRoles } from '../../apps/server/dist/modules/users/users.service.js';
import { startCallWorker } from '../../apps/server/dist/modules/voice/voice.worker.js';
import { connectDatabase } from '../../apps/server/dist/platform/db/client.js';
import { createLogger } from '../../apps/server/dist/platform/logger.js';
import { makeTone } from '../../apps/server/src/test/tones.js';
import { expectAccessible } from '../support/a11y.js';
import { switchToEnglishDarkRtl } from '../support/appearance.js';
import { signIn } from '../support/auth.js';
import { DEMO_PASSWORD, E2E_DATABASE_URL } from '../support/env.js';
import { enableSoftphones } from '../support/voice.js';

// Issue #21 item 1, desk phones (spec section 9: "dial 2600 and enter a code, shown only when webrtc is disabled"):
// an administrator issues a phone's SIP account from the user's page, a desk phone (a call worker speaking plain SIP)
// registers with it at the desk phones' port, the agent asks for a code in their menu, and the phone dials 2600 and
// types it: the agent's page says the extension is theirs.

async function withDatabase<T>(work: (db: ReturnType<typeof connectDatabase>['db']) => Promise<T>): Promise<T> {
  const database = connectDatabase(E2E_DATABASE_URL, 1);
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

test.beforeAll(async () => {
  // Telephony running (the helper waits for its heartbeat), then the browser softphone off: desk phones instead.
  await enableSoftphones();
  await withDatabase((db) => db.update(business).set({ webrtcEnabled: false }));
});

test.afterAll(async () => {
  await withDatabase((db) => db.update(business).set({ webrtcEnabled: true }));
});

test('a desk phone registers its extension to an agent: credentials, 2600 and the agent’s code', async ({
  browser,
}) => {
  const agent = await withDatabase(async (db) => {
    const roles = await ensureBuiltInRoles(db);
    const email = `desk.${Date.now()}@atiende.test`;
    const password = 'E2e.Clave.2026';
    const id = await createUser(db, {
      name: 'Dora Escritorio',
      email,
      password,
      roleIds: [roles.agent],
      mfaEnabled: false,
    });
    return { id, email, password };
  });

  // The administrator issues the phone's account on the agent's page (shown once).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin@atiende.test', DEMO_PASSWORD);
  await admin.goto(`/v2/app/users/${agent.id}/view`);
  await admin.getByTestId('user-desk-phone').click();
  await admin.getByTestId('desk-phone-extension').fill('3201');
  await admin.getByTestId('desk-phone-issue').click();
  await expect(admin.getByTestId('desk-phone-credentials')).toBeVisible();
  await admin.screenshot({ path: '/tmp/desk-phone-credentials.png' });
  const read = (id: string) => admin.getByTestId(id).inputValue();
  const port = Number(await read('desk-phone-port'));
  const authorizationUser = await read('desk-phone-authorization-user');
  const password = await read('desk-phone-password');
  expect(await read('desk-phone-user')).toBe('3201');
  await expectAccessible(admin, 'desk phone credentials');
  await adminContext.close();

  // The desk phone registers with that account at the desk phones' port (every request challenged).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atiende-desk-phone-'));
  const phone = await startCallWorker({
    name: 'desk-phone',
    dir,
    sipPort: 15600,
    controlPort: 24600,
    proxyPort: port,
    user: '3201',
    accounts: `<sip:3201@127.0.0.1:${port}>;auth_user=${authorizationUser};auth_pass=${password};regint=60;answermode=manual\n`,
    register: true,
    source: await makeTone(path.join(dir, 'tone.wav'), 440),
    logger: createLogger('silent'),
  });

  const agentContext = await browser.newContext();
  const page = await agentContext.newPage();
  try {
    await signIn(page, agent.email, agent.password);
    await page.getByTestId('header-user-menu').click();
    await page.getByTestId('user-menu-desk-phone').click();
    const code = page.getByTestId('extension-code');
    await expect(code).toHaveText(/^\d{3} \d{3}$/);
    await expect(page.getByTestId('extension-code-dialog')).toContainText('marque 2600');
    await page.screenshot({ path: '/tmp/desk-phone-code.png' });
    await expectAccessible(page, 'extension code dialog');
    const digits = (await code.getAttribute('data-code')) ?? '';

    // The phone dials 2600 and types the code (RFC 2833 events), a key at a time.
    const before = phone.events.length;
    await phone.dial('2600');
    await phone.next('CALL_ESTABLISHED', { since: before, timeoutMs: 15_000 });
    for (const key of digits) {
      await phone.command('sndcode', key);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await expect(page.getByTestId('extension-code-done')).toHaveText('Listo: su extensión es ahora la 3201.');
    await expect(page.getByText('Se le asignó la extensión 3201')).toBeVisible();
    await page.screenshot({ path: '/tmp/desk-phone-done.png' });
    await phone.next('CALL_CLOSED', { since: before, timeoutMs: 15_000 });
    const [saved] = await withDatabase((db) =>
      db.select({ extension: users.extension }).from(users).where(eq(users.id, agent.id)),
    );
    expect(saved.extension).toBe('3201');

    // In English, dark, right to left: the dialog asks for another code.
    await switchToEnglishDarkRtl(page);
    await page.getByTestId('header-user-menu').click();
    await page.getByTestId('user-menu-desk-phone').click();
    await expect(page.getByTestId('extension-code')).toHaveText(/^\d{3} \d{3}$/);
    await expect(page.getByTestId('extension-code-dialog')).toContainText('dial 2600');
    await page.screenshot({ path: '/tmp/desk-phone-code-en-dark-rtl.png' });
    await expectAccessible(page, 'extension code dialog, English dark rtl');
  } finally {
    await phone.stop();
    await agentContext.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
