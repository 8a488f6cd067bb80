import { createPrivateKey, sign } from 'node:crypto';
import type { Logger } from 'pino';
import type { OutboundPolicy } from '../../platform/outbound.js';

/** The business's Dialogflow settings as stored (business.dialogflow): a service account's key and the endpoint. */
export interface DialogflowSettings {
  credentials: { projectId: string; clientEmail: string; privateKey: string; tokenUri: string };
  apiBaseUrl: string | null;
}

export interface DetectedIntent {
  intent: string;
  parameters: Record<string, string>;
}

const GOOGLE_API = 'https://dialogflow.googleapis.com';
const SCOPE = 'https://www.googleapis.com/auth/dialogflow';
const TIMEOUT_MS = 8000;
/** A token is used until a minute before it expires. */
const TOKEN_MARGIN_MS = 60_000;

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/** A parameter's value as text: strings as they are, numbers as digits, lists joined, anything else as JSON. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(textOf).join(', ');
  return value === null || value === undefined ? '' : JSON.stringify(value);
}

/**
 * Dialogflow ES's `detectIntent` over REST, for the bots' dialog flow nodes: an OAuth access token from the service
 * account (a JWT signed with its key, exchanged at its token endpoint, kept until a minute before it expires), then
 * the customer's text for the conversation's session. Everything goes through the outbound policy; any failure is
 * "no intent" (the node's fallback), logged without the key or the token.
 */
export function createDialogflowClient(outbound: OutboundPolicy, logger: Logger) {
  const tokens = new Map<string, { token: string; expiresAt: number }>();

  async function accessToken(credentials: DialogflowSettings['credentials']): Promise<string> {
    const key = `${credentials.clientEmail}|${credentials.tokenUri}`;
    const known = tokens.get(key);
    if (known && known.expiresAt - TOKEN_MARGIN_MS > Date.now()) return known.token;
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${base64url(
      JSON.stringify({
        iss: credentials.clientEmail,
        scope: SCOPE,
        aud: credentials.tokenUri,
        iat: now,
        exp: now + 3600,
      }),
    )}`;
    const signature = sign('RSA-SHA256', Buffer.from(unsigned), createPrivateKey(credentials.privateKey));
    const response = await outbound.fetch('dialogflow', credentials.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: `${unsigned}.${base64url(signature)}`,
      }).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`token endpoint answered ${response.status}`);
    const answer = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!answer.access_token) throw new Error('token endpoint answered without a token');
    tokens.set(key, { token: answer.access_token, expiresAt: Date.now() + (answer.expires_in ?? 3600) * 1000 });
    return answer.access_token;
  }

  return {
    async detectIntent(
      settings: DialogflowSettings,
      sessionId: string,
      text: string,
      languageCode: string,
    ): Promise<DetectedIntent | null> {
      try {
        const token = await accessToken(settings.credentials);
        const base = (settings.apiBaseUrl ?? GOOGLE_API).replace(/\/+$/, '');
        const url = `${base}/v2/projects/${encodeURIComponent(settings.credentials.projectId)}/agent/sessions/${encodeURIComponent(sessionId)}:detectIntent`;
        const response = await outbound.fetch('dialogflow', url, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ queryInput: { text: { text: text.slice(0, 256), languageCode } } }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (!response.ok) {
          logger.info({ status: response.status }, 'dialogflow detectIntent answered an error');
          return null;
        }
        const answer = (await response.json()) as {
          queryResult?: {
            intent?: { displayName?: string; isFallback?: boolean };
            parameters?: Record<string, unknown>;
            fulfillmentText?: string;
          };
        };
        const result = answer.queryResult;
        if (!result?.intent?.displayName || result.intent.isFallback) return null;
        const parameters = Object.fromEntries(
          Object.entries(result.parameters ?? {}).map(([name, value]) => [name, textOf(value).slice(0, 1000)]),
        );
        if (result.fulfillmentText) parameters.respuesta = result.fulfillmentText.slice(0, 1000);
        return { intent: result.intent.displayName, parameters };
      } catch (error) {
        logger.info({ err: error instanceof Error ? error.message : String(error) }, 'dialogflow detectIntent failed');
        return null;
      }
    },
  };
}
