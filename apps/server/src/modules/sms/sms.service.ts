import { API_BASE, ATTACHMENT_MAX_BYTES } from '@atiende/contracts';
import type { AppContext } from '../../platform/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import type { JobName } from '../../platform/job-map.js';
import type { JobAttempt } from '../../platform/jobs.js';
import { splitLongText } from '../../platform/text.js';
import { type ChannelRow, channelsRepo } from '../channels/channels.repo.js';
import { type ChannelAdapter, PermanentDeliveryError, sendInParts } from '../interactions/adapters.js';
import { type IgnoredEvent, logIgnored } from '../interactions/ignored.js';
import type { InboundService } from '../interactions/inbound.service.js';
import { interactionsRepo } from '../interactions/interactions.repo.js';
import { keepMessageFiles } from '../interactions/message-files.js';
import type { OutboundService } from '../interactions/outbound.service.js';
import { createTwilioClient, e164, SMS_BODY_LIMIT, twilioSettings } from './sms.twilio.js';
import { readForm, readInbound, readStatus, type SmsMedia, validTwilioSignature } from './sms.webhook.js';

export const SMS_MEDIA_QUEUE = 'sms.media' satisfies JobName;

export interface SmsMediaJob {
  channelId: number;
  messageId: number;
  media: SmsMedia[];
}

/** The call Twilio made, as its signature covers it: the path it called (under the public URL) and its form. */
export interface TwilioCall {
  /** The request's path with its query, as received. */
  path: string;
  signature: string | undefined;
  body: unknown;
}

const smsErrors = {
  signature: () => new AppError(403, 'WEBHOOK.SIGNATURE', 'webhooks.badSignature'),
};

export const smsWebhookPath = (channelId: number) => `${API_BASE}/webhooks/sms/${channelId}`;
export const smsStatusPath = (channelId: number) => `${smsWebhookPath(channelId)}/status`;

/**
 * The SMS channel on Twilio's Programmable Messaging API. Inbound: Twilio posts each message to the channel's
 * webhook, signed with the account's auth token over the URL and the form; it goes through the one inbound pipeline
 * and the answer (empty TwiML, so Twilio sends nothing back) waits for it to be stored, so a retried MessageSid is
 * stored once. MMS media are fetched afterwards by a durable job. Outbound: text in parts of at most 1,600
 * characters, each with a status callback whose reports move the message forward only.
 */
