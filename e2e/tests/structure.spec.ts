import { expect, test } from '@playwright/test';
import { apiGet } from '../support/api.js';
import { switchToEnglishDarkRtl } from '../support/appearance.js';
import { signIn } from '../support/auth.js';
import { DEMO_PASSWORD } from '../support/env.js';
import { putChannelInError } from '../support/factories.js';
import { chooseInSelect, selectByInput } from '../support/select.js';

test('an administrator creates a channel, a dynamic form and a campaign with an agent that uses both', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'admin@atiende.test', DEMO_PASSWORD);

  // Channel: the type picker, then the form.
  const channelName = `Chat E2E ${stamp}`;
  await page.goto('/v2/app/channels/add');
  await page.getByTestId('channel-type-webchat').click();
  await page.getByTestId('channel-field-name').fill(channelName);
  await page.getByTestId('channel-save').click();
  await expect(page.getByTestId('snackbar')).toHaveAttribute('data-variant', 'success');
  const channels = await apiGet<{ data: { id: number; name: string }[] }>(
    page,
    `/api/v2/channels?searchText=${encodeURIComponent(channelName)}`,
  );
  const channelId = channels.data[0].id;

  // Dynamic form with one field.
  const formName = `Formulario E2E ${stamp}`;
  await page.goto('/v2/app/dynamic-forms/add');
  await page.getByTestId('form-field-name').fill(formName);
  // A new form starts with one field; an empty one would be refused with the spec's message.
  await page.getByTestId('form-builder-add-field').click();
  await page.getByTestId('form-save').click();
  await expect(page.getByText(/campos y\/o opciones vacíos/).first()).toBeVisible();
  await page.getByTestId('form-field-1-remove').click();
  await page.getByTestId('form-field-0-label').fill('Resultado de la gestión');
  await page.getByTestId('form-save').click();
  await expect(page.getByTestId('snackbar')).toHaveAttribute('data-variant', 'success');
  const forms = await apiGet<{ data: { id: number; name: string }[] }>(
    page,
    `/api/v2/dynamic-forms?searchText=${encodeURIComponent(formName)}`,
  );
  const formId = forms.data[0].id;

  // Campaign: the form attached, the channel, and the demo agent serving it.
  const campaignName = `Campaña E2E ${stamp}`;
  await page.goto('/v2/app/campaigns/add');
  await page.getByTestId('campaign-field-name').fill(campaignName);
  await chooseInSelect(page, selectByInput(page, 'campaign-field-formId'), formName);
  // Dates follow the UI language: the Spanish picker is typed day first and shows dd/mm/aaaa.
  const startDate = page.getByTestId('campaign-field-startDate');
  await startDate.locator('..').getByRole('spinbutton').first().click();
  await page.keyboard.type('01122026');
  await expect(startDate).toHaveValue('01/12/2026');
  // A script written with the rich-text editor's toolbar.
  await page.getByTestId('campaign-tab-scripts').click();
  await page.getByTestId('campaign-script-add').click();
  await page.getByTestId('campaign-script-0-title').fill('Saludo');
  await page.getByTestId('campaign-script-0-body').click();
  await page.keyboard.type('Buenos días, ');
  await page.getByTestId('campaign-script-0-body-bold').click();
  await page.keyboard.type('gracias por escribir');
  await expect(page.getByTestId('campaign-script-0-body').locator('strong')).toHaveText('gracias por escribir');
  await page.getByTestId('campaign-tab-channels').click();
  await page.getByTestId('campaign-channels').click();
  await page.getByTestId(`campaign-channels-option-${channelId}`).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('campaign-tab-agents').click();
  await page.getByTestId('campaign-agent-picker').fill('Andrea');
  await page.getByRole('option', { name: /Andrea Agente/ }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('campaign-agent-add').click();
  await page.getByTestId('campaign-save').click();
  await expect(page.getByTestId('snackbar')).toHaveAttribute('data-variant', 'success');

  const campaigns = await apiGet<{ data: { id: number }[] }>(
    page,
    `/api/v2/campaigns?searchText=${encodeURIComponent(campaignName)}`,
  );
  const campaign = await apiGet<{
    formId: number;
    startDate: string | null;
    scripts: { title: string; body: string }[];
    channels: { id: number }[];
    agents: { nombre: string; channelIds: number[] }[];
  }>(page, `/api/v2/campaigns/${campaigns.data[0].id}`);
  expect(campaign.formId).toBe(formId);
  expect(campaign.startDate).toBe('2026-12-01');
  expect(campaign.scripts).toEqual([
    expect.objectContaining({ title: 'Saludo', body: '<p>Buenos días, <strong>gracias por escribir</strong></p>' }),
  ]);
  expect(campaign.channels.map((channel) => channel.id)).toEqual([channelId]);
  expect(campaign.agents).toEqual([expect.objectContaining({ nombre: 'Andrea Agente', channelIds: [channelId] })]);

  // Editing one setting: the history tells both changes in words, by name and label, nothing else.
  await page.goto(`/v2/app/campaigns/${campaigns.data[0].id}/edit`);
  await page.getByTestId('campaign-tab-configuration').click();
  await page.getByTestId('campaign-config-tasksPerAgent').fill('7');
  await page.getByTestId('campaign-save').click();
  await expect(page.getByTestId('snackbar')).toHaveAttribute('data-variant', 'success');
  // Saving returns to the list; the history is read on the campaign's page.
  await expect(page).toHaveURL(/\/v2\/app\/campaigns$/);
  await page.goto(`/v2/app/campaigns/${campaigns.data[0].id}/edit`);
  const history = page.getByTestId('audit-history');
  const entries = history.locator('[data-testid^="audit-entry-"]');
  const [update, creation] = [entries.nth(0), entries.nth(1)];
  await expect(update.getByTestId('audit-change')).toHaveText(['Casos por agente: 5 → 7']);
  await expect(creation.getByTestId('audit-change')).toContainText([
    `Nombre: «${campaignName}»`,
    `Formulario dinámico: ${formName}`,
    `Canales: se agregó ${channelName}`,
    `Agentes: se agregó Andrea Agente (${channelName})`,
    'Guiones: se agregó Saludo',
  ]);
  await expect(history).not.toContainText('userId');

  // The channel's card lists the campaign it serves.
  await page.goto('/v2/app/channels');
  await expect(page.getByTestId(`channel-card-${channelName}`)).toContainText(campaignName);
});

