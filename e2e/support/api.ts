import type { Page } from '@playwright/test';

/** Reads an API result with the page's own session, as the app would (for checks the UI does not show). */
export async function apiGet<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (path) => {
    const token = localStorage.getItem('token');
    const response = await fetch(path, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { result: unknown };
    return body.result;
  }, url) as Promise<T>;
}
