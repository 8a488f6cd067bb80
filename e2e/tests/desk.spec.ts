import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiGet, apiPost } from '../support/api.js';
import { storeEnglishDarkRtl } from '../support/appearance.js';
import { fillCredentials, readVerificationCode, signIn } from '../support/auth.js';
import { raiseServiceAgentLimit } from '../support/demo.js';
import { DEMO_PASSWORD } from '../support/env.js';
import { chooseInSelect, selectByInput } from '../support/select.js';

/** Screenshots for a visual review (`DESK_SCREENSHOTS=1`), written to /tmp/desk-*.png. */
const SHOTS = Boolean(process.env.DESK_SCREENSHOTS);

interface Inbound {
  messageId: number;
  interactionId: number;
  ticketId: number;
}

async function newPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1500, height: 950 } });
  return { context, page: await context.newPage() };
}

async function signInWithCode(page: Page, email: string) {
  await page.goto('/v2/login');
  const since = Date.now() - 1;
  await fillCredentials(page, email, DEMO_PASSWORD);
  await page.getByTestId('login-code').fill(await readVerificationCode(email, since));
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('header-user-menu')).toBeVisible();
}

/** The header's status dot (the menu button's; the avatar carries its own). */
const statusDot = (page: Page) => page.getByTestId('agent-status-button').getByTestId('agent-status-dot');
const soundCount = async (page: Page) => Number(await page.getByTestId('pending-sound').getAttribute('data-count'));
const badgeCount = async (page: Page) => Number(await page.getByTestId('pending-badge').getAttribute('data-count'));

