import { expect, test } from '@playwright/test';
import { apiGet } from '../support/api.js';
import { switchToEnglishDarkRtl } from '../support/appearance.js';
import { signIn } from '../support/auth.js';
import { DEMO_PASSWORD } from '../support/env.js';

interface ChannelPage {
  data: { id: number; name: string; type: string; webhookUrl: string | null }[];
}

test('the WhatsApp channel shows the callback URL for Meta, and an old conversation warns that the 24-hour window closed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@atiende.test', DEMO_PASSWORD);
  const channels = await apiGet<ChannelPage>(page, '/api/v2/channels?type=whatsapp&sizePerPage=100');
  // The demo's channel (its verify token is the demo's); other tests may add WhatsApp channels of their own.
  const whatsapp = channels.data.find((channel) => channel.name === 'WhatsApp ventas');
  expect(whatsapp).toBeTruthy();
  const channelId = (whatsapp as ChannelPage['data'][number]).id;

  await page.goto(`/v2/app/channels/${channelId}/edit`);
  const webhook = page.getByTestId('channel-webhook-url');
  await expect(webhook).toHaveValue(new RegExp(`^http://localhost:\\d+/api/v2/webhooks/whatsapp/${channelId}$`));
  await expect(page.getByTestId('channel-webhook')).toContainText('token de verificación');
  await page.getByTestId('channel-webhook').scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await page.screenshot({ path: '/tmp/whatsapp-channel-webhook-es.png' });

  // The webhook answers Meta's subscription check with the demo channel's verify token.
  const challenge = await page.evaluate(
    async (url) => {
      const response = await fetch(`${url}?hub.mode=subscribe&hub.verify_token=demo-verify&hub.challenge=42`);
      return { status: response.status, body: await response.text() };
    },
    await webhook.inputValue(),
  );
  expect(challenge).toEqual({ status: 200, body: '42' });

  // The sales campaign's demo conversations came in more than a day ago: the composer says why replies would fail.
  const tickets = await apiGet<{ data: { id: number; status: number; channelName?: string }[] }>(
    page,
    '/api/v2/tickets?sizePerPage=100&selectedStatus=0',
  );
  let windowTicket: number | null = null;
  for (const ticket of tickets.data) {
    const view = await apiGet<{ interactions: { channel: { id: number } }[] }>(page, `/api/v2/tickets/${ticket.id}`);
    // On the demo's channel: conversations other tests start on their own WhatsApp channels are recent.
    if (view.interactions.some((interaction) => interaction.channel.id === channelId)) {
      windowTicket = ticket.id;
      break;
    }
  }
  expect(windowTicket).not.toBeNull();
  await page.goto(`/v2/app/tickets/${windowTicket}/view`);
  await page.getByTestId('composer-reply').click();
  await expect(page.getByTestId('reply-window-closed')).toContainText('Pasaron más de 24 horas');
  await page.getByTestId('reply-composer').scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await page.screenshot({ path: '/tmp/whatsapp-window-closed-es.png' });

  await switchToEnglishDarkRtl(page);
  await page.getByTestId('composer-reply').click();
  await expect(page.getByTestId('reply-window-closed')).toContainText('More than 24 hours');
  await page.getByTestId('reply-composer').scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await page.screenshot({ path: '/tmp/whatsapp-window-closed-en-dark-rtl.png' });
  await page.goto(`/v2/app/channels/${channelId}/edit`);
  await expect(page.getByTestId('channel-webhook')).toContainText('verify token');
  await page.getByTestId('channel-webhook').scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await page.screenshot({ path: '/tmp/whatsapp-channel-webhook-en-dark-rtl.png' });
});
