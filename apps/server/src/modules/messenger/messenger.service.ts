import { ATTACHMENT_MAX_BYTES } from '@atiende/contracts';
import type { AppContext } from '../../platform/context.js';
import { errors } from '../../platform/http/errors.js';
import type { JobName } from '../../platform/job-map.js';
import type { JobAttempt } from '../../platform/jobs.js';
import { OutboundRefusedError } from '../../platform/outbound.js';
import { splitLongText } from '../../platform/text.js';
import { type ChannelRow, channelsRepo } from '../channels/channels.repo.js';
import { type ChannelAdapter, readMessageFile, sendInParts } from '../interactions/adapters.js';
import { type IgnoredEvent, logIgnored, unappliedChange } from '../interactions/ignored.js';
import type { InboundService } from '../interactions/inbound.service.js';
import { interactionsRepo } from '../interactions/interactions.repo.js';
import { keepMessageFiles } from '../interactions/message-files.js';
import type { OutboundService } from '../interactions/outbound.service.js';
import { answerSubscription, type MetaWebhookHandler, parseSignedBody, webhookErrors } from '../meta/webhook.js';
import {
  createMessengerClient,
  MESSENGER_PRODUCTS,
  MESSENGER_TEXT_LIMIT,
  type MessengerType,
  messengerSettings,
} from './messenger.graph.js';
import { type MessengerFile, messengerWebhookSchema, readMessengerWebhook } from './messenger.webhook.js';

export const MESSENGER_FILES_QUEUE = 'messenger.files' satisfies JobName;

export interface MessengerFilesJob {
  channelId: number;
  messageId: number;
  files: MessengerFile[];
}

/** Profile names kept per channel type and customer id, so a conversation asks Meta once (bounded). */
const NAME_CACHE_SIZE = 5_000;
/** Replies marked read per "read up to here" receipt: the conversation's latest ones. */
const READ_BATCH = 100;

/**
 * Messenger (Facebook pages) and Instagram direct messages, both on Meta's Messenger Platform. Inbound: Meta's
 * signed webhook; each customer message goes through the one inbound pipeline (once per message id), named by the
 * customer's profile; files are fetched from Meta's CDN by a durable job; deliveries and reads move replies forward.
 * Outbound: text in parts, and files (Messenger only: Instagram takes files by public link, which Atiende does not
 * publish, so replies with files are refused there before they are stored).
 */
