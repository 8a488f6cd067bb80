import type { OutboundTarget } from '@atiende/contracts';
import { isProviderHost, type OutboundPolicy } from '../../platform/outbound.js';
import { ChannelSetupError, PermanentDeliveryError, throughPolicy } from '../interactions/adapters.js';
import { GRAPH_VERSION, graphBaseUrl, graphFailure, GRAPH_TIMEOUT_MS as TIMEOUT_MS } from '../meta/graph.js';

/** WhatsApp's longest text message; longer replies go out in parts. */
export const WHATSAPP_TEXT_LIMIT = 4096;

export interface GraphSettings {
  baseUrl: string;
  phoneNumberId: string;
  accessToken: string;
}

const failure = (response: Response, what: string) => graphFailure(response, 'WhatsApp', what);

export function graphSettings(config: Record<string, unknown>, secrets: Record<string, string>): GraphSettings {
  const phoneNumberId = typeof config.phoneNumberId === 'string' ? config.phoneNumberId.trim() : '';
  const accessToken = secrets.accessToken ?? '';
  if (!phoneNumberId || !accessToken) {
    throw new ChannelSetupError('the WhatsApp channel has no phone number id or access token configured', {
      key: 'channelProblems.notConfigured',
      params: { provider: 'WhatsApp' },
    });
  }
  return { baseUrl: graphBaseUrl(config), phoneNumberId, accessToken };
}

/**
 * What a message send may carry: text, a media object uploaded before (with its caption), an approved template with
 * its values (and its header's media, uploaded before), or an interactive message (reply buttons or a list) in
 * Graph's own `interactive` shape.
 */
export type OutgoingWhatsapp =
  | { type: 'text'; body: string }
  | { type: 'image' | 'document' | 'video' | 'audio'; mediaId: string; filename?: string; caption?: string }
  | {
      type: 'template';
      name: string;
      language: string;
      variables: string[];
      header?: { type: 'image' | 'document' | 'video'; mediaId: string; filename?: string };
    }
  | { type: 'interactive'; interactive: Record<string, unknown> };

/** A template as Meta's review sees it: its components in Graph's shape. */
export interface TemplateSubmission {
  name: string;
  language: string;
  category: string;
  components: Record<string, unknown>[];
}

/** The body of one send: the message type and its object, in Graph's shape. */
function contentOf(message: OutgoingWhatsapp): Record<string, unknown> {
  switch (message.type) {
    case 'text':
      return { text: { preview_url: false, body: message.body } };
    case 'template': {
      const components: Record<string, unknown>[] = [];
      if (message.header) {
        const { type, mediaId, filename } = message.header;
        components.push({
          type: 'header',
          parameters: [{ type, [type]: { id: mediaId, ...(type === 'document' && filename ? { filename } : {}) } }],
        });
      }
      if (message.variables.length) {
        components.push({ type: 'body', parameters: message.variables.map((text) => ({ type: 'text', text })) });
      }
      return {
        template: {
          name: message.name,
          language: { code: message.language },
          ...(components.length ? { components } : {}),
        },
      };
    }
    case 'interactive':
      return { interactive: message.interactive };
    default:
      return {
        [message.type]: {
          id: message.mediaId,
          ...(message.type === 'document' && message.filename ? { filename: message.filename } : {}),
          // WhatsApp shows a caption under images, videos and documents; audio has none.
          ...(message.type !== 'audio' && message.caption ? { caption: message.caption } : {}),
        },
      };
  }
}

/**
 * The WhatsApp Cloud API (Graph) calls Atiende makes for one channel: send a message, upload a file for it, and
 * fetch a customer's media, all through the outbound policy. Network errors and throttling throw plain errors (the
 * job retries); answers that can never succeed throw PermanentDeliveryError; a refused host is the channel's
 * problem (ChannelSetupError).
 */
