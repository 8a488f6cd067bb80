import { API_BASE, LOCALE_HEADER } from '@atiende/contracts';
import { useEffect, useState } from 'react';
import i18n from '../core/i18n';
import { getToken } from '../core/session';

export interface ApiFileUrl {
  /** An object URL of the file (revoked when the path changes or the component unmounts), null until it arrived. */
  url: string | null;
  loading: boolean;
  /** The file could not be read (refused, missing or no network). */
  failed: boolean;
}

/** The full address of an API path: `whatsapp-templates/12/media` → `/api/v2/whatsapp-templates/12/media`. */
export function apiFileHref(path: string): string {
  if (/^[a-z]+:/i.test(path) || path.startsWith(`${API_BASE}/`)) return path;
  return `${API_BASE}/${path.replace(/^\/+/, '')}`;
}

/**
 * A file of the API (one that needs the session's Bearer token, so an <img> or <video> cannot load it by its
 * path) as an object URL the browser can show: fetched with the session's headers while `path` is set.
 */
export function useApiFileUrl(path: string | null | undefined): ApiFileUrl {
  const [state, setState] = useState<ApiFileUrl>({ url: null, loading: Boolean(path), failed: false });

  useEffect(() => {
    if (!path) {
      setState({ url: null, loading: false, failed: false });
      return;
    }
    const controller = new AbortController();
    let created: string | null = null;
    setState({ url: null, loading: true, failed: false });
    const headers: Record<string, string> = { [LOCALE_HEADER]: i18n.language || 'es' };
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    fetch(apiFileHref(path), { headers, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const blob = await response.blob();
        if (controller.signal.aborted) return;
        created = URL.createObjectURL(blob);
        setState({ url: created, loading: false, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ url: null, loading: false, failed: true });
      });
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [path]);

  return state;
}
