import { API_BASE, LOCALE_HEADER } from '@atiende/contracts';
import i18n from '../core/i18n';
import { getToken } from '../core/session';
import { ApiError } from './client';

/** The filename of a `content-disposition` header, or the fallback. */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall through to the plain filename.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/**
 * Downloads a file of the API with the session's headers: fetch → blob → object URL → a temporary `<a download>`.
 * Rejects with an ApiError when the server refuses (its envelope message), or with `DownloadBlockedError` when the
 * file arrived but the browser would not save it.
 */
export class DownloadBlockedError extends Error {
  constructor() {
    super('download-blocked');
    this.name = 'DownloadBlockedError';
  }
}

export async function downloadApiFile(
  path: string,
  query: Record<string, string | number | undefined>,
  fallbackName: string,
): Promise<string> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  const headers: Record<string, string> = { [LOCALE_HEADER]: i18n.language || 'es' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${path}${search ? `?${search}` : ''}`, { headers });
  } catch (error) {
    throw new ApiError({
      statusResult: false,
      status: 'ERROR',
      code: null,
      message: error instanceof Error && error.message ? error.message : i18n.t('errors.network'),
      result: undefined,
      httpStatus: 0,
    });
  }
  if (!response.ok) {
    let message = '';
    let code: string | null = null;
    try {
      const payload = (await response.json()) as { message?: string; code?: string };
      message = payload.message ?? '';
      code = payload.code ?? null;
    } catch {
      // Not JSON.
    }
    throw new ApiError({
      statusResult: false,
      status: 'ERROR',
      code,
      message: message || i18n.t(response.status >= 500 ? 'errors.server' : 'errors.unexpected'),
      result: undefined,
      httpStatus: response.status,
    });
  }
  const blob = await response.blob();
  const name = fileNameFromDisposition(response.headers.get('content-disposition'), fallbackName);
  try {
    const url = URL.createObjectURL(blob);
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = name;
    anchor.rel = 'noopener';
    anchor.style.display = 'none';
    document.body.appendChild(anchor);
    anchor.click();
    anchor.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch {
    throw new DownloadBlockedError();
  }
  return name;
}
