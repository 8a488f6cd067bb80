import { ATTACHMENT_MAX_BYTES } from '@atiende/contracts';
import type { AppContext } from '../../platform/context.js';
import { errors } from '../../platform/http/errors.js';
import type { JobName } from '../../platform/job-map.js';
import type { JobAttempt } from '../../platform/jobs.js';
import { splitLongText } from '../../platform/text.js';
import { type ChannelRow, channelsRepo } from '../channels/channels.repo.js';
import { type ChannelAdapter, PermanentDeliveryError, readMessageFile, sendInParts } from '../interactions/adapters.js';
import { type IgnoredEvent, logIgnored, unappliedChange } from '../interactions/ignored.js';
import type { InboundService } from '../interactions/inbound.service.js';
import { interactionsRepo } from '../interactions/interactions.repo.js';
import type { OutboundPayload, StoredTemplateFile } from '../interactions/interactions.schema.js';
import { keepMessageFiles } from '../interactions/message-files.js';
import type { OutboundService } from '../interactions/outbound.service.js';
import { answerSubscription, parseSignedBody, type SubscriptionCheck, webhookErrors } from '../meta/webhook.js';
import { createGraphClient, graphSettings, type OutgoingWhatsapp, WHATSAPP_TEXT_LIMIT } from './whatsapp.graph.js';
import { type MediaReference, readWebhook, webhookSchema } from './whatsapp.webhook.js';
import type { WhatsappTemplatesService } from './whatsapp-templates.service.js';

export const WHATSAPP_MEDIA_QUEUE = 'whatsapp.media' satisfies JobName;

export interface MediaJob {
  channelId: number;
  messageId: number;
  media: MediaReference[];
}

type Graph = ReturnType<typeof createGraphClient>;
const MEDIA_REUSE_MS = 24 * 3_600_000;
const MEDIA_REUSE_LIMIT = 500;

/** Images WhatsApp shows as pictures; every other file goes as a document with its name. */
const PICTURE_TYPES = new Set(['image/jpeg', 'image/png']);

/**
 * The WhatsApp Cloud API channel. Inbound: Meta calls the channel's webhook (signed with the app secret); each
 * customer message goes through the one inbound pipeline and the webhook is answered only after all are stored, so
 * Meta redelivers anything unacknowledged and the pipeline's deduplication (channel + wamid) keeps it once. Media is
 * fetched afterwards by a durable job. Delivery statuses move the outgoing messages forward. Outbound: the adapter
 * sends the reply's text (in parts when long) and its files through the Graph API.
 */
