import { expect, type Page, test } from '@playwright/test';
import { ONE_PIXEL_PNG } from '../../apps/server/src/test/app.js';
import { signIn } from '../support/auth.js';
import { DEMO_PASSWORD } from '../support/env.js';

async function menuItems(page: Page): Promise<string[]> {
  await expect(page.getByTestId('sidebar')).toBeVisible();
  return page
    .getByTestId('sidebar')
    .locator('[data-testid^="menu-item-"]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-testid') ?? ''));
}

async function adminPage(browser: import('@playwright/test').Browser) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await signIn(page, 'admin@atiende.test', DEMO_PASSWORD);
  return { context, page };
}

test('an administrator creates a user whose menu is exactly what the role allows, and a removed permission disappears live', async ({
  browser,
}) => {
  // Two browsers, a role and a user built through the forms: the longest walk of the suite, and often its first.
  test.setTimeout(120_000);
  const { context: adminContext, page: admin } = await adminPage(browser);
  const roleName = `e2e-${Date.now()}`;

  // A role that may only see customers.
  await admin.goto('/v2/app/permissions-manager');
  await admin.getByTestId('role-new').click();
  await admin.getByTestId('role-field-name').fill(roleName);
  await admin.getByTestId('role-field-label').fill('Rol E2E');
  await admin.getByTestId('role-dialog-save').click();
  await admin.getByTestId(`role-row-${roleName}`).click();
  for (const permission of [
    'ver-menu-clientes',
    'ver-cliente',
    'ver-menu-knowledgebase',
    'knowledgebase-ver-secciones',
  ]) {
    await admin.getByTestId(`permission-checkbox-${permission}`).check();
  }
  await admin.getByTestId('permissions-save').click();
  await expect(admin.getByTestId('snackbar')).toHaveAttribute('data-variant', 'success');

  // The user, created through the form.
  const email = `e2e.user.${Date.now()}@atiende.test`;
  const password = 'E2e.Usuario.2026';
  await admin.goto('/v2/app/users/add');
  await admin.getByTestId('user-field-name').fill('Usuaria de Prueba');
  await admin.getByTestId('user-field-email').fill(email);
  await admin.getByTestId('user-field-password').fill(password);
  await admin.getByTestId('user-field-password_confirmation').fill(password);
  await admin.getByTestId('user-roles').click();
  await admin.getByRole('option', { name: 'Rol E2E' }).click();
  await admin.keyboard.press('Escape');
  await admin.getByTestId('user-save').click();
  await expect(admin.getByTestId('snackbar')).toHaveAttribute('data-variant', 'success');

  const userContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const user = await userContext.newPage();
  await signIn(user, email, password);
  expect(
    (await menuItems(user)).filter((item) => !['menu-item-userManual', 'menu-item-contactSupport'].includes(item)),
  ).toEqual(['menu-item-/app/customers', 'menu-item-/app/knowledge-base/categories']);

  // Remove the knowledge base: the user's menu loses it without a reload.
  await admin.goto('/v2/app/permissions-manager');
  await admin.getByTestId(`role-row-${roleName}`).click();
  await admin.getByTestId('permission-checkbox-ver-menu-knowledgebase').uncheck();
  await admin.getByTestId('permissions-save').click();
  await expect(admin.getByTestId('snackbar')).toHaveAttribute('data-variant', 'success');
  await expect(user.getByTestId('menu-item-/app/knowledge-base/categories')).toHaveCount(0);
  await expect(user.getByTestId('menu-item-/app/customers')).toBeVisible();

  // Each permission reads as a name and what it allows; a new role can start as a copy of another.
  await expect(admin.getByTestId('permission-description-ver-cliente')).toContainText('cliente');
  await admin.screenshot({ path: '/tmp/administration-permissions-es-light.png' });
  const copyName = `${roleName}-copia`;
  await admin.getByTestId('role-new').click();
  await admin.getByTestId('role-field-name').fill(copyName);
  await admin.getByTestId('role-field-label').fill('Rol E2E copia');
  await admin.getByTestId('role-copy-from-button').click();
  await admin.getByRole('option', { name: 'Rol E2E', exact: true }).click();
  await admin.getByTestId('role-dialog-save').click();
  await expect(admin.getByTestId('snackbar')).toHaveAttribute('data-variant', 'success');
  await admin.getByTestId(`role-row-${copyName}`).click();
  await expect(admin.getByTestId('permission-checkbox-ver-cliente')).toBeChecked();
  await expect(admin.getByTestId('permission-checkbox-ver-menu-knowledgebase')).not.toBeChecked();

  await adminContext.close();
  await userContext.close();
});

test('the business logo uploaded by an administrator appears on the login page', async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  await page.goto('/v2/app/business-profile');
  await page.getByTestId('business-logo-input').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: ONE_PIXEL_PNG,
  });
  await expect(page.getByTestId('snackbar')).toHaveAttribute('data-variant', 'success');
  const logo = await page.evaluate(async () => {
    const body = (await (await fetch('/api/v2/empresa')).json()) as { result: { logo: string } };
    return body.result.logo;
  });
  expect(logo).toMatch(/\/api\/v2\/files\/empresa\//);
  await context.close();

  const anonymous = await browser.newContext();
  const login = await anonymous.newPage();
  await login.goto('/v2/login');
  await expect(login.getByTestId('auth-logo')).toHaveAttribute('src', logo);
  await anonymous.close();
});

test('a catalogue entry created in its list appears in the forms that use it', async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  const skill = `Habilidad E2E ${Date.now()}`;
  await page.goto('/v2/app/entities/skill/list');
  await page.getByTestId('catalogue-add').click();
  await page.getByTestId('catalogue-field-name').fill(skill);
  await page.getByTestId('catalogue-save').click();
  await expect(page.getByTestId('snackbar')).toHaveAttribute('data-variant', 'success');
  await page.goto('/v2/app/entities/skill/list');
  await page.getByTestId('data-table-search').fill(skill);
  await expect(page.getByTestId(`catalogue-row-${skill}`)).toBeVisible();

  await page.goto('/v2/app/users/add');
  await page.getByTestId('user-skills').click();
  await expect(page.getByRole('option', { name: skill })).toBeVisible();
  await context.close();
});