export function createGraphClient(outbound: OutboundPolicy, settings: GraphSettings) {
  const url = (path: string) => `${settings.baseUrl}/${GRAPH_VERSION}/${path}`;
  const auth = { authorization: `Bearer ${settings.accessToken}` };
  const request = (href: string, init: RequestInit, target: OutboundTarget = 'metaGraph') =>
    throughPolicy(() => outbound.fetch(target, href, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) }));

  return {
    /** `callbackData` comes back in the message's status webhooks (`biz_opaque_callback_data`). */
    async send(to: string, message: OutgoingWhatsapp, callbackData?: string): Promise<string> {
      const content = contentOf(message);
      const response = await request(url(`${encodeURIComponent(settings.phoneNumberId)}/messages`), {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to,
          type: message.type,
          ...content,
          ...(callbackData ? { biz_opaque_callback_data: callbackData } : {}),
        }),
      });
      if (!response.ok) throw await failure(response, 'send');
      const answer = (await response.json()) as { messages?: { id?: string }[] };
      const id = answer.messages?.[0]?.id;
      if (!id) throw new Error('WhatsApp send answered without a message id');
      return id;
    },

    /** Submits a template of the business account for Meta's review; returns Meta's id and first status. */
    async submitTemplate(businessAccountId: string, template: TemplateSubmission) {
      const response = await request(url(`${encodeURIComponent(businessAccountId)}/message_templates`), {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(template),
      });
      if (!response.ok) throw await failure(response, 'template submission');
      const answer = (await response.json()) as { id?: string; status?: string };
      if (!answer.id) throw new Error('WhatsApp template submission answered without an id');
      return { id: String(answer.id), status: answer.status ?? 'PENDING' };
    },

    /**
     * Uploads a template's sample file for Meta's review (the media header's `header_handle`) through Graph's
     * resumable upload: a session on the Meta app, then the bytes in one piece; returns the handle.
     */
    async uploadForReview(appId: string, content: Buffer, contentType: string, filename: string): Promise<string> {
      const query = new URLSearchParams({
        file_name: filename,
        file_length: String(content.length),
        file_type: contentType,
      });
      const session = await request(url(`${encodeURIComponent(appId)}/uploads?${query}`), {
        method: 'POST',
        headers: auth,
      });
      if (!session.ok) throw await failure(session, 'upload session');
      const { id } = (await session.json()) as { id?: string };
      // Graph's session id ("upload:<id>", sometimes with "?sig=…") is a path of its own, used as given.
      if (!id || !/^upload:[\w\-.:=%?&]+$/.test(id)) throw new Error('WhatsApp upload session answered without an id');
      const upload = await request(url(id), {
        method: 'POST',
        headers: { authorization: `OAuth ${settings.accessToken}`, file_offset: '0', 'content-type': contentType },
        body: new Uint8Array(content),
      });
      if (!upload.ok) throw await failure(upload, 'review upload');
      const { h } = (await upload.json()) as { h?: string };
      if (!h) throw new Error('WhatsApp review upload answered without a handle');
      return h;
    },

    /** Meta's current review of a template. */
    async templateStatus(templateId: string): Promise<{ status: string; reason: string | null }> {
      const response = await request(url(`${encodeURIComponent(templateId)}?fields=status,rejected_reason`), {
        headers: auth,
      });
      if (!response.ok) throw await failure(response, 'template lookup');
      const answer = (await response.json()) as { status?: string; rejected_reason?: string };
      return { status: answer.status ?? 'PENDING', reason: answer.rejected_reason ?? null };
    },

    /** Uploads a file for a later message; returns its media id. */
    async upload(content: Buffer, contentType: string, filename: string): Promise<string> {
      const form = new FormData();
      form.append('messaging_product', 'whatsapp');
      form.append('type', contentType);
      form.append('file', new Blob([new Uint8Array(content)], { type: contentType }), filename);
      const response = await request(url(`${encodeURIComponent(settings.phoneNumberId)}/media`), {
        method: 'POST',
        headers: auth,
        body: form,
      });
      if (!response.ok) throw await failure(response, 'media upload');
      const answer = (await response.json()) as { id?: string };
      if (!answer.id) throw new Error('WhatsApp media upload answered without an id');
      return answer.id;
    },

    /**
     * A customer's media: its short-lived URL from the media id, then the bytes (both need the token). The URL is
     * Graph's word: it must be on the channel's Graph origin or Meta's media hosts, the only places the token goes.
     */
    async download(mediaId: string, maxBytes: number): Promise<{ content: Buffer; contentType: string } | null> {
      const info = await request(url(encodeURIComponent(mediaId)), { headers: auth });
      if (!info.ok) throw await failure(info, 'media lookup');
      const meta = (await info.json()) as { url?: string; mime_type?: string; file_size?: number };
      if (!meta.url) throw new Error('WhatsApp media lookup answered without a URL');
      if (meta.file_size && meta.file_size > maxBytes) return null;
      const mediaUrl = new URL(meta.url);
      const onGraph = mediaUrl.origin === new URL(settings.baseUrl).origin;
      if (!onGraph && !isProviderHost('metaFiles', mediaUrl.hostname)) {
        throw new PermanentDeliveryError(`WhatsApp media URL on an unexpected host (${mediaUrl.hostname})`);
      }
      const file = await request(mediaUrl.href, { headers: auth }, onGraph ? 'metaGraph' : 'metaFiles');
      if (!file.ok) throw await failure(file, 'media download');
      const content = Buffer.from(await file.arrayBuffer());
      if (content.length > maxBytes) return null;
      return { content, contentType: meta.mime_type ?? file.headers.get('content-type') ?? 'application/octet-stream' };
    },
  };
}
