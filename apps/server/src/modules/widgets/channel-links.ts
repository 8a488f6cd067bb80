import type { ChannelTypeKey } from '@atiende/contracts';

type Config = Record<string, string | number | boolean | null>;

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const digits = (value: unknown): string => text(value).replace(/\D/g, '');
/** A user name or page id: only the characters those services allow (no path or query can sneak in). */
const handle = (value: unknown, allowed: RegExp = /[^A-Za-z0-9_]/g): string =>
  text(value).trim().replace(/^@/, '').replace(allowed, '');
const PAGE_NAME = /[^A-Za-z0-9._-]|^\.+/g;

/**
 * The link a widget button opens for a channel, built only from the channel's non-secret configuration
 * (`CHANNEL_CONFIG_FIELDS`). `null` means the channel has no public link (the web chat opens inside the widget;
 * a channel missing the value a link needs is left out of the widget).
 *
 * WhatsApp: the configuration has Meta's phone-number id, not the dialable number; a `phoneNumber` value is used
 * when present (the field list has none yet), else the id's digits.
 */
export function channelLink(type: string, config: Config): string | null {
  switch (type as ChannelTypeKey) {
    case 'whatsapp': {
      const number = digits(config.phoneNumber) || digits(config.phoneNumberId);
      return number ? `https://wa.me/${number}` : null;
    }
    case 'telegram': {
      const name = handle(config.botUsername);
      return name ? `https://t.me/${name}` : null;
    }
    case 'facebook': {
      const page = handle(config.pageId, PAGE_NAME);
      return page ? `https://m.me/${page}` : null;
    }
    case 'instagram': {
      const account = handle(config.accountId, PAGE_NAME);
      return account ? `https://ig.me/m/${account}` : null;
    }
    case 'twitter': {
      const name = handle(config.handle);
      return name ? `https://x.com/${name}` : null;
    }
    case 'email': {
      const address = text(config.address).trim();
      return /^[^\s@<>"]+@[^\s@<>"]+$/.test(address) ? `mailto:${address}` : null;
    }
    case 'telephony': {
      const number = text(config.did).replace(/[^\d+]/g, '');
      return number ? `tel:${number}` : null;
    }
    case 'sms': {
      // A Messaging Service SID (MG…) names no number a visitor could text.
      const number = text(config.sender).trim();
      return /^\+\d+$/.test(number) ? `sms:${number}` : null;
    }
    case 'website': {
      const url = text(config.url).trim();
      return /^https?:\/\//i.test(url) ? url : null;
    }
    case 'inPerson': {
      const place = text(config.location).trim();
      return place ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}` : null;
    }
    default:
      return null;
  }
}
