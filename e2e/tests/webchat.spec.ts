import fs from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiGet, apiPut } from '../support/api.js';
import { storeEnglishDarkRtl, switchToEnglishDarkRtl } from '../support/appearance.js';
import { signIn } from '../support/auth.js';
import { prepareWebchatRouting } from '../support/demo.js';
import { BASE_URL, DEMO_PASSWORD } from '../support/env.js';

/** Screenshots for a visual review, written to /tmp/webchat-*.png (always: they are cheap and the task asks). */
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/webchat-${name}.png` });

async function newPage(browser: Browser, options: { width?: number; height?: number } = {}) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1400, height: options.height ?? 900 },
  });
  return { context, page: await context.newPage() };
}

test('a website visitor chats with an agent through the omni widget, and keeps the conversation on reload', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const supervisor = await newPage(browser);
  await signIn(supervisor.page, 'supervisor@atiende.test', DEMO_PASSWORD);
  await prepareWebchatRouting(supervisor.page);

  // The agent is ready (A at login) and watches the pending drawer.
  const agent = await newPage(browser);
  await signIn(agent.page, 'agente@atiende.test', DEMO_PASSWORD);
  await agent.page.getByTestId('header-notifications').click();
  await expect(agent.page.getByTestId('pending-drawer')).toBeVisible();

  // A visitor on the demo shop opens the web chat from the floating button.
  const visitor = await newPage(browser, { width: 1280, height: 820 });
  const site = visitor.page;
  await site.goto(`${BASE_URL}/demo/site`);
  await expect(site.getByRole('heading', { name: 'Tienda Demo' })).toBeVisible();
  await site.getByTestId('atiende-launcher').click();
  await expect(site.getByTestId('atiende-panel')).toBeVisible();
  await expect(site.getByTestId('atiende-channel-whatsapp')).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+$/);
  await expect(site.getByTestId('atiende-channel-email')).toHaveAttribute('href', 'mailto:soporte@atiende.test');
  await shot(site, 'demo-site-buttons');
  await site.getByTestId('atiende-channel-webchat').click();
  await expect(site.getByTestId('atiende-chat')).toBeVisible();
  const stamp = Date.now();
  const visitorName = `Valentina Web ${stamp}`;
  await site.getByTestId('atiende-chat-name').fill(visitorName);
  await site.getByTestId('atiende-chat-email').fill(`valentina.${stamp}@correo.test`);
  await site.getByTestId('atiende-chat-start').click();
  const input = site.getByTestId('atiende-chat-input');
  await expect(input).toBeVisible();
  const question = `Hola, ¿hacen envíos a Cali? (${stamp})`;
  await input.fill(question);
  await input.press('Enter');
  const log = site.getByTestId('atiende-chat-log');
  await expect(log.locator('[data-direction="incoming"]', { hasText: question })).toBeVisible();
  await expect(log.locator('[data-testid="atiende-message-pending"]')).toHaveCount(0);

  // It reaches the agent live: routed to them, in the pending drawer.
  const item = agent.page.locator('button[data-testid^="pending-item-"]', { hasText: visitorName });
  await expect(item).toBeVisible({ timeout: 20_000 });
  const ticketId = Number((await item.getAttribute('data-testid'))?.replace('pending-item-', ''));
  expect(ticketId).toBeGreaterThan(0);
  await item.click();
  await expect(agent.page).toHaveURL(new RegExp(`/v2/app/tickets/${ticketId}/view$`));
  await expect(agent.page.locator('[data-testid^="ticket-message-"]', { hasText: question })).toBeVisible();

  // The visitor typing shows in the agent's composer (typing notices go out at most every 2 s; the last one was
  // sent while the question was written, before its ticket existed).
  await site.waitForTimeout(2100);
  await input.pressSequentially('Un momento', { delay: 40 });
  await expect(agent.page.getByTestId('reply-customer-typing')).toBeVisible();
  await input.fill('');

  // The agent answers from the ticket view's composer; the visitor sees the reply live.
  const answer = `¡Hola Valentina! Sí, enviamos a Cali en 48 horas. (${stamp})`;
  await agent.page.getByTestId('composer-reply').click();
  await agent.page.getByTestId('reply-body').fill(answer);
  await agent.page.getByTestId('reply-send').click();
  await expect(agent.page.locator('[data-testid^="ticket-message-"]', { hasText: answer })).toBeVisible();
  const reply = log.locator('[data-direction="outgoing"]', { hasText: answer });
  await expect(reply).toBeVisible({ timeout: 20_000 });
  await expect(reply).toContainText('Andrea Agente');

  // A message template, filled for this ticket, inserted from the composer and sent with ALT+ENTER.
  await agent.page.getByTestId('template-picker').click();
  await agent.page.getByTestId('template-picker-search').fill('Seguimiento');
  await agent.page.locator('[data-testid^="template-option-"]').first().click();
  const ticketNumber = (await apiGet<{ number: number }>(agent.page, `/api/v2/tickets/${ticketId}`)).number;
  await expect(agent.page.getByTestId('reply-body')).toHaveValue(
    new RegExp(`Su caso #${ticketNumber} está en revisión`),
  );
  await agent.page.getByTestId('reply-body').press('Alt+Enter');
  await expect(agent.page.getByTestId('reply-body')).toHaveValue('');
  await expect(log.locator('[data-direction="outgoing"]', { hasText: `Su caso #${ticketNumber}` })).toBeVisible({
    timeout: 20_000,
  });

  // A file from the composer: uploaded to the ticket, sent with the reply, downloaded by the visitor.
  const leaflet = Buffer.from(`%PDF-1.4\n% catálogo ${stamp}\n%%EOF\n`);
  await agent.page.getByTestId('reply-file-input').setInputFiles({
    name: 'catalogo-envios.pdf',
    mimeType: 'application/pdf',
    buffer: leaflet,
  });
  await expect(agent.page.getByTestId('reply-files').locator('[data-testid^="reply-file-"]')).toContainText(
    'catalogo-envios.pdf',
  );
  await expect(agent.page.getByTestId('reply-file-uploading')).toHaveCount(0);
  await agent.page.getByTestId('reply-body').fill(`Le comparto el catálogo (${stamp})`);
  await agent.page.getByTestId('reply-send').click();
  await expect(agent.page.getByTestId('reply-files')).toHaveCount(0);
  const sentFile = agent.page.locator('[data-testid^="ticket-message-file-"]', { hasText: 'catalogo-envios.pdf' });
  await expect(sentFile).toBeVisible();
  await shot(agent.page, 'agent-reply-file');
  const fileButton = log.locator('[data-testid^="atiende-file-"]', { hasText: 'catalogo-envios.pdf' });
  await expect(fileButton).toBeVisible({ timeout: 20_000 });
  const [download] = await Promise.all([site.waitForEvent('download'), fileButton.click()]);
  expect(download.suggestedFilename()).toBe('catalogo-envios.pdf');
  expect(fs.readFileSync(await download.path()).equals(leaflet)).toBe(true);
  // The visitor sends a file back: it reaches the agent's timeline as a file of the ticket.
  const receipt = Buffer.from(`%PDF-1.4\n% recibo ${stamp}\n%%EOF\n`);
  await site.getByTestId('atiende-chat-file').setInputFiles({
    name: 'recibo-transferencia.pdf',
    mimeType: 'application/pdf',
    buffer: receipt,
  });
  await expect(log.locator('[data-testid^="atiende-file-"]', { hasText: 'recibo-transferencia.pdf' })).toBeVisible();
  await expect(
    agent.page.locator('[data-testid^="ticket-message-file-"]', { hasText: 'recibo-transferencia.pdf' }),
  ).toBeVisible({ timeout: 20_000 });
  await site.waitForTimeout(300);
  await shot(site, 'demo-site-chat-es');

  // The visitor writes again (the agent's ticket view gets it), then reloads: the conversation is still there.
  const thanks = `Perfecto, gracias (${stamp})`;
  await input.fill(thanks);
  await site.getByTestId('atiende-chat-send').click();
  await expect(agent.page.locator('[data-testid^="ticket-message-"]', { hasText: thanks })).toBeVisible({
    timeout: 20_000,
  });
  await site.reload();
  await site.getByTestId('atiende-launcher').click();
  await expect(site.getByTestId('atiende-chat')).toBeVisible();
  await expect(log.locator('[data-direction="incoming"]', { hasText: question })).toBeVisible();
  await expect(log.locator('[data-direction="outgoing"]', { hasText: answer })).toBeVisible();
  await expect(log.locator('[data-direction="incoming"]', { hasText: thanks })).toBeVisible();
  // Only this visitor's conversation: one incoming message per thing they wrote or sent (two texts, one file).
  await expect(log.locator('[data-direction="incoming"]')).toHaveCount(3);

  // A page in English gets the widget in English (here the demo page served with lang="en", on a phone).
  const english = await newPage(browser, { width: 400, height: 760 });
  await english.page.route(`${BASE_URL}/demo/site`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: (await response.text()).replace('<html lang="es">', '<html lang="en">') });
  });
  await english.page.goto(`${BASE_URL}/demo/site`);
  await english.page.getByTestId('atiende-launcher').click();
  await english.page.getByTestId('atiende-channel-webchat').click();
  await expect(english.page.getByTestId('atiende-chat-start')).toHaveText('Start chat');
  await english.page.waitForTimeout(400);
  await shot(english.page, 'demo-site-mobile-en');

  // The agent's side in English, dark, right to left: a file waiting in the composer and the sent one in the timeline.
  await switchToEnglishDarkRtl(agent.page);
  await agent.page.getByTestId('composer-reply').click();
  await agent.page.getByTestId('reply-file-input').setInputFiles({
    name: 'price list.pdf',
    mimeType: 'application/pdf',
    buffer: leaflet,
  });
  await expect(agent.page.getByTestId('reply-files')).toContainText('price list.pdf');
  await expect(agent.page.getByTestId('reply-file-uploading')).toHaveCount(0);
  await agent.page.waitForTimeout(400);
  await agent.page.getByTestId('reply-composer').screenshot({ path: '/tmp/webchat-agent-composer-en-dark-rtl.png' });
  await sentFile.scrollIntoViewIfNeeded();
  await agent.page.waitForTimeout(300);
  await shot(agent.page, 'agent-timeline-file-en-dark-rtl');

  await english.context.close();
  await visitor.context.close();
  await agent.context.close();
  await supervisor.context.close();
});

