import { expect, test } from '@playwright/test';
import { switchToEnglishDarkRtl } from '../support/appearance.js';
import { signIn } from '../support/auth.js';
import { DEMO_PASSWORD } from '../support/env.js';

/** Screenshots for a visual review (`TEXT_SCREENSHOTS=1`), written to /tmp/text-*.png. */
const SHOTS = Boolean(process.env.TEXT_SCREENSHOTS);

test('a name pasted with a NUL is refused in the user form with the translated message, nothing sent', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await signIn(page, 'admin@atiende.test', DEMO_PASSWORD);
  const posted: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/v2/users')) posted.push(request.url());
  });

  const fill = async () => {
    await page.goto('/v2/app/users/add');
    // Text pasted from a UTF-16 source read as UTF-8: a NUL after the first letter.
    await page.getByTestId('user-field-name').fill('A\u0000na Pérez');
    await page.getByTestId('user-field-email').fill(`nul.${Date.now()}@atiende.test`);
    await page.getByTestId('user-save').click();
  };

  const refused = async (message: string, shot: string) => {
    const error = page.getByText(message);
    await expect(error).toBeVisible();
    await error.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `/tmp/text-user-form-${shot}.png` });
  };

  await fill();
  await refused('Contiene caracteres que no están permitidos', 'es-light');
  await switchToEnglishDarkRtl(page);
  await fill();
  await refused('Contains characters that are not allowed', 'en-dark-rtl');

  expect(posted).toEqual([]);
  await context.close();
});
