import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.js';
import { apiGet } from '../support/api.js';
import { switchToEnglishDarkRtl } from '../support/appearance.js';
import { signIn } from '../support/auth.js';
import { DEMO_PASSWORD } from '../support/env.js';
import { chooseInSelect } from '../support/select.js';

/** Lets transitions settle, then writes /tmp/kb-{name}.png for the visual review. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/kb-${name}.png`, fullPage: true });
}

/** A word no other test writes (letters only: every stemmer keeps it whole). */
const uniqueWord = () =>
  `kb${Date.now()
    .toString()
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)])}`;

test('an admin writes and publishes an article with a heading and a table, finds it in the base and on the public site', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const word = uniqueWord();
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signIn(page, 'admin@atiende.test', DEMO_PASSWORD);

  await page.goto('/v2/app/knowledge-base/categories');
  await expect(page.getByTestId('page-title')).toHaveText('Base de conocimiento');
  await expect(page.getByTestId('kb-categories')).toContainText('Compras y pagos');
  await expectAccessible(page, 'knowledge base categories');

  // A category, then a section in it shown to agents and on the public site.
  await page.getByTestId('kb-category-add').click();
  await page.getByTestId('kb-category-name').fill(`Garantías ${word}`);
  await page.getByTestId('kb-category-description').fill('Cambios, garantías y reparaciones');
  await page.getByTestId('kb-category-save').click();
  await expect(page.getByTestId('kb-category-dialog')).toBeHidden();
  const categories = await apiGet<{ data: { id: number; name: string }[] }>(
    page,
    `/api/v2/knowledge-base/categories?searchText=${word}`,
  );
  const categoryId = categories.data[0].id;
  await expect(page.getByTestId(`kb-category-${categoryId}`)).toContainText(`Garantías ${word}`);

  await page.getByTestId(`kb-category-add-section-${categoryId}`).click();
  await page.getByTestId('kb-section-name').fill(`Reparaciones ${word}`);
  // Without an audience the form says so before sending.
  for (const audience of ['admin', 'super', 'agent', 'public']) {
    await page.getByTestId(`kb-section-audience-${audience}`).uncheck();
  }
  await page.getByTestId('kb-section-save').click();
  await expect(page.getByTestId('kb-section-dialog')).toContainText('Elija al menos a quién se muestra');
  await page.getByTestId('kb-section-audience-agent').check();
  await page.getByTestId('kb-section-audience-public').check();
  await page.getByTestId('kb-section-save').click();
  await expect(page.getByTestId('kb-section-dialog')).toBeHidden();
  const sections = await apiGet<{ data: { id: number }[] }>(
    page,
    `/api/v2/knowledge-base/sections?categoryId=${categoryId}`,
  );
  const sectionId = sections.data[0].id;
  await page.getByTestId(`kb-section-link-${sectionId}`).click();
  await expect(page).toHaveURL(new RegExp(`/v2/app/knowledge-base/sections/${sectionId}$`));

  // The article: a heading, a paragraph, a table; published.
  await page.getByTestId('kb-article-add').click();
  await expect(page).toHaveURL(/\/v2\/app\/knowledge-base\/article\/add/);
  await page.getByTestId('kb-article-save').click();
  await expect(page.getByTestId('kb-article-form')).toContainText('al menos 3');
  await page.getByTestId('kb-article-title').fill(`Atención de garantías ${word}`);
  const editor = page.getByTestId('kb-article-editor');
  await editor.click();
  await page.getByTestId('kb-article-editor-h2').click();
  await page.keyboard.type('Qué cubre la garantía');
  await page.keyboard.press('Enter');
  await page.keyboard.type(`Un año de garantía en todos los productos ${word}.`);
  await page.keyboard.press('Enter');
  await page.getByTestId('kb-article-editor-table').click();
  await page.getByTestId('kb-editor-table-insert').click();
  await page.keyboard.type('Producto');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Plazo');
  await page.getByTestId('kb-article-labels').fill('garantía');
  await page.getByTestId('kb-article-labels').press('Enter');
  await chooseInSelect(page, page.getByTestId('kb-article-status'), 'Publicado');
  await shot(page, 'editor-es-light');
  await page.getByTestId('kb-article-save').click();
  await expect(page).toHaveURL(/\/v2\/app\/knowledge-base\/article\/\d+\/view$/);
  const articleId = Number(/article\/(\d+)\/view/.exec(page.url())?.[1]);
  const body = page.getByTestId('kb-article-body');
  await expect(body.locator('h2')).toHaveText('Qué cubre la garantía');
  await expect(body.locator('table th').first()).toHaveText('Producto');
  await expect(page.getByTestId('kb-article-view-status')).toHaveText('Publicado');
  await expectAccessible(page, 'knowledge base article');
  await shot(page, 'article-es-light');

  // Found without its accent in the base's search, the words marked.
  await page.goto('/v2/app/knowledge-base/categories');
  await page.getByTestId('kb-search-input').fill(`atencion ${word}`);
  await expect(page.getByTestId(`kb-search-hit-${articleId}`)).toBeVisible();
  await expect(page.getByTestId(`kb-search-hit-${articleId}`).locator('mark').first()).toHaveText('Atención');
  await shot(page, 'search-es-light');

  // The public site: the article at its clean address, in the section's list, and in the site's search.
  const publicLink = page.getByTestId('kb-article-public');
  await page.goto(`/v2/app/knowledge-base/article/${articleId}/view`);
  const href = await publicLink.getAttribute('href');
  expect(href).toMatch(new RegExp(`/kb/es/articles/${articleId}-atencion-de-garantias-${word}$`));
  const site = new URL(href ?? '').pathname;
  await page.goto('/kb/es');
  await expect(page.locator('main')).toContainText(`Reparaciones ${word}`);
  await page.getByRole('link', { name: `Reparaciones ${word}` }).click();
  await page.getByRole('link', { name: `Atención de garantías ${word}` }).click();
  await expect(page).toHaveURL(new RegExp(`${site}$`));
  await expect(page).toHaveTitle(`Atención de garantías ${word} · Centro de ayuda`);
  await expect(page.locator('article h2')).toHaveText('Qué cubre la garantía');
  await expectAccessible(page, 'public article');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'public-article-390');
  await page.getByRole('searchbox').fill(`garantia ${word}`);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.locator('ol.results li')).toHaveCount(1);
  await expect(page.locator('ol.results mark').first()).toHaveText('garantías');
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('.hero-title')).toHaveText('How can we help?');
  await shot(page, 'public-search-en-390');

  // English, dark, right to left: the editor and the categories.
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto(`/v2/app/knowledge-base/article/${articleId}/edit`);
  await switchToEnglishDarkRtl(page);
  await expect(page.getByTestId('kb-article-title')).toHaveValue(`Atención de garantías ${word}`);
  await expect(page.getByTestId('kb-article-save')).toHaveText(/Save/);
  await expectAccessible(page, 'article editor (dark)');
  await shot(page, 'editor-en-dark-rtl');
  await page.goto('/v2/app/knowledge-base/categories');
  await expect(page.getByTestId('page-title')).toHaveText('Knowledge base');
  await shot(page, 'categories-en-dark-rtl');
});

