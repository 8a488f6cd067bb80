import type { FastifyInstance } from 'fastify';
import { metaWebhookRoutes } from '../meta/webhook.js';
import type { MessengerChannels } from './messenger.service.js';

/** The webhooks of Messenger (`/webhooks/facebook/:id`) and Instagram (`/webhooks/instagram/:id`) channels. */
export async function messengerRoutes(app: FastifyInstance, messenger: MessengerChannels): Promise<void> {
  await metaWebhookRoutes(app, 'facebook', messenger.facebook.webhook);
  await metaWebhookRoutes(app, 'instagram', messenger.instagram.webhook);
}
