import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { apiGet, apiPost } from '../support/api.js';
import { switchToEnglishDarkRtl } from '../support/appearance.js';
import { signIn } from '../support/auth.js';
import { DEMO_PASSWORD } from '../support/env.js';

interface SupervisedAgent {
  id: number;
  nombre: string;
  estado: string;
  pausa: string | null;
}

interface Channel {
  id: number;
  name: string;
  type: string;
  enabled: boolean;
  campaigns: { id: number; name: string }[];
}

const VIEWPORT = { width: 1500, height: 950 };

/**
 * Every context a test opens is closed after it, failed or not: a page left signed in would answer the next
 * test's sign-in of the same account with the multiple-sessions sign-out.
 */
const opened: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of opened.splice(0)) await context.close();
});

async function signedIn(browser: Browser, email: string) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  opened.push(context);
  const page = await context.newPage();
  await signIn(page, email, DEMO_PASSWORD);
  return { context, page };
}

async function serviceCampaign(page: Page) {
  const campaigns = await apiGet<{ id: number; nombre: string }[]>(page, '/api/v2/supervision/obtenerCampanas');
  return campaigns.find((campaign) => campaign.nombre === 'Servicio al cliente') as { id: number };
}

/** Any API answer's HTTP status and envelope, for the checks of refusals. */
async function rawPost(page: Page, url: string, body: unknown) {
  return page.evaluate(
    async ([path, payload]) => {
      const response = await fetch(path as string, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${localStorage.getItem('token')}`,
          'content-type': 'application/json',
          'x-locale': 'es',
        },
        body: JSON.stringify(payload),
      });
      return { status: response.status, body: (await response.json()) as { result?: { fields?: unknown[] } } };
    },
    [url, body] as const,
  );
}

test('a supervisor watches an agent live, forces a pause with its reason and reads the status history', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const agent = await signedIn(browser, 'agente@atiende.test');
  const agentId = (await apiGet<{ id: number }>(agent.page, '/api/v2/usuario/perfil')).id;
  const supervisor = await signedIn(browser, 'supervisor@atiende.test');
  const page = supervisor.page;

  await page.goto('/v2/app/supervision/users');
  await expect(page.getByTestId('page-title')).toHaveText('Supervisión de usuarios');
  const row = page.getByTestId(`supervision-agent-${agentId}`);
  // Signing in made the agent ready (A).
  await expect(row).toHaveAttribute('data-status', 'A');
  await expect(row).toContainText('Andrea Agente');
  await expect(row).toContainText('Alistamiento');

  // The agent moves to waiting: the row follows live, without a reload.
  await apiPost(agent.page, '/api/v2/supervision/agente/estado', { estado: 'E' });
  await expect(row).toHaveAttribute('data-status', 'E');
  await expect(row).toContainText('Espera');

  // The filters: another status hides the row, the search finds it by name without accents.
  await page.getByTestId('supervision-filter-status').click();
  await page.getByTestId('supervision-filter-status-P').click();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('supervision-no-matches')).toBeVisible();
  await page.getByTestId('supervision-filter-status').click();
  await page.getByTestId('supervision-filter-status-all').click();
  await page.getByTestId('supervision-search').fill('andrea agente');
  await expect(row).toBeVisible();
  await page.getByTestId('supervision-search').fill('');

  // A pause without a reason is refused with a field message.
  const refused = await rawPost(page, `/api/v2/supervision/agentes/${agentId}/estado`, { estado: 'P' });
  expect(refused.status).toBe(422);
  expect(JSON.stringify(refused.body.result?.fields)).toContain('pausa');

  // Forcing a pause through the dialog: the reason is required in the form too.
  await page.getByTestId(`supervision-force-${agentId}`).click();
  await page.getByTestId('force-status-select').click();
  await page.getByTestId('force-status-option-P').click();
  await page.getByTestId('force-submit').click();
  await expect(page.getByTestId('force-status-dialog')).toContainText('Elige el motivo de la pausa');
  await page.getByTestId('force-pause-select').click();
  await page.getByTestId('force-pause-option-DESCANSO').click();
  await page.getByTestId('force-submit').click();
  await expect(page.getByTestId('force-status-dialog')).toBeHidden();
  await expect(row).toHaveAttribute('data-status', 'P');
  await expect(row).toContainText('Pausa · Descanso');

  const agents = await apiGet<SupervisedAgent[]>(page, '/api/v2/supervision/agentes');
  expect(agents.find((entry) => entry.id === agentId)).toMatchObject({ estado: 'P', pausa: 'DESCANSO' });

  // The status history: newest first, the forced pause with the supervisor's name.
  await page.getByTestId(`supervision-history-${agentId}`).click();
  const history = page.getByTestId('history-dialog');
  await expect(history).toBeVisible();
  const newest = history.locator('[data-testid^="history-entry-"]').first();
  await expect(newest.getByTestId('history-status')).toContainText('Pausa · Descanso');
  await expect(newest).toContainText('Sergio Supervisor');
  await expect(newest.getByTestId('history-duration')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  await page.screenshot({ path: '/tmp/supervision-history-es-light.png' });
  await page.getByTestId('history-close').click();
  await expect(history).toBeHidden();
  await page.screenshot({ path: '/tmp/supervision-users-es-light.png' });

  // English, dark, right to left.
  await switchToEnglishDarkRtl(page);
  await expect(page.getByTestId('page-title')).toHaveText('User supervision');
  await expect(row).toContainText('Paused · Break');
  await page.screenshot({ path: '/tmp/supervision-users-en-dark-rtl.png' });
  await page.getByTestId(`supervision-force-${agentId}`).click();
  await page.getByTestId('force-status-select').click();
  await page.getByTestId('force-status-option-P').click();
  await page.getByTestId('force-pause-select').click();
  await expect(page.getByTestId('force-pause-option-PROBLEMAS_MEDICOS')).toHaveText('Medical issues');
  await page.waitForTimeout(400);
  await page.screenshot({ path: '/tmp/supervision-force-en-dark-rtl.png' });
  await page.keyboard.press('Escape');
  await page.getByTestId('force-cancel').click();

  // The agent's app heard the forced pause and locked.
  await expect(agent.page).toHaveURL(/\/v2\/lockscreen/);
});

test('the queues page shows the demo campaign, and its waiting count grows with an inbound message', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const supervisor = await signedIn(browser, 'supervisor@atiende.test');
  const page = supervisor.page;
  const campaign = await serviceCampaign(page);

  // Nobody of the campaign is available, so the new ticket waits in the queue instead of being routed.
  const agents = await apiGet<SupervisedAgent[]>(page, '/api/v2/supervision/agentes');
  for (const agent of agents.filter((entry) => entry.estado === 'A' || entry.estado === 'E')) {
    await apiPost(page, `/api/v2/supervision/agentes/${agent.id}/estado`, { estado: 'D' });
  }

  await page.goto('/v2/app/supervision/queues');
  await expect(page.getByTestId('page-title')).toHaveText('Supervisión de colas');
  const card = page.getByTestId(`queue-${campaign.id}`);
  await expect(card).toContainText('Servicio al cliente');
  const waiting = page.getByTestId(`queue-waiting-${campaign.id}`);
  await expect(waiting).toHaveText(/^\d+$/);
  const before = Number(await waiting.textContent());

  // The inbound message comes through the API channel (administrator's token).
  const admin = await signedIn(browser, 'admin@atiende.test');
  const channels = await apiGet<{ data: Channel[] }>(admin.page, '/api/v2/channels?sizePerPage=100');
  const channel = channels.data.find(
    (entry) => entry.enabled && entry.type === 'email' && entry.campaigns.some((item) => item.id === campaign.id),
  ) as Channel;
  expect(channel).toBeTruthy();
  const stamp = Date.now();
  await apiPost(admin.page, `/api/v2/channels/${channel.id}/inbound`, {
    providerMessageId: `e2e-supervision-${stamp}`,
    from: `cola.${stamp}@example.com`,
    senderName: 'Cliente de la cola',
    text: '¿Siguen atendiendo hoy?',
  });

  // The page refreshes on the campaign's inbound event (well before its 15 s period).
  await expect(waiting).toHaveText(String(before + 1), { timeout: 10_000 });
  await expect(page.getByTestId(`queue-oldest-${campaign.id}`)).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  await page.screenshot({ path: '/tmp/supervision-queues-es-light.png' });

  await switchToEnglishDarkRtl(page);
  await expect(page.getByTestId('page-title')).toHaveText('Queue supervision');
  await expect(card).toContainText('Waiting');
  await page.screenshot({ path: '/tmp/supervision-queues-en-dark-rtl.png' });
});
