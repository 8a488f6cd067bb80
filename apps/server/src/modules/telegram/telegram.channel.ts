import type { AppContext } from '../../platform/context.js';
import { type ChannelModule, channelJob } from '../channels/channel-registry.js';
import type { InboundService } from '../interactions/inbound.service.js';
import { telegramRoutes } from './telegram.routes.js';
import { createTelegramChannel, TELEGRAM_FILES_QUEUE } from './telegram.service.js';

/** A Telegram bot: the Bot API's webhook in (registered from the channel page), sendMessage out, files by a job. */
export function telegramChannelModule(ctx: AppContext, inbound: InboundService): ChannelModule {
  const telegram = createTelegramChannel(ctx, inbound);
  return {
    adapters: { telegram: telegram.adapter },
    routes: (api) => telegramRoutes(api, telegram),
    jobs: [
      channelJob({ name: TELEGRAM_FILES_QUEUE, retryLimit: 5, retryDelaySeconds: 10 }, (job, attempt) =>
        telegram.fetchFiles(job, attempt),
      ),
    ],
  };
}
