import { expect, type Page } from '@playwright/test';
import { verificationCodeIn, waitForMail } from '../../apps/server/src/test/mailbox.js';
import { E2E_OUTBOX } from './env.js';

export async function fillCredentials(page: Page, email: string, password: string) {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Signs in through the login screen and waits for the app shell. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/v2/login');
  await fillCredentials(page, email, password);
  await expect(page.getByTestId('header-user-menu')).toBeVisible();
}

export async function readVerificationCode(email: string, since: number): Promise<string> {
  return verificationCodeIn(await waitForMail(E2E_OUTBOX, email, { since }));
}
