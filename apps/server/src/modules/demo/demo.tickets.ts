import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { searchable } from '../../platform/text.js';
import { ALL_CUSTOMERS } from '../../policies/customers.js';
import { campaignsRepo } from '../campaigns/campaigns.repo.js';
import { cataloguesRepo } from '../catalogues/catalogues.repo.js';
import { customersRepo } from '../customers/customers.repo.js';
import { interactionsRepo } from '../interactions/interactions.repo.js';
import { ticketsRepo } from '../tickets/tickets.repo.js';
import { usersRepo } from '../users/users.repo.js';

const REPLIES = [
  'Hola, gracias por escribirnos. Ya revisamos su caso y le damos respuesta en breve.',
  'Con gusto le ayudamos. ¿Nos confirma su número de pedido?',
  'Listo, quedó registrado. Le avisaremos por este medio.',
];

/** The first channel of a campaign and its type (the demo conversations happen there). */
async function firstChannel(tx: Executor, campaignId: number) {
  const result = await tx.execute<{ id: string; type: string }>(sql`
    select ch.id, ch.type from campaign_channels cc join channels ch on ch.id = cc.channel_id
    where cc.campaign_id = ${campaignId} order by ch.id limit 1`);
  const row = result.rows[0];
  return row ? { id: Number(row.id), type: row.type } : null;
}

const SUBJECTS = [
  'No ha llegado mi pedido',
  'Quiero cambiar la dirección de entrega',
  'Cobro duplicado en la tarjeta',
  'Solicitud de garantía del producto',
  'Consulta sobre horarios de atención',
  'Quiero cancelar la suscripción',
  'Felicitaciones por la atención',
  'El producto llegó dañado',
];

/**
 * Tickets in every status in both demo campaigns, with tasks and conversations, so the lists and views show real
 * work. Once: true when it created them.
 */
export async function seedDemoTickets(tx: Executor): Promise<boolean> {
  const existing = await tx.execute<{ n: number }>(sql`select count(*)::int as n from tickets`);
  if ((existing.rows[0]?.n ?? 0) > 0) return false;
  const agent = await usersRepo.findByEmail(tx, 'agente@atiende.test');
  const mfaAgent = await usersRepo.findByEmail(tx, 'agente.mfa@atiende.test');
  const supervisor = await usersRepo.findByEmail(tx, 'supervisor@atiende.test');
  if (!agent || !mfaAgent || !supervisor) return false;
  const campaigns = (await campaignsRepo.list(tx, { page: 1, sizePerPage: 10, sortName: 'id', sortOrder: 'asc' })).data;
  const service = campaigns.find((campaign) => campaign.name === 'Servicio al cliente');
  const sales = campaigns.find((campaign) => campaign.name === 'Ventas');
  if (!service || !sales) return false;
  const types = [...(await cataloguesRepo.idsByCode(tx, 'tipo-caso')).values()];
  const customers = (
    await customersRepo.list(tx, { scope: ALL_CUSTOMERS, page: 1, sizePerPage: 40, sortName: 'id', sortOrder: 'asc' })
  ).data;
  const results = ['Resuelto', 'Pendiente', 'Escalado'];
  let index = 0;
  const channelOf = new Map<number, Awaited<ReturnType<typeof firstChannel>>>();
  for (const campaign of [service, sales]) channelOf.set(campaign.id, await firstChannel(tx, campaign.id));
  for (const [campaign, assignee] of [
    [service, agent],
    [sales, mfaAgent],
  ] as const) {
    const assigneeName = await ticketsRepo.userName(tx, assignee.id);
    for (const status of [0, 1, 2, 3, 4, 0, 1, 4]) {
      const customer = customers[index % customers.length];
      const description = SUBJECTS[index % SUBJECTS.length];
      const created = new Date(Date.now() - (index + 1) * 3 * 3_600_000);
      const ticket = await ticketsRepo.insert(tx, {
        campaignId: campaign.id,
        customerId: customer.id,
        typeId: types[index % types.length] ?? null,
        priority: index % 3,
        status,
        description,
        assignedUserId: status === 0 && index % 2 === 0 ? null : assignee.id,
        unread: status === 0,
        searchText: searchable(description, customer.fullName, customer.identificationNumber),
        createdBy: supervisor.id,
        createdAt: created,
        updatedAt: created,
        openedAt: status > 0 ? new Date(created.getTime() + 600_000) : null,
        firstResponseAt: status > 0 ? new Date(created.getTime() + 600_000) : null,
        closedAt: status === 4 ? new Date(created.getTime() + 3_600_000) : null,
        transferToUserId: status === 3 ? supervisor.id : null,
        transferFromUserId: status === 3 ? assignee.id : null,
        transferPreviousStatus: status === 3 ? 1 : null,
        nextTaskAt: status === 1 ? new Date(Date.now() + (index % 2 === 0 ? -3_600_000 : 600_000)) : null,
      });
      const channel = channelOf.get(campaign.id);
      if (channel) {
        // The conversation that opened the ticket, and the agent's answer once it was worked.
        const contactValue =
          channel.type === 'whatsapp'
            ? `+57300${String(1_000_000 + customer.id).slice(-7)}`
            : `visitante-${customer.id}`;
        const interaction = await interactionsRepo.insertInteraction(tx, {
          ticketId: ticket.id,
          channelId: channel.id,
          customerId: customer.id,
          contactValue,
          createdAt: created,
          lastMessageAt: created,
        });
        const inboundText = `${description}. ¿Me pueden ayudar, por favor?`;
        await interactionsRepo.insertMessage(tx, {
          interactionId: interaction.id,
          ticketId: ticket.id,
          channelId: channel.id,
          direction: 0,
          bodyHtml: inboundText,
          bodyText: inboundText,
          senderName: customer.fullName,
          providerMessageId: `demo-${ticket.id}-in`,
          createdAt: created,
        });
        let last = { at: created, text: inboundText, direction: 0, sender: customer.fullName };
        if (status > 0) {
          const at = new Date(created.getTime() + 600_000);
          const reply = REPLIES[index % REPLIES.length];
          await interactionsRepo.insertMessage(tx, {
            interactionId: interaction.id,
            ticketId: ticket.id,
            channelId: channel.id,
            direction: 1,
            bodyHtml: reply,
            bodyText: reply,
            senderName: assigneeName,
            authorId: assignee.id,
            deliveryStatus: 3,
            createdAt: at,
          });
          await interactionsRepo.touchInteraction(tx, interaction.id, at);
          last = { at, text: reply, direction: 1, sender: assigneeName ?? '' };
        }
        await ticketsRepo.update(tx, ticket.id, {
          channelId: channel.id,
          lastMessageAt: last.at,
          lastMessagePreview: last.text.slice(0, 280),
          lastMessageDirection: last.direction,
          lastMessageSender: last.sender,
        });
      }
      if (status > 0) {
        await ticketsRepo.insertTask(tx, {
          ticketId: ticket.id,
          authorId: assignee.id,
          values: { motivo: 'Información', resultado: results[index % results.length] },
          notes: 'Se contactó al cliente y se registró la solicitud.',
          createdAt: new Date(created.getTime() + 600_000),
        });
      }
      index += 1;
    }
  }
  return true;
}