export function createMessengerChannels(ctx: AppContext, inbound: InboundService, outbound: OutboundService) {
  const { db } = ctx;
  const names = new Map<string, string | null>();

  async function channelOf(type: MessengerType, channelId: number): Promise<ChannelRow> {
    const channel = await channelsRepo.find(db, channelId);
    if (channel?.type !== type) throw errors.notFound();
    return channel;
  }

  async function senderName(type: MessengerType, channel: ChannelRow, userId: string): Promise<string | null> {
    const key = `${type}:${userId}`;
    if (names.has(key)) return names.get(key) ?? null;
    const name = await createMessengerClient(
      ctx.outbound,
      messengerSettings(type, channel.config, channel.secrets),
    ).profileName(userId);
    if (names.size >= NAME_CACHE_SIZE) names.delete(names.keys().next().value as string);
    names.set(key, name);
    return name;
  }

  function adapterFor(type: MessengerType): ChannelAdapter {
    return {
      problemSource: 'Graph API',
      async send({ channel, message, interaction }) {
        const client = createMessengerClient(ctx.outbound, messengerSettings(type, channel.config, channel.secrets));
        const to = interaction.contactValue;
        const parts = splitLongText(message.bodyText, MESSENGER_TEXT_LIMIT).map(
          (text) => () => client.sendText(to, text),
        );
        for (const file of message.attachments ?? []) {
          parts.push(async () => client.sendFile(to, { ...file, content: await readMessageFile(ctx.storage, file) }));
        }
        return { providerMessageId: await sendInParts(parts) };
      },
    };
  }

  function webhookFor(type: MessengerType): MetaWebhookHandler {
    const product = MESSENGER_PRODUCTS[type];
    return {
      async verify(channelId, query) {
        return answerSubscription((await channelOf(type, channelId)).secrets.verifyToken, query);
      },

      async receive(channelId, rawBody, signature) {
        const channel = await channelOf(type, channelId);
        const parsed = messengerWebhookSchema.safeParse(parseSignedBody(rawBody, signature, channel.secrets.appSecret));
        if (!parsed.success) throw webhookErrors.payload();
        const account = channel.config[product.accountKey];
        const events = readMessengerWebhook(parsed.data, typeof account === 'string' ? account : null);
        const skipped: IgnoredEvent[] = [...events.ignored];
        let recorded = 0;
        for (const { inbound: message, files, details } of events.messages) {
          const name = await senderName(type, channel, message.from);
          const result = await inbound.receive(
            channel.id,
            { ...message, ...(name ? { senderName: name } : {}) },
            details,
          );
          if (!result.duplicate) recorded += 1;
          if (files.length === 0) continue;
          const stored = await interactionsRepo.message(db, result.messageId);
          if (stored && stored.attachments === null) {
            await ctx.jobs.send(MESSENGER_FILES_QUEUE, {
              channelId: channel.id,
              messageId: result.messageId,
              files,
            });
          }
        }
        let changed = 0;
        for (const change of events.changes) {
          const name = await senderName(type, channel, change.from);
          const result = await inbound.change(channel.id, { ...change, ...(name ? { senderName: name } : {}) });
          if (result.applied) changed += 1;
          skipped.push(...unappliedChange(change.change, change.changeId, result));
        }
        let updated = 0;
        const report = async (mid: string, status: 'delivered' | 'read') => {
          const result = await outbound.report(channel.id, { providerMessageId: mid, status });
          if (result.updated) updated += 1;
          if (!result.known) skipped.push({ kind: status, reason: 'unknown-message', id: mid });
        };
        for (const mid of events.delivered) await report(mid, 'delivered');
        for (const read of events.reads) {
          if (read.mid) await report(read.mid, 'read');
          else if (read.watermark) {
            const mids = await interactionsRepo.unreadRepliesUntil(
              db,
              channel.id,
              read.sender,
              new Date(read.watermark),
              READ_BATCH,
            );
            for (const mid of mids) await report(mid, 'read');
          }
        }
        logIgnored(ctx.logger, channel, skipped);
        return {
          messages: events.messages.length,
          recorded,
          changes: events.changes.length,
          changed,
          updated,
          ignored: skipped.length,
        };
      },
    };
  }

  return {
    facebook: { adapter: adapterFor('facebook'), webhook: webhookFor('facebook') },
    instagram: { adapter: adapterFor('instagram'), webhook: webhookFor('instagram') },

    /**
     * The files job: download the customer's files from Meta's CDN and keep them on the message and the ticket. The
     * links are the webhook's word: only Meta's CDN hosts (or the operator's allow-list) are fetched, no token sent.
     */
    async fetchFiles(job: MessengerFilesJob, attempt: JobAttempt): Promise<void> {
      const files = [];
      try {
        for (const file of job.files) {
          const response = await ctx.outbound.fetch('metaFiles', file.url, { signal: AbortSignal.timeout(30_000) });
          if (!response.ok) throw new Error(`Meta CDN answered ${response.status}`);
          const declared = Number(response.headers.get('content-length') ?? 0);
          if (declared > ATTACHMENT_MAX_BYTES) continue;
          const content = Buffer.from(await response.arrayBuffer());
          if (content.length <= ATTACHMENT_MAX_BYTES) files.push({ name: null, content, declaredType: file.kind });
        }
      } catch (error) {
        // A link the policy refuses (or that is not a URL) will be refused again: no retry.
        if (!attempt.lastAttempt && !(error instanceof OutboundRefusedError)) throw error;
        ctx.logger.error({ err: error, messageId: job.messageId }, 'Messenger files could not be fetched');
        return;
      }
      await keepMessageFiles(ctx, job.messageId, files, 'messenger');
    },
  };
}

export type MessengerChannels = ReturnType<typeof createMessengerChannels>;
