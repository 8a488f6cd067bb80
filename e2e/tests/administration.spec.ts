import { expect, type Locator, type Page, test } from '@playwright/test';
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

/** The whole MUI field (label, input, message) around an input. */
function fieldOf(input: Locator): Locator {
  return input.locator('xpath=ancestor::*[contains(@class, "MuiFormControl-root")][1]');
}

async function adminPage(browser: import('@playwright/test').Browser, viewport = { width: 1400, height: 900 }) {
  const context = await browser.newContext({ viewport });
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

test('the business logo uploaded by an administrator appears on the login page, and keeps what was typed but not saved', async ({
  browser,
}) => {
  const { context, page } = await adminPage(browser);
  await page.goto('/v2/app/business-profile');
  const address = page.getByTestId('business-field-address');
  const typed = `Calle ${Date.now()} # 12-30`;
  await address.fill(typed);
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
  // The page has the new business (its logo shows) and the unsaved address is still in the form…
  await expect(page.getByTestId('image-preview')).toBeVisible();
  await expect(address).toHaveValue(typed);
  // …and saving it works.
  await page.getByTestId('business-save').click();
  await expect(page.getByTestId('snackbar')).toHaveAttribute('data-variant', 'success');
  await page.reload();
  await expect(page.getByTestId('business-field-address')).toHaveValue(typed);
  await context.close();

  const anonymous = await browser.newContext();
  const login = await anonymous.newPage();
  await login.goto('/v2/login');
  await expect(login.getByTestId('auth-logo')).toHaveAttribute('src', logo);
  await anonymous.close();
});

test('an avatar uploaded on the own profile keeps the fields typed but not saved', async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  await page.goto('/v2/app/profile/edit');
  const position = page.getByTestId('user-field-position');
  const typed = `Coordinación ${Date.now()}`;
  await position.fill(typed);
  await page.getByTestId('profile-avatar-input').setInputFiles({
    name: 'avatar.png',
    mimeType: 'image/png',
    buffer: ONE_PIXEL_PNG,
  });
  await expect(page.getByTestId('snackbar')).toHaveAttribute('data-variant', 'success');
  await expect(position).toHaveValue(typed);
  await page.getByTestId('user-save').click();
  await expect(page).toHaveURL(/\/app\/profile$/);
  await page.goto('/v2/app/profile/edit');
  await expect(page.getByTestId('user-field-position')).toHaveValue(typed);
  await context.close();
});

test('a long form brings its first invalid field into view, and each message goes once its field is fixed', async ({
  browser,
}) => {
  // A short window: the save button is at the bottom of the user form, its first field far above.
  const { context, page } = await adminPage(browser, { width: 1280, height: 560 });
  await page.goto('/v2/app/users/add');
  const name = page.getByTestId('user-field-name');
  const email = page.getByTestId('user-field-email');
  const password = page.getByTestId('user-field-password');
  await page.getByTestId('user-save').click();
  await expect(name).toBeFocused();
  await expect(name).toBeInViewport();
  await expect(fieldOf(name)).toContainText('Debe tener al menos 2 caracteres');
  await expect(fieldOf(email)).toContainText('Este campo es obligatorio');
  await expect(page.getByTestId('user-roles')).toHaveAttribute('aria-invalid', 'true');

  // Still too short: the message stays; long enough: it goes, and the others stay.
  await name.fill('A');
  await expect(fieldOf(name)).toContainText('Debe tener al menos 2 caracteres');
  await name.fill('Ana Prueba');
  await expect(name).toHaveAttribute('aria-invalid', 'false');
  await expect(fieldOf(name)).not.toContainText('Debe tener');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(fieldOf(password)).toContainText('Debe tener al menos 8 caracteres');

  // The next submit goes to the next invalid field, the e-mail.
  await page.getByTestId('user-save').click();
  await expect(email).toBeFocused();
  await expect(email).toBeInViewport();

  // Everything valid but the e-mail is taken: the server's message stays on the e-mail until it changes.
  await email.fill('admin@atiende.test');
  await password.fill('E2e.Usuario.2026');
  await page.getByTestId('user-field-password_confirmation').fill('E2e.Usuario.2026');
  await page.getByTestId('user-roles').click();
  await page.getByRole('option', { name: 'Agente' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('user-roles')).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('user-save').click();
  await expect(fieldOf(email)).toContainText('Ya existe un usuario con ese correo');
  await expect(email).toBeFocused();
  await page.getByTestId('user-field-username').fill('ana.prueba');
  await expect(fieldOf(email)).toContainText('Ya existe un usuario con ese correo');
  await email.fill(`e2e.long.${Date.now()}@atiende.test`);
  await expect(fieldOf(email)).not.toContainText('Ya existe');
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  await context.close();
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
