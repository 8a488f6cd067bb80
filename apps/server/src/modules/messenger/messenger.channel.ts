import type { AppContext } from '../../platform/context.js';
import { type ChannelModule, channelJob } from '../channels/channel-registry.js';
import type { InboundService } from '../interactions/inbound.service.js';
import type { OutboundService } from '../interactions/outbound.service.js';
import { messengerRoutes } from './messenger.routes.js';
import { createMessengerChannels, MESSENGER_FILES_QUEUE } from './messenger.service.js';

/** Messenger and Instagram direct messages: one Meta webhook and Send API, two channel types. */
export function messengerChannelModule(
  ctx: AppContext,
  inbound: InboundService,
  outbound: OutboundService,
): ChannelModule {
  const messenger = createMessengerChannels(ctx, inbound, outbound);
  return {
    adapters: { facebook: messenger.facebook.adapter, instagram: messenger.instagram.adapter },
    routes: (api) => messengerRoutes(api, messenger),
    jobs: [
      channelJob({ name: MESSENGER_FILES_QUEUE, retryLimit: 5, retryDelaySeconds: 10 }, (job, attempt) =>
        messenger.fetchFiles(job, attempt),
      ),
    ],
  };
}
