import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks one option of a MUI single Select. It is opened from the keyboard: MUI opens a Select on mousedown and may
 * take the mouseup that follows as a choice once 400 ms passed since the mousedown, which a loaded CI machine can
 * exceed between Playwright's two events — the menu then closes (or stays) on its own. The list must be gone after.
 */
export async function chooseInSelect(page: Page, combobox: Locator, option: string | RegExp): Promise<void> {
  await combobox.focus();
  await combobox.press('ArrowDown');
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  await listbox.getByRole('option', { name: option }).click();
  await expect(listbox).toBeHidden();
}

/** The combobox of a Select whose native input carries this test id. */
export function selectByInput(page: Page, testId: string): Locator {
  return page.getByTestId(testId).locator('..').getByRole('combobox');
}
