import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { MESSAGE_DIRECTION } from '@atiende/contracts';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContext } from '../../platform/context.js';
import { textToHtml } from '../../platform/html.js';
import { businessRepo } from '../business/business.repo.js';
import type { ChannelRow } from '../channels/channels.repo.js';
import {
  type BulkDelivery,
  type ChannelAdapter,
  ChannelSetupError,
  detailForLogs,
  type OutboundDelivery,
  PermanentDeliveryError,
  throughPolicy,
} from '../interactions/adapters.js';

/** At most this many ids in References: the root and the newest ones, oldest first, as mail clients do. */
const MAX_REFERENCES = 20;

function referencesOf(ids: string[]): string[] {
  return ids.length <= MAX_REFERENCES ? ids : [ids[0], ...ids.slice(-(MAX_REFERENCES - 1))];
}

interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string | null;
  password: string | null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The channel's SMTP settings; a missing one fails the delivery (retried, then marked failed with the reason). */
function smtpSettings(channel: ChannelRow): SmtpSettings {
  const host = text(channel.config.smtpHost);
  const port = Number(channel.config.smtpPort);
  if (!host || !Number.isInteger(port) || port < 1) {
    throw new ChannelSetupError('the e-mail channel has no SMTP server configured', {
      key: 'channelProblems.notConfigured',
      params: { provider: 'SMTP' },
    });
  }
  return {
    host,
    port,
    secure: channel.config.smtpSecure === true,
    user: text(channel.config.smtpUser),
    password: channel.secrets.smtpPassword ?? null,
  };
}

export function channelAddress(channel: ChannelRow): string {
  const address = text(channel.config.address);
  if (!address) {
    throw new ChannelSetupError('the e-mail channel has no address configured', {
      key: 'channelProblems.notConfigured',
      params: { provider: 'SMTP' },
    });
  }
  return address;
}

/** Only real Message-IDs go into threading headers (ids of messages without one are hashes). */
const isMessageId = (id: string) => id.startsWith('<') && id.endsWith('>');

/**
 * The message's files as nodemailer streams them from storage while writing the mail. A file missing from storage
 * can never be sent, so the message fails at once instead of retrying.
 */
function filesOf(ctx: AppContext, message: OutboundDelivery['message']) {
  return (message.attachments ?? []).map((file) => {
    const absolute = ctx.storage.absolutePath(file.path);
    if (!absolute || !fs.existsSync(absolute)) throw new PermanentDeliveryError(`attachment ${file.name} is missing`);
    return { filename: file.name, contentType: file.contentType, path: absolute };
  });
}

/**
 * Sends through the pool; a refused login means the channel's credentials are wrong, not this message. The SMTP
 * server's reply text stays in the logs; the channel shows our message with the reply code.
 */
async function sendMail(transport: Transporter, mail: Parameters<Transporter['sendMail']>[0]) {
  try {
    return await transport.sendMail(mail);
  } catch (error) {
    const { code, responseCode, response } = error as { code?: string; responseCode?: number; response?: string };
    if (code === 'EAUTH') {
      const refused = new ChannelSetupError(`SMTP authentication failed (${responseCode ?? code})`, {
        key: 'channelProblems.credentials',
        params: { provider: 'SMTP', code: responseCode ?? code },
      });
      refused.providerDetail = detailForLogs(response);
      throw refused;
    }
    throw error;
  }
}

/**
 * The e-mail channel's outbound adapter: one pooled SMTP transport per channel, rebuilt when its settings change.
 * The server is reached through the outbound policy: its name resolved and checked before each send, the pool
 * connected to that address (TLS still verifies the name), so a name re-pointed at a local address is refused.
 * Each reply carries its own Message-ID (stored as the provider id, so the customer's answer to it finds the
 * ticket), In-Reply-To the customer's latest message and References the thread, so mail clients keep one thread.
 * "Sent" means the SMTP server accepted it; e-mail has no delivery receipts.
 */
export function createEmailAdapter(ctx: AppContext): ChannelAdapter & { close(): void } {
  const transports = new Map<number, { key: string; transport: Transporter }>();

  async function transportOf(channel: ChannelRow): Promise<Transporter> {
    const settings = smtpSettings(channel);
    const { address, servername } = await throughPolicy(() =>
      ctx.outbound.connectAddress('mail', settings.host, settings.port),
    );
    const key = createHash('sha256')
      .update(JSON.stringify({ ...settings, address }))
      .digest('hex');
    const cached = transports.get(channel.id);
    if (cached?.key === key) return cached.transport;
    cached?.transport.close();
    const transport = nodemailer.createTransport({
      pool: true,
      maxConnections: 2,
      host: address,
      ...(servername ? { servername } : {}),
      port: settings.port,
      secure: settings.secure,
      ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    transports.set(channel.id, { key, transport });
    return transport;
  }

  return {
    problemSource: 'SMTP',
    async send(delivery: OutboundDelivery) {
      const { channel, message, interaction, ticket } = delivery;
      const address = channelAddress(channel);
      const domain = address.split('@')[1] ?? 'atiende.local';
      const business = await businessRepo.get(ctx.db);
      const earlier = delivery.thread.filter((entry) => isMessageId(entry.providerMessageId));
      const lastInbound = earlier.filter((entry) => entry.direction === MESSAGE_DIRECTION.incoming).at(-1);
      const messageId = `<atiende-${message.id}-${randomBytes(6).toString('hex')}@${domain}>`;
      const subject = `[#${ticket.number}] ${ticket.description}`.replace(/[\r\n]+/g, ' ').trim();
      await sendMail(await transportOf(channel), {
        from: { name: business?.name?.trim() || channel.name, address },
        to: { name: delivery.customerName, address: interaction.contactValue },
        subject: lastInbound ? `Re: ${subject}` : subject,
        messageId,
        ...(lastInbound ? { inReplyTo: lastInbound.providerMessageId } : {}),
        ...(earlier.length ? { references: referencesOf(earlier.map((entry) => entry.providerMessageId)) } : {}),
        text: message.bodyText,
        html: message.bodyHtml,
        ...(message.attachments?.length ? { attachments: filesOf(ctx, message) } : {}),
        // Automatic messages (the unavailable notice) say so, so other robots do not answer them (mail loops).
        ...(message.authorId === null
          ? { headers: { 'Auto-Submitted': 'auto-replied', 'X-Auto-Response-Suppress': 'All' } }
          : {}),
      });
      return { providerMessageId: messageId, delivered: false };
    },

    async sendBulk(delivery: BulkDelivery) {
      const { channel } = delivery;
      const address = channelAddress(channel);
      const domain = address.split('@')[1] ?? 'atiende.local';
      const business = await businessRepo.get(ctx.db);
      const messageId = `<atiende-bulk-${randomBytes(9).toString('hex')}@${domain}>`;
      await sendMail(await transportOf(channel), {
        from: { name: business?.name?.trim() || channel.name, address },
        to: { name: delivery.customerName, address: delivery.to },
        subject: (delivery.subject ?? '').replace(/[\r\n]+/g, ' ').trim(),
        messageId,
        text: delivery.text,
        html: textToHtml(delivery.text),
        // Bulk mail says so, so auto-responders do not answer it (RFC 3834) and clients can file it.
        headers: { Precedence: 'bulk', 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' },
      });
      return { providerMessageId: messageId };
    },

    close() {
      for (const { transport } of transports.values()) transport.close();
      transports.clear();
    },
  };
}
