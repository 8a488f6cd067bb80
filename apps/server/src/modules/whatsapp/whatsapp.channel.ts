import type { AppContext } from '../../platform/context.js';
import { type ChannelModule, channelJob } from '../channels/channel-registry.js';
import type { InboundService } from '../interactions/inbound.service.js';
import type { OutboundService } from '../interactions/outbound.service.js';
import { whatsappRoutes } from './whatsapp.routes.js';
import { createWhatsappChannel, WHATSAPP_MEDIA_QUEUE } from './whatsapp.service.js';
import { whatsappTemplatesRoutes } from './whatsapp-templates.routes.js';
import { createWhatsappTemplatesService } from './whatsapp-templates.service.js';

/** WhatsApp Cloud API: Meta's webhook in, Graph out, media downloaded by a job, and message templates. */
export function whatsappChannelModule(
  ctx: AppContext,
  inbound: InboundService,
  outbound: OutboundService,
): ChannelModule {
  const templates = createWhatsappTemplatesService(ctx, outbound);
  const whatsapp = createWhatsappChannel(ctx, inbound, outbound, templates);
  return {
    adapters: { whatsapp: whatsapp.adapter },
    routes: async (api) => {
      await whatsappRoutes(api, whatsapp);
      await whatsappTemplatesRoutes(api, templates);
    },
    jobs: [
      channelJob({ name: WHATSAPP_MEDIA_QUEUE, retryLimit: 5, retryDelaySeconds: 10 }, (job, attempt) =>
        whatsapp.fetchMedia(job, attempt),
      ),
    ],
  };
}
