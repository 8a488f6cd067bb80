import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiGet, apiPost } from '../support/api.js';
import { switchToEnglishDarkRtl } from '../support/appearance.js';
import { signIn } from '../support/auth.js';
import { BASE_URL, DEMO_PASSWORD } from '../support/env.js';
import { chooseInSelect, selectByInput } from '../support/select.js';

/**
 * The README's walkthrough exactly as a newcomer follows it, with no setup step: the demo data alone makes a chat
 * from /demo/site reach agente@atiende.test at any hour (the site's chat has no closing hours and the campaign
 * leaves the demo agent room; a unit test checks the hours at every moment of a week). The second demo page shows
 * the out-of-hours case, and everyone sees why that conversation waits.
 */

/** Screenshots for a visual review, written to /tmp/walkthrough-*.png. */
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/walkthrough-${name}.png` });

async function newPage(browser: Browser, width = 1400, height = 900) {
  const context = await browser.newContext({ viewport: { width, height } });
  return { context, page: await context.newPage() };
}

/** The visitor's part: open the widget on a demo page, start the chat with a name and e-mail, write. */
async function visitorWrites(site: Page, path: string, name: string, email: string, text: string) {
  await site.goto(`${BASE_URL}${path}`);
  await site.getByTestId('atiende-launcher').click();
  await site.getByTestId('atiende-channel-webchat').click();
  await site.getByTestId('atiende-chat-name').fill(name);
  await site.getByTestId('atiende-chat-email').fill(email);
  await site.getByTestId('atiende-chat-start').click();
  const input = site.getByTestId('atiende-chat-input');
  await input.fill(text);
  await input.press('Enter');
  await expect(
    site.getByTestId('atiende-chat-log').locator('[data-direction="incoming"]', { hasText: text }),
  ).toBeVisible();
}

/** The ticket of a visitor's conversation, once it exists (found by the visitor's name). */
async function ticketOf(page: Page, visitorName: string): Promise<number> {
  let id = 0;
  await expect
    .poll(
      async () => {
        const url = `/api/v2/tickets?searchText=${encodeURIComponent(visitorName)}`;
        id = (await apiGet<{ data: { id: number }[] }>(page, url)).data[0]?.id ?? 0;
        return id;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  return id;
}

test('README walkthrough: a chat from /demo/site reaches the demo agent live and the reply reaches the visitor', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // "Sign in as agente@atiende.test in another window": the agent is ready (A) at login and opens the bell.
  const agent = await newPage(browser);
  await signIn(agent.page, 'agente@atiende.test', DEMO_PASSWORD);
  await agent.page.getByTestId('header-notifications').click();
  await expect(agent.page.getByTestId('pending-drawer')).toBeVisible();

  // A supervisor watches the tickets list: it stays current without reloading.
  const supervisor = await newPage(browser);
  await signIn(supervisor.page, 'supervisor@atiende.test', DEMO_PASSWORD);
  await supervisor.page.goto('/v2/app/tickets');
  await expect(supervisor.page.locator('[data-testid^="ticket-select-"]').first()).toBeVisible();

  // "Open http://localhost:3000/demo/site ... start the web chat as a customer".
  const visitor = await newPage(browser, 1280, 820);
  const stamp = Date.now();
  const name = `Camila Recorrido ${stamp}`;
  const question = `Hola, ¿tienen la cafetera italiana en rojo? (${stamp})`;
  await visitorWrites(visitor.page, '/demo/site', name, `camila.${stamp}@correo.test`, question);
  const firstTicket = await ticketOf(supervisor.page, name);
  await expect(supervisor.page.getByTestId(`ticket-select-${firstTicket}`)).toBeVisible({ timeout: 15_000 });
  // The supervisor narrows the list by channel type: the web chat leaves it, and the address keeps the filter.
  await supervisor.page.getByTestId('tickets-filter-channel-types').click();
  await supervisor.page.getByRole('option', { name: 'Correo electrónico' }).click();
  await supervisor.page.keyboard.press('Escape');
  await expect(supervisor.page).toHaveURL(/channel_types=email/);
  await expect(supervisor.page.getByTestId(`ticket-select-${firstTicket}`)).toHaveCount(0);
  await supervisor.page.screenshot({ path: '/tmp/walkthrough-tickets-list-filters.png' });
  // Saved as a view, it comes back with one click.
  await supervisor.page.getByTestId('tickets-views').click();
  await supervisor.page.getByTestId('tickets-view-save').click();
  await supervisor.page.getByTestId('tickets-view-name').fill('Correos');
  await supervisor.page.getByTestId('tickets-view-name-save').click();
  await expect(supervisor.page.getByTestId('snackbar')).toHaveAttribute('data-variant', 'success');
  // Kept on the account, not in this browser: the server lists it.
  const views = await apiGet<{ name: string; search: string }[]>(supervisor.page, '/api/v2/tickets/views');
  expect(views.find((view) => view.name === 'Correos')?.search).toContain('channel_types=email');
  await supervisor.page.goto('/v2/app/tickets?selectedStatus=5');
  await expect(supervisor.page.getByTestId(`ticket-select-${firstTicket}`)).toBeVisible();
  await supervisor.page.getByTestId('tickets-views').click();
  await supervisor.page.getByTestId('tickets-view-Correos').click();
  await expect(supervisor.page).toHaveURL(/channel_types=email/);
  await expect(supervisor.page.getByTestId(`ticket-select-${firstTicket}`)).toHaveCount(0);

  // "The message arrives in the agent's pending drawer (bell)".
  const item = agent.page.locator('button[data-testid^="pending-item-"]', { hasText: name });
  await expect(item).toBeVisible({ timeout: 20_000 });
  await item.click();
  await expect(agent.page.locator('[data-testid^="ticket-message-"]', { hasText: question })).toBeVisible();
  // Assigned, so nothing says it waits; the visitor gave a name and an e-mail, so no technical id shows.
  await expect(agent.page.getByTestId('ticket-waiting')).toHaveCount(0);
  const customerPanel = agent.page.getByTestId('ticket-customer-panel');
  await expect(customerPanel).toContainText(`camila.${stamp}@correo.test`);
  await expect(customerPanel).not.toContainText('wv-');
  await expect(agent.page.getByTestId('ticket-thread')).not.toContainText('wv-');

  // Conversation first: the thread opens at the newest message, the composer right under it; typing "/" and a few
  // letters offers the message templates, Enter inserts the first.
  const pane = agent.page.getByTestId('ticket-thread-pane');
  await expect
    .poll(() => pane.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight))
    .toBeLessThanOrEqual(80);
  await agent.page.getByTestId('composer-reply').click();
  await agent.page.getByTestId('reply-body').fill('/seguim');
  await expect(agent.page.getByTestId('slash-templates')).toBeVisible();
  await agent.page.getByTestId('reply-body').press('Enter');
  await expect(agent.page.getByTestId('reply-body')).toHaveValue(/Su caso #\d+ está en revisión/);
  await agent.page.getByTestId('reply-body').fill('');

  // "The answer from the ticket view reaches the chat live".
  const answer = `¡Sí, Camila! La tenemos en rojo y la enviamos hoy. (${stamp})`;
  await agent.page.getByTestId('composer-reply').click();
  await agent.page.getByTestId('reply-body').fill(answer);
  await agent.page.getByTestId('reply-send').click();
  const reply = visitor.page
    .getByTestId('atiende-chat-log')
    .locator('[data-direction="outgoing"]', { hasText: answer });
  await expect(reply).toBeVisible({ timeout: 20_000 });
  await expect(reply).toContainText('Andrea Agente');
  // No out-of-hours answer on the site's chat, whatever the hour.
  await expect(visitor.page.getByTestId('atiende-chat-log')).not.toContainText('Nuestro horario');

  // The agent finds the conversation again by what the visitor wrote: Enter opens every result.
  const search = agent.page.getByTestId('global-search');
  await search.fill('CAFETERA Italiana en ROJO');
  await search.press('Enter');
  await expect(agent.page).toHaveURL(/\/v2\/app\/search\?q=/);
  const hit = agent.page.getByTestId('search-messages').locator('li', { hasText: `(${stamp})` });
  await expect(hit).toContainText('cafetera italiana en rojo');
  await shot(agent.page, 'search-results');
  await hit.getByRole('link').click();
  await expect(agent.page).toHaveURL(new RegExp(`/v2/app/tickets/${firstTicket}/view$`));
  await search.fill(`nada-coincide-${stamp}`);
  await search.press('Enter');
  await expect(agent.page.getByTestId('search-empty')).toContainText(`Nada coincide con «nada-coincide-${stamp}»`);
  await agent.page.goto(`/v2/app/tickets/${firstTicket}/view`);

  // The agent records the work and closes: the visitor is told the conversation ended.
  await agent.page.getByTestId('composer-task').click();
  await chooseInSelect(agent.page, selectByInput(agent.page, 'task-field-motivo'), 'Compra');
  await agent.page.getByTestId('task-field-resultado').getByLabel('Resuelto').check();
  await agent.page.getByTestId('task-notes').fill('Se confirmó el color disponible');
  await agent.page.getByTestId('task-save').click();
  await expect(agent.page.getByTestId('ticket-status')).toHaveAttribute('data-status', '1');
  await agent.page.getByTestId('ticket-action-close').click();
  await agent.page.getByTestId('confirm-accept').click();
  await expect(agent.page.getByTestId('ticket-status')).toHaveAttribute('data-status', '4');
  const log = visitor.page.getByTestId('atiende-chat-log');
  await expect(log.locator('[data-direction="outgoing"]', { hasText: 'Esta conversación ha finalizado' })).toBeVisible({
    timeout: 20_000,
  });
  await shot(visitor.page, 'site-chat');

  // Writing again opens a new ticket, linked to the closed one, and it reaches the agent too.
  const again = `Perdón, una cosa más: ¿la envían a Cali? (${stamp})`;
  await visitor.page.getByTestId('atiende-chat-input').fill(again);
  await visitor.page.getByTestId('atiende-chat-input').press('Enter');
  await agent.page.getByTestId('header-notifications').click();
  const next = agent.page.locator('button[data-testid^="pending-item-"]', { hasText: again });
  await expect(next).toBeVisible({ timeout: 20_000 });
  await next.click();
  const closedNumber = (await apiGet<{ number: number }>(agent.page, `/api/v2/tickets/${firstTicket}`)).number;
  await expect(agent.page.getByTestId(`ticket-related-${closedNumber}`)).toBeVisible();
  // Beside the thread: the customer's earlier tickets.
  await expect(agent.page.getByTestId(`ticket-earlier-${firstTicket}`)).toBeVisible();
  await shot(agent.page, 'ticket-view-es-light');
  await agent.context.close();
  await visitor.context.close();
  await supervisor.context.close();
});

test('out of hours: the visitor gets the channel’s answer, and the agent and supervisor see why the chat waits', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const supervisor = await newPage(browser);
  await signIn(supervisor.page, 'supervisor@atiende.test', DEMO_PASSWORD);
  // Only the second demo agent serves the out-of-hours chat; earlier tests may have left them signed in.
  const agents = await apiGet<{ id: number; nombre: string; estado: string }[]>(
    supervisor.page,
    '/api/v2/supervision/agentes',
  );
  const nightAgent = agents.find((candidate) => candidate.nombre.startsWith('Mateo Agente'));
  if (nightAgent && nightAgent.estado !== 'D') {
    await apiPost(supervisor.page, `/api/v2/supervision/agentes/${nightAgent.id}/estado`, { estado: 'D' });
  }

  const visitor = await newPage(browser, 1280, 820);
  const stamp = Date.now();
  const name = `Julián Nocturno ${stamp}`;
  const question = `¿Siguen abiertos? Necesito cambiar mi pedido (${stamp})`;
  await visitor.page.goto(`${BASE_URL}/demo/after-hours`);
  await expect(visitor.page.getByRole('heading', { name: 'Fuera de horario' })).toBeVisible();
  await visitorWrites(visitor.page, '/demo/after-hours', name, `julian.${stamp}@correo.test`, question);
  // The channel's out-of-hours answer reaches the visitor.
  await expect(
    visitor.page.getByTestId('atiende-chat-log').locator('[data-direction="outgoing"]', { hasText: 'Nuestro horario' }),
  ).toBeVisible({ timeout: 20_000 });
  await shot(visitor.page, 'after-hours-chat');

  // The supervisor finds the conversation waiting and reads why.
  const ticketId = await ticketOf(supervisor.page, name);
  await supervisor.page.goto(`/v2/app/tickets/${ticketId}/view`);
  const notice = supervisor.page.getByTestId('ticket-waiting');
  await expect(notice).toBeVisible();
  await expect(notice).toHaveAttribute('data-reasons', 'outside-hours no-agent-ready');
  await expect(notice).toContainText('Esperando un agente');
  await expect(notice).toContainText('El canal Chat fuera de horario está fuera de su horario de atención');
  await expect(notice).toContainText('no está en Alistamiento ni en Espera');
  await expect(notice).toContainText(/Posición \d+ de \d+ en la cola de Servicio al cliente/);
  await shot(supervisor.page, 'waiting-ticket-es-light');

  // The demo agent, ready, learns that a conversation waits in their campaign (on a channel they do not serve).
  const agent = await newPage(browser);
  await signIn(agent.page, 'agente@atiende.test', DEMO_PASSWORD);
  await agent.page.getByTestId('header-notifications').click();
  await expect(agent.page.getByTestId('pending-own-queue')).toContainText(/esperan? en sus campañas/);
  await shot(agent.page, 'agent-drawer-es-light');

  // English, dark, right to left.
  await switchToEnglishDarkRtl(supervisor.page);
  await expect(notice).toContainText('Waiting for an agent');
  await expect(notice).toContainText('The Chat fuera de horario channel is outside its business hours');
  await shot(supervisor.page, 'waiting-ticket-en-dark-rtl');
  await supervisor.page.goto('/v2/app/supervision/queues');
  await expect(supervisor.page.locator('[data-testid^="queue-waiting-"]').first()).toBeVisible();
  await shot(supervisor.page, 'queues-en-dark-rtl');

  await agent.context.close();
  await visitor.context.close();
  await supervisor.context.close();
});
