import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { apiPut } from '../support/api.js';
import { switchToEnglishDarkRtl } from '../support/appearance.js';
import { signIn } from '../support/auth.js';
import { DEMO_PASSWORD } from '../support/env.js';
import { chooseInSelect, selectByInput } from '../support/select.js';

/** Lets transitions settle, then writes /tmp/bot-builder-{name}.png for the visual review. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/bot-builder-${name}.png`, fullPage: true });
}

/** Drags from a node's outlet handle onto another node, as a person connects them. */
async function connect(page: Page, from: string, outlet: string, to: string) {
  await page.getByTestId(`bot-node-${from}-out-${outlet}`).dragTo(page.getByTestId(`bot-node-${to}`));
  await expect(page.locator(`.react-flow__edge[data-id="e-${from}-${outlet}"]`)).toHaveCount(1);
}

/** The bot the demo site's chat was given to: handed back to the agents after the test (other specs chat on it). */
let attachedBotId: number | null = null;

test.afterEach(async ({ page }) => {
  if (attachedBotId === null) return;
  await apiPut(page, `/api/v2/bots/${attachedBotId}/channels`, { channelIds: [] }).catch(() => undefined);
  attachedBotId = null;
});

test('an admin draws a bot (say, list, two actions), connects it by dragging, saves and publishes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `Bot de bienvenida ${Date.now()}`;
  await page.setViewportSize({ width: 1500, height: 1100 });
  await signIn(page, 'admin@atiende.test', DEMO_PASSWORD);

  await page.goto('/v2/app/bot-builder/bots');
  await expect(page.getByTestId('page-title')).toHaveText('Constructor de bots');
  await expect(page.getByTestId('bot-import')).toBeVisible();
  await expectAccessible(page, 'bots list');
  await page.getByTestId('bot-add').click();
  await expect(page).toHaveURL(/\/v2\/app\/bot-builder\/bots\/add$/);
  await expect(page.getByTestId('bot-canvas-empty')).toBeVisible();

  // Saving with no node is refused on the spot.
  await page.getByTestId('bot-name').fill(name);
  await page.getByTestId('bot-save').click();
  await expect(page.getByText('El bot necesita al menos un nodo')).toBeVisible();

  // Say → list with two options → two actions.
  await page.getByTestId('bot-palette-say').click();
  await expect(page.getByTestId('bot-node-n1')).toBeVisible();
  await page.getByTestId('bot-node-field-text').fill('¡Hola! Soy el asistente de la tienda.');
  await page.getByTestId('bot-palette-list').click();
  await page.getByTestId('bot-node-field-text').fill('¿En qué te ayudamos?');
  await page.getByTestId('bot-option-0-title').fill('Hablar con ventas');
  await page.getByTestId('bot-option-add').click();
  await page.getByTestId('bot-option-1-title').fill('Terminar');
  await page.getByTestId('bot-palette-action').click();
  await expect(page.getByTestId('bot-node-n3')).toContainText('Transferir a un agente');
  await page.getByTestId('bot-node-n2').click();
  await page.getByTestId('bot-palette-action').click();
  await chooseInSelect(page, selectByInput(page, 'bot-node-field-action'), 'Finalizar la conversación');
  await expect(page.getByTestId('bot-node-n4')).toContainText('Finalizar la conversación');
  await expect(page.getByTestId('bot-node-n1')).toHaveAttribute('data-start', 'true');

  // Nothing is connected yet: the nodes are marked and the problems listed.
  await page.locator('.react-flow__controls-fitview').click();
  await expect(page.getByTestId('bot-node-n2')).toHaveAttribute('data-problem', 'true');
  await expect(page.getByTestId('bot-problems')).toContainText('Esta salida no lleva a ningún nodo');
  await expect(page.getByTestId('bot-problems')).toContainText('Ningún camino llega a este nodo');

  await connect(page, 'n1', 'next', 'n2');
  await connect(page, 'n2', 'option:o1', 'n3');
  await connect(page, 'n2', 'option:o2', 'n4');
  await connect(page, 'n2', 'other', 'n1');
  await expect(page.getByTestId('bot-no-problems')).toBeVisible();
  await expect(page.getByTestId('bot-problem-count')).toHaveText('0 problemas');
  await expect(page.getByTestId('bot-node-n2')).not.toHaveAttribute('data-problem', 'true');
  await shot(page, 'editor-es-light');
  await expectAccessible(page, 'bot editor');

  // Save (the first save creates the bot with version 1, a draft), then publish it.
  await page.getByTestId('bot-save').click();
  await expect(page).toHaveURL(/\/v2\/app\/bot-builder\/bots\/\d+\/edit$/);
  await expect(page.getByTestId('bot-version-status')).toHaveText('Versión 1 · Borrador');
  await expect(page.getByTestId('bot-node-n4')).toBeVisible();
  await expect(page.getByTestId('bot-no-problems')).toBeVisible();
  await page.getByTestId('bot-publish').click();
  await expect(page.getByTestId('bot-version-status')).toHaveText('Versión 1 · Publicada');
  await expect(page.getByTestId('bot-publish')).toBeDisabled();
  await expect(page.getByTestId('audit-history')).toContainText('Versión publicada');
  const editUrl = page.url();

  // The test panel talks to the flow as drawn (1400 px wide): the greeting, the list's options, an option, the end.
  await page.setViewportSize({ width: 1400, height: 1100 });
  await page.getByTestId('bot-try-tab').click();
  await expect(page.getByTestId('bot-try-panel')).toBeVisible();
  await page.getByTestId('bot-try-start').click();
  const log = page.getByTestId('bot-try-log');
  await expect(log).toContainText('¡Hola! Soy el asistente de la tienda.');
  await expect(log).toContainText('¿En qué te ayudamos?');
  await expect(page.getByTestId('bot-try-path')).toHaveText('Recorrido: n1 → n2');
  await expect(page.getByTestId('bot-node-n2')).toHaveAttribute('data-active', 'true');
  await expect(page.getByTestId('bot-try-option-o1')).toHaveText('Hablar con ventas');
  await page.getByTestId('bot-try-option-o2').click();
  await expect(page.getByTestId('bot-try-ending')).toHaveText('El bot finaliza la conversación');
  await expect(log.getByTestId('bot-try-tester')).toContainText('Terminar');
  await expect(page.getByTestId('bot-try-input')).toBeDisabled();
  await expect(page.getByTestId('bot-try-restart')).toHaveText('Reiniciar');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'try-es-light');
  await expectAccessible(page, 'bot test panel');

  // The silent customer's settings are saved with the bot's details.
  await page.getByTestId('bot-silence-minutes').fill('15');
  await chooseInSelect(page, selectByInput(page, 'bot-silence-action'), 'Transferir a un agente');
  await page.getByTestId('bot-silence-text').fill('Te paso con un asesor.');
  await page.getByTestId('bot-save').click();
  await expect(page.getByText('Bot guardado')).toBeVisible();
  await expect(page.getByTestId('bot-version-status')).toHaveText('Versión 1 · Publicada');

  // The published bot answers the demo site's chat: chosen in the channels selector and saved.
  const channels = page.getByTestId('bot-channels-section');
  await expect(channels).toContainText('un canal tiene un solo bot');
  await expect(page.getByTestId('bot-channels-save')).toBeDisabled();
  await page.getByTestId('bot-channels-input').click();
  await page.getByRole('option', { name: /^Chat del sitio web/ }).click();
  attachedBotId = Number(/\/bots\/(\d+)\/edit$/.exec(editUrl)?.[1]);
  await page.getByTestId('bot-channels-save').click();
  await expect(page.getByText('Canales guardados')).toBeVisible();
  const webchatChip = channels.locator('[data-testid^="bot-channel-chip-"]', { hasText: 'Chat del sitio web' });
  await expect(webchatChip).toHaveText('Chat del sitio web · Chat web');
  await expect(page.getByTestId('bot-channels-save')).toBeDisabled();
  // Back to the top: a full-page shot of a scrolled page draws the fixed app bar halfway down.
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'channels-es-light');

  // A web service secret: listed by its name, its value never shown again (not even after a reload).
  const secretValue = `tok-${Date.now()}-valor`;
  await expect(page.getByTestId('bot-secrets-section')).toContainText('{{secreto.nombre}}');
  await page.getByTestId('bot-secret-name').fill('token');
  await page.getByTestId('bot-secret-value').fill(secretValue);
  await page.getByTestId('bot-secret-save').click();
  await expect(page.getByText('Secreto token guardado')).toBeVisible();
  await expect(page.getByTestId('bot-secret-token')).toContainText('Guardado');
  await expect(page.getByRole('button', { name: 'Quitar el secreto token' })).toBeVisible();
  await expect(page.getByTestId('bot-secret-value')).toHaveValue('');
  await page.reload();
  await expect(page.getByTestId('bot-secret-token')).toContainText('Guardado');
  expect(await page.content()).not.toContain(secretValue);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'secrets-es-light');

  // The list shows the published version.
  await page.getByTestId('page-back').click();
  await page.getByTestId('bots-search').fill(name);
  const row = page.locator('[data-testid^="bot-row-"]', { hasText: name });
  await expect(row).toContainText('Versión 1');
  await shot(page, 'list-es-light');

  // Exported as a file, and imported back as a new bot (disabled, its flow as version 1).
  const download = page.waitForEvent('download');
  await row.locator('[data-testid^="bot-export-"]').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${name}.json`);
  const content = JSON.parse(fs.readFileSync(await file.path(), 'utf8'));
  expect(content).toMatchObject({ format: 'atiende-bot', formatVersion: 1, name });
  expect(content.flow.nodes).toHaveLength(4);
  await page.getByTestId('bot-import-file').setInputFiles({
    name: 'bot.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ ...content, name: `${name} (copia)` })),
  });
  await expect(page).toHaveURL(/\/v2\/app\/bot-builder\/bots\/\d+\/edit$/);
  expect(page.url()).not.toBe(editUrl);
  await expect(page.getByTestId('bot-name')).toHaveValue(`${name} (copia)`);
  await expect(page.getByTestId('bot-version-status')).toHaveText('Versión 1 · Borrador');
  await expect(page.getByTestId('bot-node-n4')).toBeVisible();

  // English, dark, right to left: the panels follow the page, the canvas stays left to right and readable.
  await page.goto(editUrl);
  await switchToEnglishDarkRtl(page);
  await expect(page.getByTestId('bot-version-status')).toHaveText('Version 1 · Published');
  await page.getByTestId('bot-node-n2').click();
  await expect(page.getByTestId('bot-node-panel')).toContainText('List · n2');
  await expect(page.getByTestId('bot-canvas')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByTestId('bot-channels-section')).toContainText('a channel has a single bot');
  const chip = page.locator('[data-testid^="bot-channel-chip-"]', { hasText: 'Chat del sitio web' });
  await expect(chip).toHaveText('Chat del sitio web · Web chat');
  await expect(page.getByTestId('bot-secret-token')).toContainText('Stored');
  await shot(page, 'editor-en-dark-rtl');
  await expectAccessible(page, 'bot editor, dark rtl');

  // The silence settings were kept; the test panel in English: an option that hands over to an agent.
  await expect(page.getByTestId('bot-silence-minutes')).toHaveValue('15');
  await expect(page.getByTestId('bot-silence-text')).toHaveValue('Te paso con un asesor.');
  await page.getByTestId('bot-try-tab').click();
  await page.getByTestId('bot-try-start').click();
  await expect(page.getByTestId('bot-try-log')).toContainText('¿En qué te ayudamos?');
  await page.getByTestId('bot-try-option-o1').click();
  await expect(page.getByTestId('bot-try-ending')).toHaveText('The bot transfers to an agent');
  await expect(page.getByTestId('bot-try-restart')).toHaveText('Restart');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'try-en-dark-rtl');
  await expectAccessible(page, 'bot test panel, dark rtl');
  // A narrow window: the panel goes under the canvas, full width.
  await page.setViewportSize({ width: 480, height: 900 });
  await page.getByTestId('bot-try-panel').scrollIntoViewIfNeeded();
  await page.waitForTimeout(400);
  await page.getByTestId('bot-try-panel').screenshot({ path: '/tmp/bot-builder-try-narrow.png' });
  await page.setViewportSize({ width: 1400, height: 1100 });

  // The chat goes back to the agents: the chip removed and saved.
  await chip.locator('.MuiChip-deleteIcon').click();
  await page.getByTestId('bot-channels-save').click();
  await expect(page.getByText('Channels saved')).toBeVisible();
  await expect(chip).toHaveCount(0);
  attachedBotId = null;
});