test('the demo agent finds their campaign in the header switcher', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'agente@atiende.test', DEMO_PASSWORD);
  await page.getByTestId('campaign-switcher').click();
  await expect(page.getByRole('option', { name: /Servicio al cliente/ })).toBeVisible();
});

test('a channel in error shows its whole badge, in Spanish and in English right to left, narrow and wide', async ({
  browser,
}) => {
  // Four browsers signed in one after another (two widths, two languages): more than the default minute on a loaded
  // machine (a run took 60 s and timed out).
  test.setTimeout(180_000);
  const setup = await browser.newContext();
  const admin = await setup.newPage();
  await signIn(admin, 'admin@atiende.test', DEMO_PASSWORD);
  const channels = await apiGet<{ data: { id: number; name: string }[] }>(admin, '/api/v2/channels?sizePerPage=100');
  const channel = channels.data.find((item) => item.name === 'Correo de soporte');
  expect(channel).toBeDefined();
  await putChannelInError(channel?.id ?? 0);
  await setup.close();

  for (const width of [390, 1440]) {
    for (const englishRtl of [false, true]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await signIn(page, 'admin@atiende.test', DEMO_PASSWORD);
      if (englishRtl) await switchToEnglishDarkRtl(page);
      await page.goto('/v2/app/channels');
      const chip = page.getByTestId('channel-card-Correo de soporte').getByTestId('channel-error-chip');
      await expect(chip).toContainText(englishRtl ? 'Error found in a channel' : 'Se encontró un error en un canal');
      // Nothing of the label is cut: no ellipsis, and the chip stays inside its card.
      const fits = await chip.evaluate((element) => {
        const label = element.querySelector('.MuiChip-label');
        const card = element.closest('[data-testid^="channel-card-"]');
        if (!label || !card) return false;
        const box = element.getBoundingClientRect();
        const outer = card.getBoundingClientRect();
        return (
          label.scrollWidth <= label.clientWidth &&
          label.scrollHeight <= label.clientHeight &&
          box.left >= outer.left &&
          box.right <= outer.right
        );
      });
      expect(fits, `${width}px ${englishRtl ? 'en rtl' : 'es ltr'}`).toBe(true);
      await context.close();
    }
  }
});
