import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { searchable } from '../../platform/text.js';
import { campaignsRepo } from '../campaigns/campaigns.repo.js';
import { cataloguesRepo } from '../catalogues/catalogues.repo.js';
import { customersRepo } from '../customers/customers.repo.js';
import { ticketsRepo } from '../tickets/tickets.repo.js';
import { usersRepo } from '../users/users.repo.js';

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

/** Tickets in every status in both demo campaigns, with tasks, so the lists and views show real work. Once. */
export async function seedDemoTickets(tx: Executor): Promise<void> {
  const existing = await tx.execute<{ n: number }>(sql`select count(*)::int as n from tickets`);
  if ((existing.rows[0]?.n ?? 0) > 0) return;
  const agent = await usersRepo.findByEmail(tx, 'agente@atiende.test');
  const mfaAgent = await usersRepo.findByEmail(tx, 'agente.mfa@atiende.test');
  const supervisor = await usersRepo.findByEmail(tx, 'supervisor@atiende.test');
  if (!agent || !mfaAgent || !supervisor) return;
  const campaigns = (await campaignsRepo.list(tx, { page: 1, sizePerPage: 10, sortName: 'id', sortOrder: 'asc' })).data;
  const service = campaigns.find((campaign) => campaign.name === 'Servicio al cliente');
  const sales = campaigns.find((campaign) => campaign.name === 'Ventas');
  if (!service || !sales) return;
  const types = [...(await cataloguesRepo.idsByCode(tx, 'tipo-caso')).values()];
  const customers = (await customersRepo.list(tx, { page: 1, sizePerPage: 40, sortName: 'id', sortOrder: 'asc' })).data;
  const results = ['Resuelto', 'Pendiente', 'Escalado'];
  let index = 0;
  for (const [campaign, assignee] of [
    [service, agent],
    [sales, mfaAgent],
  ] as const) {
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
}