test('an administrator creates a widget and gets its embed code; the form in Spanish light and English dark RTL', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await newPage(browser, { width: 1400, height: 1000 });
  const page = admin.page;
  await signIn(page, 'admin@atiende.test', DEMO_PASSWORD);
  await page.goto('/v2/app/omni-widgets');
  const demo = page.locator('[data-testid^="widget-row-"]', { hasText: 'Widget del sitio' });
  await expect(demo).toBeVisible();
  await expect(demo).toContainText(BASE_URL);

  await page.getByTestId('widget-add').click();
  await expect(page).toHaveURL(/\/v2\/app\/omni-widgets\/add$/);
  await expect(page.getByTestId('widget-script-after-save')).toBeVisible();
  // The shared schema explains a wrong origin before anything is sent.
  await page.getByTestId('widget-name').fill('Widget de la tienda e2e');
  await page.getByTestId('widget-origin').fill('https://www.tienda-e2e.test/contacto');
  await page.getByTestId('widget-save').click();
  await expect(page.getByText('Escriba solo el origen del sitio: https://dominio[:puerto]')).toBeVisible();
  await page.getByTestId('widget-origin').fill('https://www.tienda-e2e.test');
  const channels = page.locator('[data-testid^="widget-channel-"][type="checkbox"]');
  await channels.first().check();
  await channels.nth(1).check();
  await page.getByTestId('widget-title').fill('¿Hablamos?');
  await expect(page.getByTestId('widget-preview-panel')).toContainText('¿Hablamos?');
  await page.getByTestId('widget-save').click();
  await expect(page).toHaveURL(/\/v2\/app\/omni-widgets\/\d+\/edit$/);
  const script = page.getByTestId('widget-script');
  await expect(script).toHaveValue(
    new RegExp(`^<script src="${BASE_URL}/widget\\.js" data-atiende-widget="[\\w-]+" async></script>$`),
  );
  const widgetId = Number(/omni-widgets\/(\d+)\/edit/.exec(page.url())?.[1]);
  // Each channel it offers links back to it from its own page.
  const saved = await apiGet<{ channels: { id: number }[] }>(page, `/api/v2/omni-widgets/${widgetId}`);
  await page.goto(`/v2/app/channels/${saved.channels[0].id}/edit`);
  await page.getByTestId('channel-widgets').scrollIntoViewIfNeeded();
  await expect(page.getByTestId(`channel-widget-${widgetId}`)).toBeVisible();
  await shot(page, 'channel-widgets-es-light');
  await page.getByTestId(`channel-widget-${widgetId}`).getByRole('link', { name: 'Widget de la tienda e2e' }).click();
  await expect(page).toHaveURL(new RegExp(`/v2/app/omni-widgets/${widgetId}/edit$`));
  await page.goto('/v2/app/omni-widgets');
  await expect(page.getByTestId(`widget-row-${widgetId}`)).toContainText('Widget de la tienda e2e');

  // The demo widget's form, Spanish and light.
  await demo.click();
  await expect(page.getByTestId('widget-name')).toHaveValue('Widget del sitio');
  // Allowed at both names of this machine: a newcomer may open the demo site at localhost or at 127.0.0.1.
  const loopbackSite = BASE_URL.replace('localhost', '127.0.0.1');
  await expect(page.getByTestId('widget-origin')).toHaveValue(`${BASE_URL}\n${loopbackSite}`);
  const numeric = await newPage(browser, { width: 1100, height: 700 });
  await numeric.page.goto(`${loopbackSite}/demo/site`);
  await numeric.page.getByTestId('atiende-launcher').click();
  await numeric.page.getByTestId('atiende-channel-webchat').click();
  await expect(numeric.page.getByTestId('atiende-chat-start')).toBeVisible();
  await numeric.context.close();
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/webchat-admin-form-es-light.png', fullPage: true });

  // English, dark, right to left.
  await storeEnglishDarkRtl(page);
  await page.reload();
  await expect(page.getByTestId('widget-script-section')).toContainText('Code for your website');
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/webchat-admin-form-en-dark-rtl.png', fullPage: true });
  await page.goto('/v2/app/omni-widgets');
  await expect(page.getByTestId(`widget-row-${widgetId}`)).toBeVisible();
  await page.screenshot({ path: '/tmp/webchat-admin-list-en-dark-rtl.png' });

  // The demo widget as a list of buttons at the bottom left, on a right-to-left page (then back as it was).
  interface Widget {
    id: number;
    name: string;
    enabled: boolean;
    allowedOrigins: string[];
    channels: { id: number }[];
    style: string;
    title: string | null;
    subtitle: string | null;
    position: string;
    primaryColor: string;
    iconType: string;
  }
  const demoId = Number((await demo.getAttribute('data-testid'))?.replace('widget-row-', ''));
  const current = await apiGet<Widget>(page, `/api/v2/omni-widgets/${demoId}`);
  const body = (changes: Partial<Widget>) => ({
    name: current.name,
    enabled: current.enabled,
    allowedOrigins: current.allowedOrigins,
    channelIds: current.channels.map((channel) => channel.id),
    style: current.style,
    title: current.title,
    subtitle: current.subtitle,
    position: current.position,
    primaryColor: current.primaryColor,
    iconType: current.iconType,
    ...changes,
  });
  await apiPut(page, `/api/v2/omni-widgets/${demoId}`, body({ style: 'list', position: 'bottom-left' }));
  try {
    const site = await newPage(browser, { width: 1100, height: 700 });
    await site.page.route(`${BASE_URL}/demo/site`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('<html lang="es">', '<html lang="es" dir="rtl">');
      await route.fulfill({ response, body: html });
    });
    await site.page.goto(`${BASE_URL}/demo/site`);
    await expect(site.page.getByTestId('atiende-channel-whatsapp')).toBeVisible();
    await expect(site.page.getByTestId('atiende-launcher')).toHaveCount(0);
    await site.page.getByTestId('atiende-channel-webchat').click();
    await expect(site.page.getByTestId('atiende-chat-start')).toBeVisible();
    await site.page.waitForTimeout(400);
    await shot(site.page, 'demo-site-list-rtl');
    await site.page.keyboard.press('Escape');
    await expect(site.page.getByTestId('atiende-chat')).toHaveCount(0);
    await site.context.close();
  } finally {
    await apiPut(page, `/api/v2/omni-widgets/${demoId}`, body({}));
  }
  await admin.context.close();
});
