import { API_BASE } from '@atiende/contracts';
import type { AppContext } from '../../platform/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import type { JobName } from '../../platform/job-map.js';
import type { JobAttempt } from '../../platform/jobs.js';
import { randomToken } from '../../platform/security.js';
import { splitLongText } from '../../platform/text.js';
import { type ChannelRow, channelsRepo } from '../channels/channels.repo.js';
import { type ChannelAdapter, PermanentDeliveryError, readMessageFile, sendInParts } from '../interactions/adapters.js';
import { type IgnoredEvent, logIgnored, unappliedChange } from '../interactions/ignored.js';
import type { InboundService } from '../interactions/inbound.service.js';
import { interactionsRepo } from '../interactions/interactions.repo.js';
import { keepMessageFiles } from '../interactions/message-files.js';
import { botSettings, createBotClient, TELEGRAM_TEXT_LIMIT } from './telegram.bot.js';
import { readUpdate, type TelegramFile, updateSchema, validSecret } from './telegram.webhook.js';

export const TELEGRAM_FILES_QUEUE = 'telegram.files' satisfies JobName;

export interface TelegramFilesJob {
  channelId: number;
  messageId: number;
  files: TelegramFile[];
}

const telegramErrors = {
  secret: () => new AppError(401, 'WEBHOOK.SIGNATURE', 'webhooks.badSignature'),
  payload: () => new AppError(400, 'WEBHOOK.PAYLOAD', 'webhooks.badPayload'),
  /** Telegram's refusal in our words with its error code (its text is only logged), or the channel's own problem. */
  refused: ({ problem }: PermanentDeliveryError) =>
    problem && problem.key !== 'channelProblems.failed'
      ? new AppError(422, 'TELEGRAM.REFUSED', problem.key, problem.params)
      : new AppError(422, 'TELEGRAM.REFUSED', 'telegram.refused', { code: problem?.params.code ?? '?' }),
  unreachable: () => new AppError(502, 'TELEGRAM.UNREACHABLE', 'telegram.unreachable'),
};

export const telegramWebhookPath = (channelId: number) => `${API_BASE}/webhooks/telegram/${channelId}`;

/**
 * The Telegram bot channel. Inbound: Telegram posts each update to the channel's webhook with the secret token
 * Atiende gave it when the webhook was registered; a private chat's message goes through the one inbound pipeline
 * and the answer waits for it to be stored, so Telegram's redeliveries are stored once (chat + message id). Files
 * are fetched afterwards by a durable job. Outbound: text in parts and files through the Bot API. Telegram has no
 * delivery receipts: "sent" is the last status.
 */
export function createTelegramChannel(ctx: AppContext, inbound: InboundService) {
  const { db } = ctx;

  async function telegramChannel(channelId: number): Promise<ChannelRow> {
    const channel = await channelsRepo.find(db, channelId);
    if (channel?.type !== 'telegram') throw errors.notFound();
    return channel;
  }

  const adapter: ChannelAdapter = {
    problemSource: 'Bot API',
    async send({ channel, message, interaction }) {
      const bot = createBotClient(ctx.outbound, botSettings(channel.config, channel.secrets));
      const chatId = interaction.contactValue;
      const parts = splitLongText(message.bodyText, TELEGRAM_TEXT_LIMIT).map(
        (text) => () => bot.sendText(chatId, text),
      );
      for (const file of message.attachments ?? []) {
        parts.push(async () => bot.sendFile(chatId, { ...file, content: await readMessageFile(ctx.storage, file) }));
      }
      return { providerMessageId: await sendInParts(parts) };
    },
  };

  return {
    adapter,

    /**
     * One update from Telegram: the secret, then the message stored (and its files queued) or its edit applied,
     * then the answer. An update that stores nothing is logged with why.
     */
    async receive(channelId: number, secret: string | undefined, body: unknown) {
      const channel = await telegramChannel(channelId);
      if (!validSecret(secret, channel.secrets.webhookSecret)) throw telegramErrors.secret();
      const update = updateSchema.safeParse(body);
      if (!update.success) throw telegramErrors.payload();
      const { message, change, ignored } = readUpdate(update.data);
      const skipped: IgnoredEvent[] = [...ignored];
      let recorded = false;
      let changed = false;
      if (message) {
        const result = await inbound.receive(channel.id, message.inbound);
        recorded = !result.duplicate;
        if (message.files.length > 0) {
          const stored = await interactionsRepo.message(db, result.messageId);
          if (stored && stored.attachments === null) {
            await ctx.jobs.send(TELEGRAM_FILES_QUEUE, {
              channelId: channel.id,
              messageId: result.messageId,
              files: message.files,
            });
          }
        }
      }
      if (change) {
        const result = await inbound.change(channel.id, change);
        changed = result.applied;
        skipped.push(...unappliedChange('edited_message', change.changeId, result));
      }
      logIgnored(ctx.logger, channel, skipped);
      return { recorded, changed };
    },

    /**
     * Registers the channel's webhook with Telegram (setWebhook), with a secret token Telegram sends back on every
     * call; a channel without one gets a new random secret first. Returns the URL Telegram now calls.
     */
    async registerWebhook(channelId: number): Promise<{ webhookUrl: string }> {
      const channel = await telegramChannel(channelId);
      let secret = channel.secrets.webhookSecret;
      if (!secret) {
        secret = randomToken(24);
        await channelsRepo.update(db, channel.id, { secrets: { ...channel.secrets, webhookSecret: secret } });
      }
      const webhookUrl = `${ctx.config.publicUrl}${telegramWebhookPath(channel.id)}`;
      try {
        await createBotClient(ctx.outbound, botSettings(channel.config, channel.secrets)).setWebhook(
          webhookUrl,
          secret,
        );
      } catch (error) {
        if (error instanceof PermanentDeliveryError) throw telegramErrors.refused(error);
        throw telegramErrors.unreachable();
      }
      return { webhookUrl };
    },

    /** The files job: download the customer's files from Telegram and keep them on the message and the ticket. */
    async fetchFiles(job: TelegramFilesJob, attempt: JobAttempt): Promise<void> {
      const channel = await channelsRepo.find(db, job.channelId);
      if (!channel) return;
      try {
        const bot = createBotClient(ctx.outbound, botSettings(channel.config, channel.secrets));
        const files = [];
        for (const file of job.files) {
          const content = await bot.download(file.fileId);
          if (content) files.push({ name: file.name, content });
          else ctx.logger.warn({ messageId: job.messageId }, 'Telegram file too large for bots, not kept');
        }
        await keepMessageFiles(ctx, job.messageId, files, 'telegram');
      } catch (error) {
        if (error instanceof PermanentDeliveryError || attempt.lastAttempt) {
          ctx.logger.error({ err: error, messageId: job.messageId }, 'Telegram files could not be fetched');
          return;
        }
        throw error;
      }
    },
  };
}

export type TelegramChannel = ReturnType<typeof createTelegramChannel>;
