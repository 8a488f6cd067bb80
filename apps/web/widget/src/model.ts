/** The public visitor API's shapes (apps/server/src/modules/widgets/webchat.service.ts) and pure helpers. */

export interface PublicWidget {
  publicKey: string;
  style: 'list' | 'floating' | string;
  position: 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left' | string;
  title: string | null;
  subtitle: string | null;
  primaryColor: string;
  businessImageUrl: string | null;
  iconType: 'default' | 'image' | string;
  iconImageUrl: string | null;
  channels: { id: number; type: string; name: string; link: string | null }[];
  chat: { welcomeMessage: string | null } | null;
}

export interface ChatMessage {
  /** The server's id; 0 for a message not yet stored (pending or failed). */
  id: number;
  direction: 0 | 1;
  text: string;
  senderName: string | null;
  clientMessageId: string | null;
  /** Files the business sent (fetched with the visitor's token). */
  attachments?: ChatAttachment[];
  createdAt: string;
  state?: 'pending' | 'failed';
  /** A failed file cannot be sent again from its bubble (the browser no longer holds it). */
  retryable?: boolean;
}

export interface ChatAttachment {
  id: number;
  name: string;
  contentType: string;
  size: number;
}

export interface StoredVisitor {
  token: string;
  visitorId: string;
}

/** localStorage key of a widget's visitor: the history follows the visitor across page loads. */
export const storageKey = (publicKey: string) => `atiende-widget:${publicKey}`;

export function readVisitor(storage: Pick<Storage, 'getItem'>, publicKey: string): StoredVisitor | null {
  try {
    const value = JSON.parse(storage.getItem(storageKey(publicKey)) ?? 'null') as Partial<StoredVisitor> | null;
    return value && typeof value.token === 'string' && typeof value.visitorId === 'string'
      ? { token: value.token, visitorId: value.visitorId }
      : null;
  } catch {
    return null;
  }
}

const COLOR = /^#[0-9a-f]{6}$/i;

/** The configured colour when it is a plain #rrggbb (it goes into CSS), else the default red. */
export function safeColor(value: string | null | undefined): string {
  return value && COLOR.test(value) ? value : '#d32f2f';
}

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
export function contrastText(color: string): string {
  const channel = (offset: number) => {
    const value = Number.parseInt(safeColor(color).slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.45 ? '#1b1b1b' : '#ffffff';
}

/** Only links a button may open: web pages and the mail, phone and SMS schemes. */
export function safeLink(link: string | null): string | null {
  return link && /^(https?:\/\/|mailto:|tel:|sms:)/i.test(link) ? link : null;
}

/** A client message id the server accepts ([A-Za-z0-9_-]{8,100}): 32 random hex characters. */
export function newClientMessageId(fill: (bytes: Uint8Array<ArrayBuffer>) => unknown): string {
  const bytes = new Uint8Array(16);
  fill(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Merges messages into the conversation: by server id, a stored message replaces the pending bubble with the same
 * clientMessageId; the result is ordered by id (pending ones last, in the order they were written).
 */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const result = [...current];
  for (const message of incoming) {
    const byId = message.id ? result.findIndex((item) => item.id === message.id) : -1;
    if (byId >= 0) {
      result[byId] = message;
      continue;
    }
    const pending = message.clientMessageId
      ? result.findIndex((item) => !item.id && item.clientMessageId === message.clientMessageId)
      : -1;
    if (pending >= 0) result[pending] = message;
    else result.push(message);
  }
  const stored = result.filter((item) => item.id).sort((a, b) => a.id - b.id);
  return [...stored, ...result.filter((item) => !item.id)];
}

export function format(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}
