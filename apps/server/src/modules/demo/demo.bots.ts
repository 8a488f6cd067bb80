import { type BotFlow, botFlowSchema, DEFAULT_BOT_SILENCE } from '@atiende/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { botsRepo } from '../bots/bots.repo.js';
import { usersRepo } from '../users/users.repo.js';

export const DEMO_BOT = 'Asistente de Tienda Demo';

/**
 * The shop's assistant: greets by name, offers a menu (order status by the order number, opening hours, a person),
 * checks the order number, and hands over when asked or when it does not understand twice. Published but answering
 * no channel: attach it to "Chat del sitio web" in the bot builder to see it answer the demo site's visitors.
 */
function shopFlow(): BotFlow {
  const at = (x: number, y: number) => ({ x, y });
  return botFlowSchema.parse({
    startNodeId: 'hola',
    nodes: [
      {
        id: 'hola',
        position: at(0, 0),
        data: { type: 'say', text: '¡Hola {{cliente.nombre}}! Soy el asistente virtual de Tienda Demo.' },
      },
      {
        id: 'menu',
        position: at(0, 150),
        data: {
          type: 'list',
          text: '¿En qué le puedo ayudar?',
          button: 'Ver opciones',
          options: [
            { id: 'pedido', title: 'Estado de mi pedido', description: 'Con su número de pedido' },
            { id: 'horario', title: 'Horarios', description: 'Tiendas y atención' },
            { id: 'asesor', title: 'Hablar con un asesor' },
          ],
        },
      },
      {
        id: 'numero',
        position: at(-320, 320),
        data: {
          type: 'validator',
          text: 'Escríbame el número de su pedido (por ejemplo PED-12345).',
          variable: 'pedido',
          kind: 'regex',
          pattern: '^[Pp][Ee][Dd]-?\\d{3,8}$',
          errorText: 'Ese número no parece de un pedido: son las letras PED y números.',
          retries: 1,
        },
      },
      {
        id: 'pedido-ok',
        position: at(-320, 480),
        data: {
          type: 'action',
          action: 'transferToAgent',
          text: 'Gracias. Un asesor revisa el pedido {{pedido}} y le responde por aquí.',
        },
      },
      {
        id: 'horas',
        position: at(0, 320),
        data: { type: 'say', text: 'Atendemos de lunes a sábado, de 8:00 a 18:00.' },
      },
      { id: 'otra-vez', position: at(0, 480), data: { type: 'goTo', target: 'menu' } },
      {
        id: 'asesor',
        position: at(320, 320),
        data: { type: 'action', action: 'transferToAgent', text: 'Le comunico con un asesor. Un momento, por favor.' },
      },
      {
        id: 'no-entendi',
        position: at(320, 480),
        data: { type: 'fallback', text: 'No le entendí; le paso con un asesor.' },
      },
      { id: 'a-asesor', position: at(320, 620), data: { type: 'goTo', target: 'asesor' } },
    ],
    edges: [
      { id: 'e1', source: 'hola', sourceHandle: 'next', target: 'menu' },
      { id: 'e2', source: 'menu', sourceHandle: 'option:pedido', target: 'numero' },
      { id: 'e3', source: 'menu', sourceHandle: 'option:horario', target: 'horas' },
      { id: 'e4', source: 'menu', sourceHandle: 'option:asesor', target: 'asesor' },
      { id: 'e5', source: 'menu', sourceHandle: 'other', target: 'no-entendi' },
      { id: 'e6', source: 'numero', sourceHandle: 'valid', target: 'pedido-ok' },
      { id: 'e7', source: 'numero', sourceHandle: 'invalid', target: 'asesor' },
      { id: 'e8', source: 'horas', sourceHandle: 'next', target: 'otra-vez' },
      { id: 'e9', source: 'no-entendi', sourceHandle: 'next', target: 'a-asesor' },
    ],
  });
}

/** The demo's bot, once: published, enabled, attached to no channel (the demo's chats stay with the agents). */
export async function seedDemoBots(tx: Executor, adminEmail: string): Promise<void> {
  const existing = await tx.execute<{ n: number }>(sql`select count(*)::int as n from bots`);
  if ((existing.rows[0]?.n ?? 0) > 0) return;
  const admin = await usersRepo.findByEmail(tx, adminEmail);
  if (!admin) return;
  const bot = await botsRepo.insert(tx, {
    name: DEMO_BOT,
    description: 'Atiende el chat del sitio cuando se le asigna el canal: pedidos, horarios y paso a un asesor.',
    enabled: true,
    silence: {
      ...DEFAULT_BOT_SILENCE,
      minutes: 30,
      text: 'Cerramos esta conversación por falta de respuesta. ¡Escríbanos cuando quiera!',
    },
    createdBy: admin.id,
  });
  const version = await botsRepo.insertVersion(tx, {
    botId: bot.id,
    flow: shopFlow(),
    note: 'Primera versión',
    updatedBy: admin.id,
  });
  await botsRepo.publish(tx, bot.id, version.id, admin.id);
}