export function createWhatsappChannel(
  ctx: AppContext,
  inbound: InboundService,
  outbound: OutboundService,
  templates: Pick<WhatsappTemplatesService, 'reviewed'>,
) {
  const { db } = ctx;

  async function whatsappChannel(channelId: number): Promise<ChannelRow> {
    const channel = await channelsRepo.find(db, channelId);
    if (channel?.type !== 'whatsapp') throw errors.notFound();
    return channel;
  }

  /**
   * Media ids of template files already uploaded through a phone number: a bulk message with a media header uploads
   * its file once, not once per recipient. Meta keeps uploaded media 30 days; an id is reused for at most one.
   */
  const uploadedMedia = new Map<string, { mediaId: string; at: number }>();
  async function templateMediaId(graph: Graph, channel: ChannelRow, file: StoredTemplateFile): Promise<string> {
    const key = `${channel.id}|${String(channel.config.phoneNumberId)}|${file.path}`;
    const known = uploadedMedia.get(key);
    if (known && Date.now() - known.at < MEDIA_REUSE_MS) return known.mediaId;
    const mediaId = await graph.upload(
      await readMessageFile(ctx.storage, { name: file.filename, path: file.path }),
      file.contentType,
      file.filename,
    );
    if (uploadedMedia.size >= MEDIA_REUSE_LIMIT) uploadedMedia.delete(uploadedMedia.keys().next().value as string);
    uploadedMedia.set(key, { mediaId, at: Date.now() });
    return mediaId;
  }

  /** An approved template as Graph sends it: its header's file uploaded (or reused) first. */
  async function templateMessage(
    graph: Graph,
    channel: ChannelRow,
    template: NonNullable<OutboundPayload['whatsappTemplate']>,
  ): Promise<OutgoingWhatsapp> {
    const { header, ...rest } = template;
    if (!header) return { type: 'template', ...rest };
    const mediaId = await templateMediaId(graph, channel, header);
    return { type: 'template', ...rest, header: { type: header.type, mediaId, filename: header.filename } };
  }

  /** A chat template's session message as Graph sends it. */
  async function sessionMessage(
    graph: Graph,
    channel: ChannelRow,
    message: NonNullable<OutboundPayload['whatsappMessage']>,
  ): Promise<OutgoingWhatsapp> {
    if (message.type !== 'media') return message;
    const mediaId = await templateMediaId(graph, channel, message.file);
    const type = message.mediaType === 'file' ? 'document' : message.mediaType;
    return { type, mediaId, filename: message.file.filename, caption: message.caption || undefined };
  }

  const adapter: ChannelAdapter = {
    problemSource: 'Graph API',
    async send({ channel, message, interaction }) {
      const graph = createGraphClient(ctx.outbound, graphSettings(channel.config, channel.secrets));
      const to = interaction.contactValue.replace(/\D/g, '');
      if (!to) throw new PermanentDeliveryError(`not a WhatsApp number: ${interaction.contactValue}`);
      const template = message.outboundPayload?.whatsappTemplate;
      if (template) return { providerMessageId: await graph.send(to, await templateMessage(graph, channel, template)) };
      const session = message.outboundPayload?.whatsappMessage;
      if (session) return { providerMessageId: await graph.send(to, await sessionMessage(graph, channel, session)) };
      const parts: (() => Promise<string>)[] = splitLongText(message.bodyText, WHATSAPP_TEXT_LIMIT).map(
        (body) => () => graph.send(to, { type: 'text', body }),
      );
      for (const file of message.attachments ?? []) {
        parts.push(async () => {
          const mediaId = await graph.upload(await readMessageFile(ctx.storage, file), file.contentType, file.name);
          return graph.send(
            to,
            PICTURE_TYPES.has(file.contentType)
              ? { type: 'image', mediaId }
              : { type: 'document', mediaId, filename: file.name },
          );
        });
      }
      // Statuses are reported per WhatsApp message; the first one stands for the reply.
      return { providerMessageId: await sendInParts(parts) };
    },
    async sendBulk({ channel, to: contact, text, whatsappTemplate, reference }) {
      const graph = createGraphClient(ctx.outbound, graphSettings(channel.config, channel.secrets));
      const to = contact.replace(/\D/g, '');
      if (!to) throw new PermanentDeliveryError(`not a WhatsApp number: ${contact}`);
      // The reference comes back with the statuses: a send whose answer a crash lost is still recognised.
      const providerMessageId = whatsappTemplate
        ? await graph.send(to, await templateMessage(graph, channel, whatsappTemplate), reference)
        : await graph.send(to, { type: 'text', body: text.slice(0, WHATSAPP_TEXT_LIMIT) }, reference);
      return { providerMessageId };
    },
  };

  /** Queues the media job of a stored message whose files are not kept yet (a redelivery queues it again). */
  async function queueMedia(channelId: number, messageId: number, media: MediaReference[]) {
    const stored = await interactionsRepo.message(db, messageId);
    if (stored && stored.attachments === null) {
      await ctx.jobs.send(WHATSAPP_MEDIA_QUEUE, { channelId, messageId, media });
    }
  }

  return {
    adapter,

    /** Meta's subscription check: echo the challenge when the verify token is the channel's. */
    async verify(channelId: number, query: SubscriptionCheck): Promise<string> {
      return answerSubscription((await whatsappChannel(channelId)).secrets.verifyToken, query);
    },

    /**
     * One webhook call: signature, then every message stored, every edit or deletion applied and every status
     * moved, then the answer. Whatever stores nothing is logged with why.
     */
    async receive(channelId: number, rawBody: Buffer, signature: string | undefined) {
      const channel = await whatsappChannel(channelId);
      const payload = parseSignedBody(rawBody, signature, channel.secrets.appSecret);
      const parsed = webhookSchema.safeParse(payload);
      if (!parsed.success) throw webhookErrors.payload();
      const phoneNumberId = typeof channel.config.phoneNumberId === 'string' ? channel.config.phoneNumberId : null;
      const { messages, changes, statuses, templateReviews, ignored } = readWebhook(parsed.data, phoneNumberId);
      const skipped: IgnoredEvent[] = [...ignored];
      let recorded = 0;
      for (const { inbound: message, media, details } of messages) {
        const result = await inbound.receive(channel.id, message, details);
        if (!result.duplicate) recorded += 1;
        if (media.length > 0) await queueMedia(channel.id, result.messageId, media);
      }
      let changed = 0;
      for (const change of changes) {
        const result = await inbound.change(channel.id, change);
        if (result.applied) changed += 1;
        skipped.push(...unappliedChange(change.change, change.changeId, result));
      }
      let updated = 0;
      for (const status of statuses) {
        const result = await outbound.report(channel.id, status);
        if (result.updated) updated += 1;
        if (!result.known) {
          skipped.push({ kind: `status:${status.status}`, reason: 'unknown-message', id: status.providerMessageId });
        }
      }
      for (const review of templateReviews) {
        const result = await templates.reviewed(channel.id, review);
        if (result.updated) updated += 1;
        if (!result.known) {
          skipped.push({ kind: 'template-review', reason: 'unknown-message', id: review.providerTemplateId });
        }
      }
      logIgnored(ctx.logger, channel, skipped);
      return {
        messages: messages.length,
        recorded,
        changes: changes.length,
        changed,
        statuses: statuses.length + templateReviews.length,
        updated,
        ignored: skipped.length,
      };
    },

    /** The media job: download the customer's files from Meta and keep them on the message and the ticket. */
    async fetchMedia(job: MediaJob, attempt: JobAttempt): Promise<void> {
      const channel = await channelsRepo.find(db, job.channelId);
      if (!channel) return;
      try {
        const graph = createGraphClient(ctx.outbound, graphSettings(channel.config, channel.secrets));
        const files = [];
        for (const media of job.media) {
          const file = await graph.download(media.mediaId, ATTACHMENT_MAX_BYTES);
          if (!file) {
            ctx.logger.warn({ messageId: job.messageId, mediaId: media.mediaId }, 'WhatsApp media too large, not kept');
            continue;
          }
          files.push({ name: media.filename, content: file.content, declaredType: file.contentType });
        }
        await keepMessageFiles(ctx, job.messageId, files, 'whatsapp');
      } catch (error) {
        if (error instanceof PermanentDeliveryError || attempt.lastAttempt) {
          ctx.logger.error({ err: error, messageId: job.messageId }, 'WhatsApp media could not be fetched');
          return;
        }
        throw error;
      }
    },
  };
}

export type WhatsappChannel = ReturnType<typeof createWhatsappChannel>;
