import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLocale, withAdminTexts } from './i18n';

afterEach(async () => {
  vi.restoreAllMocks();
  await changeLocale('es');
});

/** The sections of each bundle added for `locale` since the spy started. */
const sectionsAdded = (spy: { mock: { calls: unknown[][] } }, locale: string) =>
  spy.mock.calls.filter(([lng]) => lng === locale).map(([, , texts]) => Object.keys(texts as object));

describe('the texts parts a page waits for', () => {
  it('gives back what the page loaded, with the administration part of the language shown', async () => {
    const added = vi.spyOn(i18n, 'addResourceBundle');
    await expect(withAdminTexts(async () => 'the page')).resolves.toBe('the page');
    expect(sectionsAdded(added, 'es').flat()).toContain('users');
  });

  it('switches language with the same parts as before: the administration one once asked for, not the workspace one', async () => {
    await withAdminTexts(async () => null);
    const added = vi.spyOn(i18n, 'addResourceBundle');
    await changeLocale('en');
    const sections = sectionsAdded(added, 'en').flat();
    expect(sections).toContain('auth');
    expect(sections).toContain('users');
    // Nothing here asked for the workspace's part (loadAppTexts): a sign-in page switching language does not get it.
    expect(sections).not.toContain('tickets');
    expect(i18n.language).toBe('en');
  });
});
