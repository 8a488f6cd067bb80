import type { AppContext } from '../../platform/context.js';
import { type ChannelModule, channelJob } from '../channels/channel-registry.js';
import type { InboundService } from '../interactions/inbound.service.js';
import type { OutboundService } from '../interactions/outbound.service.js';
import { smsRoutes } from './sms.routes.js';
import { createSmsChannel, SMS_MEDIA_QUEUE } from './sms.service.js';

/** SMS through Twilio's Programmable Messaging: signed webhooks in, the Messages API out, MMS media by a job. */
export function smsChannelModule(ctx: AppContext, inbound: InboundService, outbound: OutboundService): ChannelModule {
  const sms = createSmsChannel(ctx, inbound, outbound);
  return {
    adapters: { sms: sms.adapter },
    routes: (api) => smsRoutes(api, sms),
    jobs: [
      channelJob({ name: SMS_MEDIA_QUEUE, retryLimit: 5, retryDelaySeconds: 10 }, (job, attempt) =>
        sms.fetchMedia(job, attempt),
      ),
    ],
  };
}
