import { expect, type Page } from '@playwright/test';

/** Stores English, dark mode and right-to-left for the page's app (applied on the next load). */
export async function storeEnglishDarkRtl(page: Page) {
  await page.evaluate(() => {
    localStorage.setItem('locale', 'en');
    localStorage.setItem(
      'appearance',
      JSON.stringify({ color: null, mode: 'dark', direction: 'rtl', bigSidebar: true }),
    );
  });
}

/** Switches the page's app to English, dark mode and right-to-left, and waits until it shows so. */
export async function switchToEnglishDarkRtl(page: Page) {
  await storeEnglishDarkRtl(page);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}
