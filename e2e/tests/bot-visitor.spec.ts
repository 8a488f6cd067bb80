import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiGet, apiPost, apiPut } from '../support/api.js';
import { signIn } from '../support/auth.js';
import { prepareWebchatRouting } from '../support/demo.js';
import { BASE_URL, DEMO_PASSWORD } from '../support/env.js';

/** The demo site's web chat channel (apps/server/src/modules/demo/demo.structure.ts). */
const DEMO_WEBCHAT = 'Chat del sitio web';

/** Screenshots for the visual review: /tmp/bot-visitor-*.png. */
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/bot-visitor-${name}.png` });

async function newPage(browser: Browser, width = 1400, height = 900) {
  const context = await browser.newContext({ viewport: { width, height } });
  return { context, page: await context.newPage() };
}

const at = (x: number, y: number) => ({ x, y });

/** The shop's assistant: a greeting, a menu, opening hours (and the menu again) or a person. */
function shopFlow() {
  return {
    startNodeId: 'hi',
    nodes: [
      { id: 'hi', position: at(0, 0), data: { type: 'say', text: '¡Hola! Soy el asistente virtual de Tienda Demo.' } },
      {
        id: 'menu',
        position: at(0, 140),
        data: {
          type: 'list',
          text: '¿En qué le ayudo?',
          options: [
            { id: 'asesor', title: 'Hablar con un asesor' },
            { id: 'horario', title: 'Horarios de atención' },
          ],
        },
      },
      {
        id: 'hours',
        position: at(200, 280),
        data: { type: 'say', text: 'Atendemos de lunes a sábado, de 8:00 a 18:00.' },
      },
      { id: 'again', position: at(200, 420), data: { type: 'goTo', target: 'menu' } },
      {
        id: 'agent',
        position: at(-200, 280),
        data: { type: 'action', action: 'transferToAgent', text: 'Le comunico con un asesor. Un momento, por favor.' },
      },
      { id: 'sorry', position: at(0, 280), data: { type: 'fallback', text: 'No le entendí.' } },
      { id: 'retry', position: at(0, 420), data: { type: 'goTo', target: 'menu' } },
    ],
    edges: [
      { id: 'e1', source: 'hi', sourceHandle: 'next', target: 'menu' },
      { id: 'e2', source: 'menu', sourceHandle: 'option:asesor', target: 'agent' },
      { id: 'e3', source: 'menu', sourceHandle: 'option:horario', target: 'hours' },
      { id: 'e4', source: 'menu', sourceHandle: 'other', target: 'sorry' },
      { id: 'e5', source: 'hours', sourceHandle: 'next', target: 'again' },
      { id: 'e6', source: 'sorry', sourceHandle: 'next', target: 'retry' },
    ],
  };
}

test('a visitor on the demo site talks to the bot, is transferred, and the agent reads the transcript and answers', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await newPage(browser);
  await signIn(admin.page, 'admin@atiende.test', DEMO_PASSWORD);
  await prepareWebchatRouting(admin.page);
  const channels = await apiGet<{ data: { id: number; name: string }[] }>(
    admin.page,
    '/api/v2/channels?type=webchat&sizePerPage=100',
  );
  const channelId = channels.data.find((channel) => channel.name === DEMO_WEBCHAT)?.id as number;
  expect(channelId).toBeGreaterThan(0);

  // The administrator's bot, published and answering the site's chat.
  const bot = await apiPost<{ id: number; versions: { id: number }[] }>(admin.page, '/api/v2/bots', {
    name: `Asistente de la tienda ${Date.now()}`,
    flow: shopFlow(),
  });
  await apiPost(admin.page, `/api/v2/bots/${bot.id}/versions/${bot.versions[0].id}/publish`, {});
  await apiPut(admin.page, `/api/v2/bots/${bot.id}/channels`, { channelIds: [channelId] });
  try {
    // The agent is ready and watches the pending drawer.
    const agent = await newPage(browser);
    await signIn(agent.page, 'agente@atiende.test', DEMO_PASSWORD);
    await agent.page.getByTestId('header-notifications').click();
    await expect(agent.page.getByTestId('pending-drawer')).toBeVisible();

    // The visitor opens the chat on the demo shop and says hello: the bot answers, no agent yet.
    const visitor = await newPage(browser, 1280, 820);
    const site = visitor.page;
    await site.goto(`${BASE_URL}/demo/site`);
    await site.getByTestId('atiende-launcher').click();
    await site.getByTestId('atiende-channel-webchat').click();
    const stamp = Date.now();
    const visitorName = `Camila Bot ${stamp}`;
    await site.getByTestId('atiende-chat-name').fill(visitorName);
    await site.getByTestId('atiende-chat-email').fill(`camila.${stamp}@correo.test`);
    await site.getByTestId('atiende-chat-start').click();
    const input = site.getByTestId('atiende-chat-input');
    const log = site.getByTestId('atiende-chat-log');
    const botSays = (text: string | RegExp) => log.locator('[data-direction="outgoing"]', { hasText: text });
    await input.fill('Hola, buenas tardes');
    await input.press('Enter');
    await expect(botSays('Soy el asistente virtual de Tienda Demo')).toBeVisible({ timeout: 20_000 });
    await expect(botSays('1. Hablar con un asesor')).toBeVisible();
    await expect(botSays('2. Horarios de atención')).toBeVisible();

    // A question the bot answers itself, then the menu again.
    await input.fill('2');
    await input.press('Enter');
    await expect(botSays('Atendemos de lunes a sábado')).toBeVisible({ timeout: 20_000 });
    await expect(botSays('¿En qué le ayudo?')).toHaveCount(2);
    await shot(site, 'visitor-with-bot');
    // Still with the bot: nothing for the agent.
    await expect(agent.page.locator('button[data-testid^="pending-item-"]', { hasText: visitorName })).toHaveCount(0);

    // A person, please: the bot hands the conversation to the agent.
    await input.fill('Hablar con un asesor');
    await input.press('Enter');
    await expect(botSays('Le comunico con un asesor')).toBeVisible({ timeout: 20_000 });
    const item = agent.page.locator('button[data-testid^="pending-item-"]', { hasText: visitorName });
    await expect(item).toBeVisible({ timeout: 20_000 });
    const ticketId = Number((await item.getAttribute('data-testid'))?.replace('pending-item-', ''));
    await item.click();
    await expect(agent.page).toHaveURL(new RegExp(`/v2/app/tickets/${ticketId}/view$`));

    // The agent reads the whole conversation with the bot, then answers; the visitor sees it live.
    const thread = agent.page.locator('[data-testid^="ticket-message-"]');
    for (const text of [
      'Hola, buenas tardes',
      'Soy el asistente virtual de Tienda Demo',
      'Atendemos de lunes a sábado',
      'Le comunico con un asesor',
    ]) {
      await expect(thread.filter({ hasText: text }).first()).toBeVisible();
    }
    await agent.page
      .locator('[data-testid^="ticket-message-"]', { hasText: 'Le comunico con un asesor' })
      .scrollIntoViewIfNeeded();
    await shot(agent.page, 'agent-transcript');
    const answer = `¡Hola Camila! Soy Andrea, ¿en qué le ayudo? (${stamp})`;
    await agent.page.getByTestId('composer-reply').click();
    await agent.page.getByTestId('reply-body').fill(answer);
    await agent.page.getByTestId('reply-send').click();
    const reply = botSays(answer);
    await expect(reply).toBeVisible({ timeout: 20_000 });
    await expect(reply).toContainText('Andrea Agente');
    await shot(site, 'visitor-with-agent');
    await visitor.context.close();
    await agent.context.close();
  } finally {
    // The demo's site chat goes back to its agents for the tests that follow.
    await apiPut(admin.page, `/api/v2/bots/${bot.id}/channels`, { channelIds: [] });
    await admin.context.close();
  }
});
