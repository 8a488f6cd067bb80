import type { AppContext } from '../../platform/context.js';
import type { ChannelModule } from '../channels/channel-registry.js';
import type { InboundService } from '../interactions/inbound.service.js';
import { emailRoutes } from './email.routes.js';
import { createEmailChannel } from './email.service.js';

/** E-mail: SMTP out, the IMAP poller in, and the channel's failed inbound messages. */
export function emailChannelModule(ctx: AppContext, inbound: InboundService): ChannelModule {
  const email = createEmailChannel(ctx, inbound);
  return {
    adapters: { email: email.adapter },
    routes: (api) => emailRoutes(api, email.failures),
    start: () => email.poller.start(),
    stop: () => email.stop(),
  };
}
