import { expect, test } from '@playwright/test';
import { startMessengerPlatform } from '../../apps/server/src/test/meta-messenger.js';
import { signWebhook } from '../../apps/server/src/test/whatsapp-cloud.js';
import { apiGet, apiPost } from '../support/api.js';
import { switchToEnglishDarkRtl } from '../support/appearance.js';
import { signIn } from '../support/auth.js';
import { BASE_URL, DEMO_PASSWORD, E2E_PROVIDER_PORT } from '../support/env.js';

const TOKEN = 'e2e-instagram-token';
const APP_SECRET = 'e2e-instagram-secret';
const ACCOUNT_ID = '17841400000000999';

test('an Instagram direct message arrives through Meta’s signed webhook and the answer goes back; files are not offered', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Meta's Messenger Platform, played by a local server: nothing leaves the machine.
  const meta = await startMessengerPlatform({ accessToken: TOKEN, port: E2E_PROVIDER_PORT });
  try {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, 'admin@atiende.test', DEMO_PASSWORD);
    const stamp = Date.now();
    const channel = await apiPost<{ id: number; webhookUrl: string }>(page, '/api/v2/channels', {
      name: `Instagram E2E ${stamp}`,
      type: 'instagram',
      direction: 'inbound',
      config: {
        accountId: ACCOUNT_ID,
        accessToken: TOKEN,
        appSecret: APP_SECRET,
        verifyToken: 'e2e-verify',
        apiBaseUrl: meta.url(),
      },
    });
    const me = await apiGet<{ id: number }>(page, '/api/v2/usuario/perfil');
    await apiPost(page, '/api/v2/campaigns', {
      name: `Instagram E2E ${stamp}`,
      type: 'inbound',
      channelIds: [channel.id],
      agents: [{ userId: me.id, channelIds: [channel.id] }],
      supervisorIds: [],
      config: { ticketCombination: 'customer-channel', allowAllTickets: true },
    });

    // The channel page tells where Meta must call.
    await page.goto(`/v2/app/channels/${channel.id}/edit`);
    await expect(page.getByTestId('channel-webhook-url')).toHaveValue(channel.webhookUrl);
    await expect(page.getByTestId('channel-webhook')).toContainText('message_reads');

    // A customer writes on Instagram: Meta posts the signed event.
    const customer = `igsid-${stamp}`;
    meta.setProfile(customer, { name: 'Lina Mora', username: 'lina.mora' });
    const body = JSON.stringify({
      object: 'instagram',
      entry: [
        {
          id: ACCOUNT_ID,
          time: stamp,
          messaging: [
            {
              sender: { id: customer },
              recipient: { id: ACCOUNT_ID },
              timestamp: stamp,
              message: { mid: `ig-${stamp}`, text: '¿Tienen la lámpara en negro?' },
            },
          ],
        },
      ],
    });
    const delivered = await request.post(`${BASE_URL}/api/v2/webhooks/instagram/${channel.id}`, {
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(body, APP_SECRET) },
      data: body,
    });
    expect(delivered.status()).toBe(200);
    const pending = await apiGet<{ casosPendientes: { caso_id: number; cliente: string }[] }>(
      page,
      '/api/v2/caso/pendientes?filter=all&notify=pending&searchText=Lina',
    );
    const ticketId = pending.casosPendientes.find((item) => item.cliente === 'Lina Mora')?.caso_id;
    expect(ticketId).toBeTruthy();

    await page.goto(`/v2/app/tickets/${ticketId}/view`);
    await expect(
      page.locator('[data-testid^="ticket-message-"]', { hasText: '¿Tienen la lámpara en negro?' }),
    ).toBeVisible();
    await page.getByTestId('composer-reply').click();
    await expect(page.getByTestId('reply-attach')).toBeDisabled();
    await page.getByTestId('reply-body').fill('¡Sí! Se la separamos.');
    await page.getByTestId('reply-send').click();
    await expect(page.locator('[data-testid^="ticket-message-"]', { hasText: '¡Sí! Se la separamos.' })).toBeVisible();
    await expect
      .poll(() => meta.sends.find((call) => call.body.recipient?.id === customer)?.body.message)
      .toEqual({ text: '¡Sí! Se la separamos.' });
    await page.getByTestId('reply-composer').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/instagram-ticket-es.png' });
    await switchToEnglishDarkRtl(page);
    await page.getByTestId('composer-reply').click();
    await expect(page.getByTestId('reply-attach')).toBeDisabled();
    await page.getByTestId('reply-composer').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/instagram-ticket-en-dark-rtl.png' });
  } finally {
    await meta.close();
  }
});
