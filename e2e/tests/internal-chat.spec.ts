import { expect, type Page, test } from '@playwright/test';
import { apiGet } from '../support/api.js';
import { switchToEnglishDarkRtl } from '../support/appearance.js';
import { signIn } from '../support/auth.js';
import { DEMO_PASSWORD } from '../support/env.js';

const profileId = async (page: Page) => (await apiGet<{ id: number }>(page, '/api/v2/usuario/perfil')).id;

test('two people chat live in the internal chat drawer', async ({ browser }) => {
  test.setTimeout(120_000);
  const adminContext = await browser.newContext({ viewport: { width: 1500, height: 950 } });
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin@atiende.test', DEMO_PASSWORD);
  const agentContext = await browser.newContext({ viewport: { width: 1500, height: 950 } });
  const agent = await agentContext.newPage();
  await signIn(agent, 'agente@atiende.test', DEMO_PASSWORD);
  const adminId = await profileId(admin);
  const agentId = await profileId(agent);
  await expect(agent.getByTestId('chat-badge')).toHaveAttribute('data-count', '0');

  // The administrator finds the agent by name and writes; Enter sends.
  await admin.getByTestId('header-internal-chat').click();
  await expect(admin.getByTestId('internal-chat-drawer')).toBeVisible();
  await admin.getByTestId('chat-search').fill('andrea');
  await expect(admin.getByTestId(`chat-user-${adminId}`)).toHaveCount(0);
  await admin.getByTestId(`chat-user-${agentId}`).click();
  await expect(admin.getByTestId('chat-start')).toHaveText(/Escribe tu mensaje para comenzar/);
  const question = `Hola Andrea, ¿revisas el caso ${Date.now()}?`;
  await admin.getByTestId('chat-input').fill(question);
  await admin.getByTestId('chat-input').press('Enter');
  const sent = admin.locator('[data-testid^="chat-message-"][data-direction="out"]').last();
  await expect(sent).toContainText(question);
  await expect(admin.getByTestId('chat-input')).toHaveValue('');
  const sentId = (await sent.getAttribute('data-testid'))?.replace('chat-message-', '');
  await expect(admin.getByTestId(`chat-tick-${sentId}`)).toHaveAttribute('data-read', 'false');

  // The agent's badge counts it live; opening the conversation reads it.
  await expect(agent.getByTestId('chat-badge')).toHaveAttribute('data-count', '1');
  await expect(agent.getByTestId('chat-badge')).toContainText('1');
  await agent.getByTestId('header').screenshot({ path: '/tmp/chat-badge-es-light.png' });
  await agent.getByTestId('header-internal-chat').click();
  await expect(agent.getByTestId(`chat-unread-${adminId}`)).toHaveText('1');
  await agent.getByTestId(`chat-user-${adminId}`).click();
  await expect(agent.getByTestId(`chat-message-${sentId}`)).toContainText(question);
  await expect(agent.getByTestId(`chat-message-${sentId}`)).toHaveAttribute('data-direction', 'in');
  await expect(agent.getByTestId('chat-badge')).toHaveAttribute('data-count', '0');

  // The answer: Shift+Enter makes a second line, the button sends; markup stays text.
  await agent.getByTestId('chat-input').fill('Claro, <b>ya</b> lo reviso');
  await agent.getByTestId('chat-input').press('Shift+Enter');
  await agent.getByTestId('chat-input').pressSequentially('<img src=x onerror=alert(1)>');
  await agent.getByTestId('chat-send').click();
  const answer = agent.locator('[data-testid^="chat-message-"][data-direction="out"]').last();
  await expect(answer).toContainText('Claro, <b>ya</b> lo reviso');
  await expect(answer.locator('b, img')).toHaveCount(0);

  // The administrator sees the answer live and the read tick of the question.
  const received = admin.locator('[data-testid^="chat-message-"][data-direction="in"]').last();
  await expect(received).toContainText('Claro, <b>ya</b> lo reviso\n<img src=x onerror=alert(1)>', {
    useInnerText: true,
  });
  await expect(received.locator('b, img')).toHaveCount(0);
  await expect(admin.getByTestId(`chat-tick-${sentId}`)).toHaveAttribute('data-read', 'true');
  // The administrator had the conversation open: the answer is read at once, no badge.
  await expect(admin.getByTestId('chat-badge')).toHaveAttribute('data-count', '0');
  await admin.screenshot({ path: '/tmp/chat-es-light.png' });

  // Back to the list; the agent reads the conversation in English, dark and right-to-left.
  await admin.getByTestId('chat-back').click();
  await expect(admin.getByTestId(`chat-user-${agentId}`)).toBeVisible();
  await admin.getByTestId('chat-search').fill('');
  await admin.screenshot({ path: '/tmp/chat-list-es-light.png' });
  await switchToEnglishDarkRtl(agent);
  await agent.getByTestId('header-internal-chat').click();
  await expect(agent.getByTestId('internal-chat-drawer')).toContainText('Internal chat');
  await agent.getByTestId(`chat-user-${adminId}`).click();
  await expect(agent.getByTestId(`chat-message-${sentId}`)).toBeVisible();
  await expect(agent.getByTestId('chat-input')).toHaveAttribute('placeholder', 'Type a message');
  await agent.screenshot({ path: '/tmp/chat-en-dark-rtl.png' });

  await adminContext.close();
  await agentContext.close();
});
