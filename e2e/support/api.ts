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

/** Sends a body to the API with the page's own session and returns the envelope's result (for test set-up). */
async function apiSend<T>(page: Page, method: 'POST' | 'PUT', url: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ([verb, path, payload]) => {
      const token = localStorage.getItem('token');
      const response = await fetch(path as string, {
        method: verb as string,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      const envelope = (await response.json()) as { result: unknown; message: string };
      if (!response.ok) throw new Error(`${path}: ${response.status} ${envelope.message}`);
      return envelope.result;
    },
    [method, url, body] as const,
  ) as Promise<T>;
}

export const apiPost = <T>(page: Page, url: string, body: unknown) => apiSend<T>(page, 'POST', url, body);
export const apiPut = <T>(page: Page, url: string, body: unknown) => apiSend<T>(page, 'PUT', url, body);
