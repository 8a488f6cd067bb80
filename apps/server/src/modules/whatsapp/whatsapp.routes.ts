import type { FastifyInstance } from 'fastify';
import { metaWebhookRoutes } from '../meta/webhook.js';
import type { WhatsappChannel } from './whatsapp.service.js';

/** The WhatsApp Cloud API webhook of one channel, `/webhooks/whatsapp/:id`: Meta's signed calls (see meta/webhook). */
export async function whatsappRoutes(app: FastifyInstance, whatsapp: WhatsappChannel): Promise<void> {
  await metaWebhookRoutes(app, 'whatsapp', whatsapp);
}
