import { expect, type Page, test } from '@playwright/test';
import { signWebhook, startWhatsappCloud, webhookBody } from '../../apps/server/src/test/whatsapp-cloud.js';
import { apiGet, apiPost, apiPut } from '../support/api.js';
import { switchToEnglishDarkRtl } from '../support/appearance.js';
import { signIn } from '../support/auth.js';
import { BASE_URL, DEMO_PASSWORD, E2E_PROVIDER_PORT } from '../support/env.js';

const TOKEN = 'e2e-whatsapp-token';
const APP_SECRET = 'e2e-whatsapp-secret';
const PHONE_NUMBER_ID = '109870000000999';

test('a customer’s WhatsApp edit and deletion show in the open ticket as they happen, marked edited and deleted', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Meta's Cloud API, played by a local server: nothing leaves the machine.
  const cloud = await startWhatsappCloud({ accessToken: TOKEN, port: E2E_PROVIDER_PORT });
  let channelId: number | undefined;
  try {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, 'admin@atiende.test', DEMO_PASSWORD);
    const stamp = Date.now();
    const channel = await apiPost<{ id: number }>(page, '/api/v2/channels', {
      name: `WhatsApp E2E ${stamp}`,
      type: 'whatsapp',
      direction: 'inbound',
      config: {
        phoneNumberId: PHONE_NUMBER_ID,
        businessAccountId: '2000000999',
        accessToken: TOKEN,
        appSecret: APP_SECRET,
        verifyToken: 'e2e-verify',
        apiBaseUrl: cloud.url(),
      },
    });
    channelId = channel.id;
    const me = await apiGet<{ id: number }>(page, '/api/v2/usuario/perfil');
    await apiPost(page, '/api/v2/campaigns', {
      name: `WhatsApp E2E ${stamp}`,
      type: 'inbound',
      channelIds: [channel.id],
      agents: [{ userId: me.id, channelIds: [channel.id] }],
      supervisorIds: [],
      config: { ticketCombination: 'customer-channel', allowAllTickets: true },
    });

    const from = `5730${String(stamp).slice(-8)}`;
    const meta = async (messages: Record<string, unknown>[]) => {
      const body = webhookBody(PHONE_NUMBER_ID, { contacts: [{ waId: from, name: 'Rosa Díaz' }], messages });
      const answer = await request.post(`${BASE_URL}/api/v2/webhooks/whatsapp/${channel.id}`, {
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(body, APP_SECRET) },
        data: body,
      });
      expect(answer.status()).toBe(200);
    };
    const at = () => String(Math.floor(Date.now() / 1000));
    const text = (id: string, body: string) => ({ from, id, timestamp: at(), type: 'text', text: { body } });
    await meta([text(`wamid.e2e-a-${stamp}`, 'Necesito 2 cajas para el martes')]);
    await meta([text(`wamid.e2e-b-${stamp}`, 'Mi tarjeta termina en 4321')]);

    const pending = await apiGet<{ casosPendientes: { caso_id: number; cliente: string }[] }>(
      page,
      '/api/v2/caso/pendientes?filter=all&notify=pending&searchText=Rosa',
    );
    const ticketId = pending.casosPendientes.find((item) => item.cliente === 'Rosa Díaz')?.caso_id;
    expect(ticketId).toBeTruthy();
    await page.goto(`/v2/app/tickets/${ticketId}/view`);
    const first = page.locator('[data-testid^="ticket-message-"]', { hasText: 'Necesito 2 cajas para el martes' });
    await expect(first).toBeVisible({ timeout: 30_000 });
    const messageId = (await first.getAttribute('data-testid'))?.replace('ticket-message-', '');

    // The customer edits one message and deletes the other while the agent has the ticket open.
    await meta([
      {
        from,
        id: `wamid.e2e-edit-${stamp}`,
        timestamp: at(),
        type: 'edit',
        edit: {
          original_message_id: `wamid.e2e-a-${stamp}`,
          message: { type: 'text', text: { body: 'Necesito 3 cajas para el martes' } },
        },
      },
      {
        from,
        id: `wamid.e2e-del-${stamp}`,
        timestamp: at(),
        type: 'revoke',
        revoke: { original_message_id: `wamid.e2e-b-${stamp}` },
      },
    ]);
    const edited = page.getByTestId(`ticket-message-${messageId}`);
    await expect(edited).toContainText('Necesito 3 cajas para el martes');
    await expect(edited).toHaveAttribute('data-state', 'edited');
    await expect(page.getByTestId(`message-edited-${messageId}`)).toHaveText('editado');
    await expect(page.getByText('Se eliminó este mensaje')).toBeVisible();
    await expect(page.getByText('Mi tarjeta termina en 4321')).toHaveCount(0);
    await page.getByText('Se eliminó este mensaje').scrollIntoViewIfNeeded();
    await page.getByTestId(`message-edited-${messageId}`).hover();
    await expect(page.getByRole('tooltip')).toContainText('Necesito 2 cajas para el martes');
    await page.screenshot({ path: '/tmp/message-changes-es.png' });

    await switchToEnglishDarkRtl(page);
    await expect(page.getByTestId(`message-edited-${messageId}`)).toHaveText('edited', { timeout: 30_000 });
    await expect(page.getByText('This message was deleted')).toBeVisible();
    await page.getByText('This message was deleted').scrollIntoViewIfNeeded();
    await page.getByTestId(`message-edited-${messageId}`).hover();
    await expect(page.getByRole('tooltip')).toContainText('Until');
    await page.screenshot({ path: '/tmp/message-changes-en-dark-rtl.png' });
  } finally {
    // Later tests expect the demo's WhatsApp channel to be the only enabled one.
    if (channelId !== undefined) await disableChannel(page, channelId);
    await cloud.close();
  }
});

async function disableChannel(page: Page, id: number): Promise<void> {
  const channel = await apiGet<Record<string, unknown>>(page, `/api/v2/channels/${id}`);
  await apiPut(page, `/api/v2/channels/${id}`, {
    name: channel.name,
    type: channel.type,
    direction: channel.direction,
    enabled: false,
    config: channel.config,
    businessHours: channel.businessHours,
    unavailableMessage: channel.unavailableMessage,
  });
}