test('an admin deletes a category after the irreversible confirmation, and its sections and articles go with it', async ({
  page,
}) => {
  const word = uniqueWord();
  await signIn(page, 'admin@atiende.test', DEMO_PASSWORD);
  await page.goto('/v2/app/knowledge-base/categories');
  const category = await page.evaluate(async (name) => {
    const headers = { authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' };
    const post = async (url: string, body: unknown) =>
      (await (await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) })).json()).result;
    const created = await post('/api/v2/knowledge-base/categories', { name });
    const section = await post('/api/v2/knowledge-base/sections', {
      categoryId: created.id,
      name: `Sección ${name}`,
      visibleFor: ['agent'],
    });
    await post('/api/v2/knowledge-base/articles', { sectionId: section.id, title: `Artículo ${name}` });
    return created.id as number;
  }, `Temporal ${word}`);
  await page.reload();
  await page.getByTestId(`kb-category-delete-${category}`).click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('irreversible');
  await expect(dialog).toContainText('1 sección');
  await expect(dialog).toContainText('1 artículo');
  await shot(page, 'delete-confirm-es');
  await page.getByTestId('confirm-accept').click();
  await expect(page.getByTestId(`kb-category-${category}`)).toHaveCount(0);
  const search = await apiGet<unknown[]>(page, `/api/v2/knowledge-base/search?q=${word}`);
  expect(search).toEqual([]);
});

test('an agent finds a help article from the ticket view and inserts its public link into the reply', async ({
  page,
}) => {
  await signIn(page, 'admin@atiende.test', DEMO_PASSWORD);
  await page.goto('/v2/app/tickets');
  // A demo ticket still being worked on (a closed one takes no reply).
  const tickets = await apiGet<{ data: { id: number; status: number }[] }>(
    page,
    '/api/v2/tickets?sizePerPage=50&status=1',
  );
  const ticket = tickets.data[0];
  await page.goto(`/v2/app/tickets/${ticket.id}/view`);
  await page.getByTestId('composer-reply').click();
  await page.getByTestId('kb-insert-open').click();
  const dialog = page.getByTestId('kb-insert-dialog');
  await dialog.getByTestId('kb-search-input').fill('factura');
  const hit = dialog.locator('[data-testid^="kb-insert-link-"]').first();
  await expect(hit).toBeEnabled();
  await expect(dialog.locator('mark').first()).toHaveText(/factura/i);
  await shot(page, 'insert-dialog-es');
  await hit.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('reply-body')).toHaveValue(
    /Cómo descargar su factura electrónica: http:\/\/localhost:\d+\/kb\/es\/articles\/\d+-como-descargar-su-factura-electronica/,
  );
});