test('agent desktop: a message arrives live, is read, closed, and a supervisor pauses the agent', async ({
  browser,
}) => {
  test.setTimeout(180_000);

  // The other agent first: the campaign's waiting work goes to them, not to the agent under test.
  const other = await newPage(browser);
  await signInWithCode(other.page, 'agente.mfa@atiende.test');

  // The supervisor makes room: the demo agent already holds the campaign's five tickets per agent.
  const supervisor = await newPage(browser);
  await signIn(supervisor.page, 'supervisor@atiende.test', DEMO_PASSWORD);
  await raiseServiceAgentLimit(supervisor.page);
  const channels = await apiGet<{ data: { id: number; type: string }[] }>(
    supervisor.page,
    '/api/v2/channels?sizePerPage=100',
  );
  const email = channels.data.find((channel) => channel.type === 'email') as { id: number };

  // The agent under test: ready (A) at login, then waiting (E) from the status menu.
  const agent = await newPage(browser);
  const page = agent.page;
  await signIn(page, 'agente@atiende.test', DEMO_PASSWORD);
  const agentId = (await apiGet<{ id: number }>(page, '/api/v2/usuario/perfil')).id;
  await expect(statusDot(page)).toHaveAttribute('data-status', 'A');
  // A labelled chip, and each option says what it means for receiving work.
  await expect(page.getByTestId('agent-status-button')).toContainText('Alistamiento');
  await page.getByTestId('agent-status-button').click();
  await expect(page.getByTestId('agent-status-option-E')).toContainText('recibe casos nuevos');
  await expect(page.getByTestId('agent-status-menu')).toBeVisible();
  await expect(page.getByTestId('agent-status-option-D')).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('agent-status-option-DESCANSO')).toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('agent-status-option-E').click();
  await expect(statusDot(page)).toHaveAttribute('data-status', 'E');
  // Work routed by going to E (if any) has settled before counting.
  await page.waitForTimeout(1500);

  await page.getByTestId('header-notifications').click();
  await expect(page.getByTestId('pending-drawer')).toBeVisible();
  await expect(page.getByTestId('pending-list').or(page.getByTestId('pending-empty'))).toBeVisible();
  await other.page.getByTestId('header-notifications').click();
  await expect(other.page.getByTestId('pending-drawer')).toBeVisible();
  const sounds = await soundCount(page);
  const unread = await badgeCount(page);

  // A customer writes to the e-mail channel (only this agent serves it): it reaches the agent's list live.
  const stamp = Date.now();
  const inbound = await apiPost<Inbound>(supervisor.page, `/api/v2/channels/${email.id}/inbound`, {
    providerMessageId: `e2e-desk-${stamp}`,
    from: `lucia.${stamp}@correo.test`,
    senderName: 'Lucía Prueba',
    text: 'Hola, mi pedido llegó incompleto. ¿Me pueden ayudar?',
  });
  const item = page.getByTestId(`pending-item-${inbound.ticketId}`);
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('data-unread', 'true');
  await expect(item).toContainText('Lucía Prueba');
  // The preview is the latest message: the customer's, or the channel's out-of-hours answer on a closed day.
  await expect(item).toContainText(/mi pedido llegó incompleto|Nuestro horario/);
  await expect.poll(() => badgeCount(page)).toBe(unread + 1);
  await expect.poll(() => soundCount(page)).toBeGreaterThan(sounds);
  // Not in the other agent's "mine" list.
  await expect(other.page.getByTestId('pending-drawer')).toBeVisible();
  await expect(other.page.getByTestId(`pending-item-${inbound.ticketId}`)).toHaveCount(0);

  if (SHOTS) {
    await page.waitForTimeout(600);
    await page.screenshot({ path: '/tmp/desk-drawer-es-light.png' });
    await page.getByTestId('pending-filter-button').click();
    await expect(page.getByTestId('pending-filter-menu')).toBeVisible();
    await page.waitForTimeout(600);
    await page.screenshot({ path: '/tmp/desk-filter-menu-es-light.png' });
    await page.keyboard.press('Escape');
  }

  // The agent opens it: read, handled (G), its conversation in the timeline.
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/v2/app/tickets/${inbound.ticketId}/view$`));
  await expect(page.getByTestId('pending-drawer')).toBeHidden();
  await expect(page.getByTestId(`ticket-interaction-${inbound.interactionId}`)).toBeVisible();
  await expect(page.getByTestId(`ticket-message-${inbound.messageId}`)).toContainText('mi pedido llegó incompleto');
  await expect(page.getByTestId(`ticket-message-${inbound.messageId}`)).toHaveAttribute('data-direction', 'incoming');
  await expect.poll(() => badgeCount(page)).toBe(unread);
  await expect(statusDot(page)).toHaveAttribute('data-status', 'G');
  if (SHOTS) await page.screenshot({ path: '/tmp/desk-ticket-timeline-es-light.png', fullPage: true });
  await page.getByTestId('header-notifications').click();
  await expect(page.getByTestId(`pending-item-${inbound.ticketId}`)).toHaveAttribute('data-unread', 'false');
  await page.getByTestId('pending-drawer-close').click();

  // A task with the campaign's form, then closing: it leaves the pending list and the agent waits again.
  await page.getByTestId('composer-task').click();
  await chooseInSelect(page, selectByInput(page, 'task-field-motivo'), 'Garantía');
  await page.getByTestId('task-field-resultado').getByLabel('Resuelto').check();
  await page.getByTestId('task-notes').fill('Se envió la pieza faltante');
  await page.getByTestId('task-save').click();
  await expect(page.getByTestId('ticket-status')).toHaveAttribute('data-status', '1');
  await page.getByTestId('ticket-action-close').click();
  await page.getByTestId('confirm-accept').click();
  await expect(page.getByTestId('ticket-status')).toHaveAttribute('data-status', '4');
  await expect(statusDot(page)).toHaveAttribute('data-status', 'E');
  await page.getByTestId('header-notifications').click();
  await expect(page.getByTestId('pending-drawer')).toBeVisible();
  await expect(page.getByTestId(`pending-item-${inbound.ticketId}`)).toHaveCount(0);
  await page.getByTestId('pending-drawer-close').click();

  if (SHOTS) {
    await page.getByTestId('agent-status-button').click();
    await expect(page.getByTestId('agent-status-menu')).toBeVisible();
    await page.waitForTimeout(600);
    await page.screenshot({ path: '/tmp/desk-status-menu-es-light.png' });
    await page.keyboard.press('Escape');
  }

  // A supervisor forces a pause: the agent lands on the lock screen; unlocking brings them back ready (A).
  await apiPost(supervisor.page, `/api/v2/supervision/agentes/${agentId}/estado`, { estado: 'P', pausa: 'DESCANSO' });
  await expect(page).toHaveURL(/\/v2\/lockscreen$/);
  expect(await page.evaluate(() => localStorage.getItem('userPause'))).toBe('true');
  await page.goto('/v2/app/tickets');
  await expect(page).toHaveURL(/\/v2\/lockscreen$/);
  await page.getByTestId('lock-password').fill(DEMO_PASSWORD);
  await page.getByTestId('lock-submit').click();
  await expect(page).toHaveURL(/\/v2\/app\/?$/);
  await expect(statusDot(page)).toHaveAttribute('data-status', 'A');
  expect((await apiGet<{ estado: string }>(page, '/api/v2/supervision/agente/estado')).estado).toBe('A');
  expect(await page.evaluate(() => localStorage.getItem('userPause'))).toBeNull();

  if (SHOTS) {
    // English, dark, right to left: the drawer with the agent's tickets, the status menu and a conversation.
    await storeEnglishDarkRtl(page);
    await page.reload();
    await page.getByTestId('header-notifications').click();
    await expect(page.getByTestId('pending-list')).toBeVisible();
    await page.waitForTimeout(600);
    await page.screenshot({ path: '/tmp/desk-drawer-en-dark-rtl.png' });
    const first = page.getByTestId('pending-list').locator('[data-testid^="pending-item-"]').first();
    await first.click();
    await expect(page.locator('[data-testid^="ticket-interaction-"]').first()).toBeVisible();
    await page.screenshot({ path: '/tmp/desk-ticket-timeline-en-dark-rtl.png', fullPage: true });
    await page.getByTestId('agent-status-button').click();
    await expect(page.getByTestId('agent-status-menu')).toBeVisible();
    await page.waitForTimeout(600);
    await page.screenshot({ path: '/tmp/desk-status-menu-en-dark-rtl.png' });
    await page.keyboard.press('Escape');
  }

  await agent.context.close();
  await other.context.close();
  await supervisor.context.close();
});

test('the pending list remembers its filter and sort, and non-agents see no status menu', async ({ page }) => {
  await page.setViewportSize({ width: 1500, height: 950 });
  await signIn(page, 'supervisor@atiende.test', DEMO_PASSWORD);
  await expect(page.getByTestId('header-user-menu')).toBeVisible();
  await expect(page.getByTestId('agent-status-button')).toHaveCount(0);
  await page.getByTestId('header-notifications').click();
  await page.getByTestId('pending-filter-button').click();
  await expect(page.getByTestId('pending-filter-menu')).toBeVisible();
  await expect(page.getByTestId('pending-filter-mine')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('pending-filter-all').click();
  await page.getByTestId('pending-order-ASC').click();
  await page.getByTestId('pending-notify-pending').click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('pending-list')).toBeVisible();
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('notificationsSortOrder'))) ?? '{}');
  expect(stored).toEqual({ sortBy: 'ASC', sortColumn: 'created_at', filter: 'all', notify: 'pending' });
  // With "pending" the bell counts every pending ticket of the list.
  const totals = await apiGet<{ totalCasosPendientes: number }>(
    page,
    '/api/v2/caso/pendientes?filter=all&sortBy=ASC&sortColumn=created_at',
  );
  await expect(page.getByTestId('pending-badge')).toHaveAttribute('data-count', String(totals.totalCasosPendientes));
  await page.reload();
  await page.getByTestId('header-notifications').click();
  await page.getByTestId('pending-filter-button').click();
  await expect(page.getByTestId('pending-filter-all')).toHaveAttribute('aria-checked', 'true');
});
