import { ChannelSetupError, PermanentDeliveryError } from '../interactions/adapters.js';

/** The Graph API version Atiende speaks (Meta keeps each version for about two years). */
export const GRAPH_VERSION = 'v21.0';
const DEFAULT_BASE_URL = 'https://graph.facebook.com';
export const GRAPH_TIMEOUT_MS = 30_000;

/**
 * Graph error codes worth another attempt: throttling, temporary failures. Every other 4xx answer (bad recipient,
 * closed window, unsupported file) will fail again the same way.
 */
const RETRYABLE_CODES = new Set([1, 2, 4, 17, 32, 613, 80007, 130429, 131000, 131016, 131056, 133004]);
/** Codes that say the channel's credentials are wrong (expired or revoked token, missing permission). */
const SETUP_CODES = new Set([10, 190, 200, 131005]);

interface GraphErrorBody {
  error?: { message?: string; code?: number; error_subcode?: number; error_data?: { details?: string } };
}

/**
 * A Graph answer that was not a success, classified: throttling and server errors retry, wrong credentials are
 * the channel's problem, anything else fails the message at once. `product` names the API in the message.
 */
export async function graphFailure(response: Response, product: string, what: string): Promise<Error> {
  const body = (await response.json().catch(() => null)) as GraphErrorBody | null;
  const code = body?.error?.code;
  const detail = body?.error?.error_data?.details ?? body?.error?.message ?? response.statusText;
  const message = `${product} ${what} failed (${response.status}${code ? `, code ${code}` : ''}): ${detail}`;
  const retryable =
    response.status >= 500 || response.status === 429 || (code !== undefined && RETRYABLE_CODES.has(code));
  if (retryable) return new Error(message);
  return code !== undefined && SETUP_CODES.has(code)
    ? new ChannelSetupError(message)
    : new PermanentDeliveryError(message);
}

/** The Graph API origin of a channel: its `apiBaseUrl` when set (tests, proxies), else Meta's. */
export function graphBaseUrl(config: Record<string, unknown>): string {
  const configured = typeof config.apiBaseUrl === 'string' ? config.apiBaseUrl.trim() : '';
  return (configured || DEFAULT_BASE_URL).replace(/\/+$/, '');
}