export function createSmsChannel(ctx: AppContext, inbound: InboundService, outbound: OutboundService) {
  const { db } = ctx;

  async function smsChannel(channelId: number): Promise<ChannelRow> {
    const channel = await channelsRepo.find(db, channelId);
    if (channel?.type !== 'sms') throw errors.notFound();
    return channel;
  }

  /** The channel and the form of a call Twilio signed with its auth token; anything else is refused. */
  async function signedCall(channelId: number, call: TwilioCall) {
    const channel = await smsChannel(channelId);
    const params = readForm(typeof call.body === 'string' ? call.body : '');
    // Twilio signs the URL it was given: the public one the channel page shows (PUBLIC_URL), not the one we see.
    const url = `${ctx.config.publicUrl}${call.path}`;
    if (!validTwilioSignature(call.signature, channel.secrets.authToken, url, params)) throw smsErrors.signature();
    return { channel, params };
  }

  const adapter: ChannelAdapter = {
    problemSource: 'Twilio',
    async send({ channel, message, interaction }) {
      const twilio = createTwilioClient(ctx.outbound, twilioSettings(channel.config, channel.secrets));
      const to = e164(interaction.contactValue);
      if (!to) throw new PermanentDeliveryError(`not a phone number: ${interaction.contactValue}`);
      const statusCallback = `${ctx.config.publicUrl}${smsStatusPath(channel.id)}`;
      const parts = splitLongText(message.bodyText, SMS_BODY_LIMIT).map(
        (body) => () => twilio.send({ to, body, statusCallback }),
      );
      // Statuses are reported per Twilio message; the first one stands for the reply.
      return { providerMessageId: await sendInParts(parts) };
    },
    async sendBulk({ channel, to: contact, text, reference }) {
      const twilio = createTwilioClient(ctx.outbound, twilioSettings(channel.config, channel.secrets));
      const to = e164(contact);
      if (!to) throw new PermanentDeliveryError(`not a phone number: ${contact}`);
      // The reference rides on the first part's status callback URL (signed by Twilio with the rest of it).
      const callback = `${ctx.config.publicUrl}${smsStatusPath(channel.id)}`;
      const parts = splitLongText(text, SMS_BODY_LIMIT).map(
        (body, index) => () =>
          twilio.send({
            to,
            body,
            statusCallback: index === 0 ? `${callback}?ref=${encodeURIComponent(reference)}` : callback,
          }),
      );
      return { providerMessageId: await sendInParts(parts) };
    },
  };

  return {
    adapter,

    /** One inbound message: the signature, then the message stored (and its media queued), then the answer. */
    async receive(channelId: number, call: TwilioCall): Promise<{ recorded: boolean }> {
      const { channel, params } = await signedCall(channelId, call);
      const { message, ignored } = readInbound(params);
      let recorded = false;
      if (message) {
        const result = await inbound.receive(channel.id, message.inbound);
        recorded = !result.duplicate;
        if (message.media.length > 0) {
          const stored = await interactionsRepo.message(db, result.messageId);
          // A retry of a message whose files are kept already queues nothing.
          if (stored && stored.attachments === null) {
            await ctx.jobs.send(SMS_MEDIA_QUEUE, {
              channelId: channel.id,
              messageId: result.messageId,
              media: message.media,
            });
          }
        }
      }
      logIgnored(ctx.logger, channel, ignored);
      return { recorded };
    },

    /** A status callback of a message Atiende sent: Twilio's failures are final, and nothing moves backwards. */
    async status(channelId: number, call: TwilioCall): Promise<{ updated: boolean }> {
      const { channel, params } = await signedCall(channelId, call);
      const { status, ignored } = readStatus(params);
      const skipped: IgnoredEvent[] = [...ignored];
      let updated = false;
      if (status) {
        const reference = new URL(call.path, 'http://atiende.invalid').searchParams.get('ref') ?? undefined;
        const result = await outbound.report(channel.id, { ...status, reference }, { failuresAreFinal: true });
        updated = result.updated;
        if (!result.known) {
          skipped.push({ kind: `status:${status.status}`, reason: 'unknown-message', id: status.providerMessageId });
        }
      }
      logIgnored(ctx.logger, channel, skipped);
      return { updated };
    },

    /** The media job: download the customer's MMS media from Twilio and keep them on the message and the ticket. */
    async fetchMedia(job: SmsMediaJob, attempt: JobAttempt): Promise<void> {
      const channel = await channelsRepo.find(db, job.channelId);
      if (!channel) return;
      // The message and its text stay whatever happens; a media item that cannot be fetched is logged with its id.
      const lost = (error: unknown, index?: number) =>
        ctx.logger.error({ err: error, messageId: job.messageId, index }, 'MMS media could not be fetched');
      let twilio: ReturnType<typeof createTwilioClient>;
      try {
        twilio = createTwilioClient(ctx.outbound, twilioSettings(channel.config, channel.secrets));
      } catch (error) {
        lost(error);
        return;
      }
      const files = [];
      for (const [index, media] of job.media.entries()) {
        try {
          const file = await twilio.download(media.url, ATTACHMENT_MAX_BYTES);
          if (!file) {
            ctx.logger.warn({ messageId: job.messageId, index }, 'MMS media too large, not kept');
            continue;
          }
          files.push({
            name: null,
            content: file.content,
            declaredType: media.contentType ?? file.contentType ?? undefined,
          });
        } catch (error) {
          // Worth another attempt (the whole job, which keeps files once): throttling, a network failure.
          if (!(error instanceof PermanentDeliveryError) && !attempt.lastAttempt) throw error;
          lost(error, index);
        }
      }
      await keepMessageFiles(ctx, job.messageId, files, 'mms');
    },
  };
}

export type SmsChannel = ReturnType<typeof createSmsChannel>;
