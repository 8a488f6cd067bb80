import { expect, test } from '@playwright/test';
import { resetLinkIn, waitForMail } from '../../apps/server/src/test/mailbox.js';
import { fillCredentials, readVerificationCode, signIn } from '../support/auth.js';
import { DEMO_PASSWORD, E2E_OUTBOX } from '../support/env.js';
import { buildUser } from '../support/factories.js';

test('an anonymous visitor is sent to login and comes back to where they were going', async ({ page }) => {
  await page.goto('/v2/app/profile');
  await expect(page).toHaveURL(/\/v2\/login\?next=%2Fapp%2Fprofile/);
  await fillCredentials(page, 'admin@atiende.test', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/v2\/app\/profile$/);
  await expect(page.getByTestId('header-user-menu')).toBeVisible();
});

test('a wrong password shows the server’s error and stays on login', async ({ page }) => {
  await page.goto('/v2/login');
  await fillCredentials(page, 'admin@atiende.test', 'not-the-password');
  await expect(page.getByText('El correo o la contraseña no son correctos')).toBeVisible();
  await expect(page).toHaveURL(/\/v2\/login/);
});

test('an MFA user enters the code sent by mail', async ({ page }) => {
  const user = await buildUser({ mfa: true });
  await page.goto('/v2/login');
  const since = Date.now() - 1;
  await fillCredentials(page, user.email, user.password);
  const codeField = page.getByTestId('login-code');
  await expect(codeField).toBeVisible();
  await expect(codeField).toHaveAttribute('type', 'password');
  await expect(page.getByTestId('login-email')).toBeHidden();
  const code = await readVerificationCode(user.email, since);
  await codeField.fill(code);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('header-user-menu')).toBeVisible();
  await expect(page).toHaveURL(/\/v2\/app\/?$/);
});

test('a wrong MFA code keeps the code step and a new code can be requested', async ({ page }) => {
  const user = await buildUser({ mfa: true });
  await page.goto('/v2/login');
  await fillCredentials(page, user.email, user.password);
  const codeField = page.getByTestId('login-code');
  await expect(codeField).toBeVisible();
  await codeField.fill('000000');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText(/código de verificación no es válido/)).toBeVisible();
  await expect(codeField).toBeVisible();
  const since = Date.now() - 1;
  await page.getByTestId('login-new-code').click();
  const code = await readVerificationCode(user.email, since);
  await codeField.fill(code);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('header-user-menu')).toBeVisible();
});

test('forgot password: the link in the mail resets the password', async ({ page }) => {
  const user = await buildUser();
  await page.goto('/v2/login');
  await page.getByTestId('login-forgot-link').click();
  await expect(page).toHaveURL(/\/v2\/forgot-password/);
  const since = Date.now() - 1;
  await page.getByTestId('forgot-email').fill(user.email);
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('snackbar')).toHaveAttribute('data-variant', 'success');
  await expect(page.getByText(/enviamos un enlace/i)).toBeVisible();

  const link = resetLinkIn(await waitForMail(E2E_OUTBOX, user.email, { since }));
  await page.goto(link);
  await expect(page).toHaveURL(/\/v2\/reset-password\//);
  await expect(page.getByTestId('reset-email')).toHaveValue(user.email);
  const newPassword = 'Recuperada.2026';
  await page.getByTestId('reset-password').fill(newPassword);
  await page.getByTestId('reset-password-confirmation').fill(newPassword);
  await page.getByTestId('reset-submit').click();
  await expect(page).toHaveURL(/\/v2\/login/);

  await signIn(page, user.email, newPassword);
});
