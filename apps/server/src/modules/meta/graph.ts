import { outboundBaseUrl } from '../../platform/outbound.js';
import { ChannelSetupError, detailForLogs, PermanentDeliveryError } from '../interactions/adapters.js';

/** The Graph API version Atiende speaks (Meta keeps each version for about two years). */
export const GRAPH_VERSION = 'v21.0';
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

/** The error of a Graph answer that is not a success: Graph's numeric code, else the HTTP status. */
export interface GraphFailure extends Error {
  providerCode?: number;
}

/**
 * A Graph answer that was not a success, classified: throttling and server errors retry, wrong credentials are
 * the channel's problem, anything else fails the message at once. `product` names the API in the message. The
 * message is ours, with Graph's status and code; Graph's own words are kept apart for the logs.
 */
export async function graphFailure(response: Response, product: string, what: string): Promise<Error> {
  const body = (await response.json().catch(() => null)) as GraphErrorBody | null;
  const rawCode = body?.error?.code;
  const code = typeof rawCode === 'number' && Number.isInteger(rawCode) ? rawCode : undefined;
  const message = `${product} ${what} failed (${response.status}${code !== undefined ? `, code ${code}` : ''})`;
  const retryable =
    response.status >= 500 || response.status === 429 || (code !== undefined && RETRYABLE_CODES.has(code));
  const providerCode = code ?? response.status;
  const error: Error & { providerDetail?: string; providerCode?: number } = retryable
    ? new Error(message)
    : code !== undefined && SETUP_CODES.has(code)
      ? new ChannelSetupError(message, {
          key: 'channelProblems.credentials',
          params: { provider: product, code: providerCode },
        })
      : new PermanentDeliveryError(message, {
          key: 'channelProblems.failed',
          params: { provider: product, code: providerCode },
        });
  error.providerCode = providerCode;
  error.providerDetail = detailForLogs(body?.error?.error_data?.details ?? body?.error?.message);
  return error;
}

/** The Graph API origin of a channel: its `apiBaseUrl` when set (tests, proxies the operator allowed), else Meta's. */
export function graphBaseUrl(config: Record<string, unknown>): string {
  return outboundBaseUrl('metaGraph', config.apiBaseUrl);
}
