import { expect, test } from '@playwright/test';
import { startTelegramBot } from '../../apps/server/src/test/telegram-bot.js';
import { apiGet } from '../support/api.js';
import { switchToEnglishDarkRtl } from '../support/appearance.js';
import { signIn } from '../support/auth.js';
import { DEMO_PASSWORD, E2E_PROVIDER_PORT } from '../support/env.js';

const BOT_TOKEN = '987654:e2e-telegram-token';

test('an administrator connects a Telegram bot: the channel form, then the webhook registered with Telegram', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Telegram's Bot API, played by a local server: nothing leaves the machine.
  const bot = await startTelegramBot({ token: BOT_TOKEN, port: E2E_PROVIDER_PORT });
  try {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, 'admin@atiende.test', DEMO_PASSWORD);
    const name = `Telegram E2E ${Date.now()}`;
    await page.goto('/v2/app/channels/add');
    await page.getByTestId('channel-type-telegram').click();
    await page.getByTestId('channel-field-name').fill(name);
    await page.getByTestId('channel-config-botUsername').fill('@TiendaE2EBot');
    await page.getByTestId('channel-config-botToken').fill(BOT_TOKEN);
    await page.getByTestId('channel-config-apiBaseUrl').fill(bot.url());
    await page.getByTestId('channel-save').click();
    await expect(page.getByTestId('snackbar')).toHaveAttribute('data-variant', 'success');
    const channels = await apiGet<{ data: { id: number; webhookUrl: string | null }[] }>(
      page,
      `/api/v2/channels?searchText=${encodeURIComponent(name)}`,
    );
    const channel = channels.data[0];
    expect(channel.webhookUrl).toMatch(new RegExp(`/api/v2/webhooks/telegram/${channel.id}$`));

    await page.goto(`/v2/app/channels/${channel.id}/edit`);
    await expect(page.getByTestId('channel-webhook-url')).toHaveValue(channel.webhookUrl ?? '');
    await page.getByTestId('channel-webhook-register').click();
    await expect(page.getByTestId('snackbar')).toContainText('Telegram enviará los mensajes del bot a Atiende');
    const registered = bot.calls.find((call) => call.method === 'setWebhook');
    expect(registered?.fields.url).toBe(channel.webhookUrl);
    expect(String(registered?.fields.secret_token)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    // The secret is kept write-only: the form says it is configured.
    await page.reload();
    await expect(page.getByTestId('channel-config-webhookSecret')).toBeVisible();
    await page.getByTestId('channel-webhook').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/telegram-channel-es.png' });

    await switchToEnglishDarkRtl(page);
    await expect(page.getByTestId('channel-webhook-register')).toHaveText('Register with Telegram');
    await page.getByTestId('channel-webhook').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/telegram-channel-en-dark-rtl.png' });
  } finally {
    await bot.close();
  }
});
