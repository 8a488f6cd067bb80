import type { OutboundPolicy } from '../../platform/outbound.js';
import { ChannelSetupError, throughPolicy } from '../interactions/adapters.js';
import { GRAPH_TIMEOUT_MS, GRAPH_VERSION, graphBaseUrl, graphFailure } from '../meta/graph.js';

/** Messenger's and Instagram's longest text message; longer replies go out in parts. */
export const MESSENGER_TEXT_LIMIT = 2000;

/** The two Meta inboxes of the Messenger Platform, by Atiende's channel type. */
export const MESSENGER_PRODUCTS = {
  facebook: {
    name: 'Messenger',
    accountKey: 'pageId',
    tokenKey: 'pageAccessToken',
    profileFields: 'first_name,last_name',
  },
  instagram: { name: 'Instagram', accountKey: 'accountId', tokenKey: 'accessToken', profileFields: 'name,username' },
} as const;
export type MessengerType = keyof typeof MESSENGER_PRODUCTS;

export interface MessengerSettings {
  type: MessengerType;
  baseUrl: string;
  accountId: string;
  accessToken: string;
}

export function messengerSettings(
  type: MessengerType,
  config: Record<string, unknown>,
  secrets: Record<string, string>,
): MessengerSettings {
  const product = MESSENGER_PRODUCTS[type];
  const account = config[product.accountKey];
  const accountId = typeof account === 'string' ? account.trim() : '';
  const accessToken = secrets[product.tokenKey] ?? '';
  if (!accountId || !accessToken) {
    throw new ChannelSetupError(`the ${product.name} channel has no account id or access token configured`, {
      key: 'channelProblems.notConfigured',
      params: { provider: product.name },
    });
  }
  return { type, baseUrl: graphBaseUrl(config), accountId, accessToken };
}

/**
 * The Messenger Platform calls for one Facebook page or Instagram account, through the outbound policy: send text
 * or a file to a customer (by the page-scoped id the webhook gave), and read a customer's profile name.
 */
export function createMessengerClient(outbound: OutboundPolicy, settings: MessengerSettings) {
  const product = MESSENGER_PRODUCTS[settings.type];
  const url = (path: string) => `${settings.baseUrl}/${GRAPH_VERSION}/${path}`;
  const auth = { authorization: `Bearer ${settings.accessToken}` };

  async function send(body: FormData | string): Promise<string> {
    const response = await throughPolicy(() =>
      outbound.fetch('metaGraph', url(`${encodeURIComponent(settings.accountId)}/messages`), {
        method: 'POST',
        headers: typeof body === 'string' ? { ...auth, 'content-type': 'application/json' } : auth,
        body,
        signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS),
      }),
    );
    if (!response.ok) throw await graphFailure(response, product.name, 'send');
    const answer = (await response.json()) as { message_id?: string };
    if (!answer.message_id) throw new Error(`${product.name} send answered without a message id`);
    return answer.message_id;
  }

  return {
    sendText(recipientId: string, text: string): Promise<string> {
      return send(JSON.stringify({ recipient: { id: recipientId }, messaging_type: 'RESPONSE', message: { text } }));
    },

    /** A file uploaded with the message (Messenger's `filedata`): a picture for images, a file otherwise. */
    sendFile(recipientId: string, file: { name: string; contentType: string; content: Buffer }): Promise<string> {
      const kind = file.contentType.startsWith('image/') ? 'image' : 'file';
      const form = new FormData();
      form.append('recipient', JSON.stringify({ id: recipientId }));
      form.append('messaging_type', 'RESPONSE');
      form.append('message', JSON.stringify({ attachment: { type: kind, payload: { is_reusable: false } } }));
      form.append('filedata', new Blob([new Uint8Array(file.content)], { type: file.contentType }), file.name);
      return send(form);
    },

    /** The customer's name as the profile shows it, or null (private profile, no permission, unreachable). */
    async profileName(userId: string): Promise<string | null> {
      try {
        const response = await outbound.fetch(
          'metaGraph',
          url(`${encodeURIComponent(userId)}?fields=${product.profileFields}`),
          { headers: auth, signal: AbortSignal.timeout(5_000) },
        );
        if (!response.ok) return null;
        const profile = (await response.json()) as {
          first_name?: string;
          last_name?: string;
          name?: string;
          username?: string;
        };
        const name = profile.name ?? [profile.first_name, profile.last_name].filter(Boolean).join(' ');
        return name.trim() || profile.username || null;
      } catch {
        return null;
      }
    },
  };
}
