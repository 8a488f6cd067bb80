import { expect, test } from '@playwright/test';
import { apiGet } from '../support/api.js';
import { switchToEnglishDarkRtl } from '../support/appearance.js';
import { signIn } from '../support/auth.js';
import { DEMO_PASSWORD } from '../support/env.js';
import { keepFailedInboundMessage } from '../support/factories.js';

test('an administrator sees the e-mail channel’s failed inbound messages, retries one and discards another', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'admin@atiende.test', DEMO_PASSWORD);
  const channels = await apiGet<{ data: { id: number }[] }>(page, '/api/v2/channels?type=email');
  const channelId = channels.data[0].id;
  // Real corpus messages, kept as the poller keeps what it cannot take: one without any sender address, and a
  // person's message an earlier fault of the platform left behind.
  await keepFailedInboundMessage(channelId, 'mime4j/mimetools-testmsgs/bluedot-postcard.msg', {
    reason: 'no-sender',
    detail: 'no usable address in From, Reply-To, Sender or Return-Path',
  });
  await keepFailedInboundMessage(channelId, 'mikel-mail/plain_emails/raw_email_reply.eml', {
    reason: 'error',
    detail: "EACCES: permission denied, mkdir '/var/lib/atiende/files/tickets/812'",
  });

  await page.goto(`/v2/app/channels/${channelId}/edit`);
  const section = page.getByTestId('channel-failed-messages');
  await expect(section).toContainText('Mensajes entrantes con error');
  const postcard = section.locator('li', { hasText: 'A postcard for you' });
  const reply = section.locator('li', { hasText: 'Test reply email' });
  await expect(postcard.getByTestId('channel-failed-reason')).toHaveText('Sin dirección de remitente');
  await expect(postcard).toContainText('remitente desconocido');
  await expect(reply.getByTestId('channel-failed-reason')).toHaveText('Error al procesarlo');
  await expect(reply).toContainText('xxxxxxxx@xxx.org');
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/email-failed-es.png' });

  // Still no sender: the retry says so and the row stays, with one more attempt.
  await postcard.getByTestId('channel-failed-retry').click();
  await expect(page.getByTestId('snackbar')).toContainText('todavía no se puede procesar');
  await expect(postcard).toContainText('2 intentos');

  // The person's message is taken now: it leaves the list.
  await reply.getByTestId('channel-failed-retry').click();
  await expect(page.getByTestId('snackbar')).toContainText('El mensaje se registró en un caso');
  await expect(reply).toHaveCount(0);

  await switchToEnglishDarkRtl(page);
  await expect(section).toContainText('Failed inbound messages');
  await expect(postcard.getByTestId('channel-failed-reason')).toHaveText('No sender address');
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/email-failed-en-dark-rtl.png' });

  await postcard.getByTestId('channel-failed-discard').click();
  await page.getByTestId('confirm-accept').click();
  await expect(page.getByTestId('snackbar')).toContainText('Message discarded');
  await expect(page.getByTestId('channel-failed-empty')).toBeVisible();
  await page.getByTestId('channel-failed-messages').scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/email-failed-empty-en-dark-rtl.png' });
});
