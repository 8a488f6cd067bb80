import type { AppContext } from '../../platform/context.js';
import type { ChannelModule } from '../channels/channel-registry.js';
import type { InboundService } from '../interactions/inbound.service.js';
import { webchatRoutes } from './webchat.routes.js';
import { createWebchatService } from './webchat.service.js';

/** The web chat of the omni widget: visitors' messages in, agents' replies out through the visitor's socket. */
export function webchatChannelModule(ctx: AppContext, inbound: InboundService): ChannelModule {
  const webchat = createWebchatService(ctx, inbound);
  return {
    adapters: { webchat: webchat.adapter },
    routes: (api) => webchatRoutes(api, ctx, webchat),
  };
}
