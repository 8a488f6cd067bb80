import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { switchToEnglishDarkRtl } from '../support/appearance.js';
import { signIn } from '../support/auth.js';
import { DEMO_PASSWORD } from '../support/env.js';

/** Lets transitions settle, then writes /tmp/surveys-{name}.png for the visual review. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/surveys-${name}.png`, fullPage: true });
}

/** Adds a question of a type and labels it; answers its index and the key the form gave it. */
async function addQuestion(page: Page, type: string, label: string): Promise<{ index: number; key: string }> {
  const index = await page.locator('[data-testid^="survey-question-label-"]').count();
  await page.getByTestId('survey-question-add').click();
  await page.getByTestId(`survey-question-add-${type}`).click();
  await page.getByTestId(`survey-question-label-${index}`).fill(label);
  return { index, key: await page.getByTestId(`survey-question-key-${index}`).inputValue() };
}

test('an admin builds a survey, a customer answers it on a phone, and the results show in charts', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const name = `Encuesta posventa ${Date.now()}`;
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signIn(page, 'admin@atiende.test', DEMO_PASSWORD);

  await page.goto('/v2/app/surveys');
  await expect(page.getByTestId('page-title')).toHaveText('Encuestas');
  await expect(page.locator('[data-testid^="survey-row-"]').first()).toContainText('Satisfacción del cliente');
  await expectAccessible(page, 'surveys list');
  await page.getByTestId('survey-add').click();
  await expect(page).toHaveURL(/\/v2\/app\/surveys\/add$/);

  // Without a name or a question, the form says so before sending.
  await page.getByTestId('survey-save').click();
  await expect(page.getByTestId('survey-name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('survey-questions-empty')).toHaveAttribute('data-invalid', 'true');

  await page.getByTestId('survey-name').fill(name);
  await page.getByTestId('survey-confirmation').fill('¡Gracias! Su opinión nos ayuda a mejorar.');
  const csat = await addQuestion(page, 'csat', '¿Qué tan satisfecho quedó con la atención?');
  await page.getByTestId(`survey-question-required-${csat.index}`).check();
  const nps = await addQuestion(page, 'nps', '¿Qué tan probable es que nos recomiende?');
  const channel = await addQuestion(page, 'radio', '¿Por qué medio nos contactó?');
  await page.getByTestId(`survey-option-${channel.index}-0`).fill('Chat');
  await page.getByTestId(`survey-option-${channel.index}-1`).fill('Teléfono');
  const comment = await addQuestion(page, 'textarea', '¿Algo más que quiera contarnos?');
  await expect(page.getByTestId(`survey-question-preview-${nps.index}-scale`)).toBeVisible();
  await shot(page, 'form-es-light');
  await page.getByTestId('survey-save').click();
  await expect(page).toHaveURL(/\/v2\/app\/surveys\/\d+\/edit$/);
  const surveyId = Number(/surveys\/(\d+)\/edit/.exec(page.url())?.[1]);
  await expect(page.getByTestId('survey-saved-alert')).toBeVisible();
  const link = await page.getByTestId('survey-public-url').inputValue();
  expect(link).toMatch(/\/s\/[A-Za-z0-9_-]{20,}$/);
  await expectAccessible(page, 'survey form');

  // A customer on a phone, without an account: the required scale is asked for, then the answers are taken.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-CO' });
  const customer = await phone.newPage();
  await customer.goto(new URL(link).pathname);
  await expect(customer.locator('h1')).toHaveText(name);
  await expectAccessible(customer, 'public survey');
  await customer.getByTestId('survey-submit').click();
  await expect(customer.getByTestId('survey-errors')).toBeVisible();
  await expect(customer.getByTestId(`survey-error-${csat.key}`)).toBeVisible();
  await customer.getByTestId(`survey-q-${csat.key}-4`).check();
  await customer.getByTestId(`survey-q-${nps.key}-9`).check();
  await customer.getByTestId(`survey-q-${channel.key}-0`).check();
  await customer.getByTestId(`survey-q-${comment.key}`).fill('Muy amables <b>gracias</b>');
  await shot(customer, 'public-es-390');
  await customer.getByTestId('survey-submit').click();
  await expect(customer.getByTestId('survey-confirmation')).toContainText('Su opinión nos ayuda a mejorar');
  // Answered once: a unique survey does not take a second answer from the same browser.
  await customer.goto(new URL(link).pathname);
  await expect(customer.getByTestId('survey-answered')).toBeVisible();
  // The same page in English.
  const english = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  const visitor = await english.newPage();
  await visitor.goto(`${new URL(link).pathname}?lang=en`);
  await expect(visitor.getByTestId('survey-submit')).toHaveText(/Send|Submit/);
  await shot(visitor, 'public-en-390');
  await phone.close();
  await english.close();

  // The results: the figures and a chart per question.
  await page.goto(`/v2/app/surveys/${surveyId}/dashboard`);
  await expect(page.getByTestId('survey-analysis-responses-value')).toHaveText('1');
  await expect(page.getByTestId(`survey-question-chart-${csat.key}`)).toBeVisible();
  await expect(page.getByTestId(`survey-question-satisfaction-${csat.key}`)).toContainText('100');
  await expect(page.getByTestId(`survey-question-nps-${nps.key}`)).toContainText('100');
  await expect(page.getByTestId(`survey-question-latest-${comment.key}`)).toContainText('Muy amables <b>gracias</b>');
  await expect(page.getByTestId('survey-participants')).toContainText('Chat');
  await expectAccessible(page, 'survey dashboard');
  await shot(page, 'dashboard-es-light');

  // The report: generated and downloaded, with the spec's success message.
  const download = page.waitForEvent('download');
  await page.getByTestId('survey-report').click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /descarg/i })
      .first(),
  ).toBeVisible();

  await switchToEnglishDarkRtl(page);
  await expect(page.getByTestId('survey-analysis-responses-value')).toHaveText('1');
  await expectAccessible(page, 'survey dashboard (dark)');
  await shot(page, 'dashboard-en-dark-rtl');
  await page.goto(`/v2/app/surveys/${surveyId}/edit`);
  await expect(page.getByTestId('survey-name')).toHaveValue(name);
  await shot(page, 'form-en-dark-rtl');
});
