import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { automationRepo } from '../automation/automation.repo.js';
import { slaRepo } from '../automation/sla.repo.js';
import { usersRepo } from '../users/users.repo.js';

export const DEMO_BUSINESS_RULE = 'Reclamos con prioridad alta';
export const DEMO_SLA_RULE = 'Tiempos de atención';

/**
 * The demo's automation, created once, on "Servicio al cliente": a business rule that raises a customer's complaint
 * to high priority and tells the supervisors, and an SLA rule in calendar time (the demo's tickets follow it from their
 * next change; new ones from the start).
 */
export async function seedDemoAutomation(tx: Executor, supervisorEmail: string): Promise<void> {
  const supervisor = await usersRepo.findByEmail(tx, supervisorEmail);
  const result = await tx.execute<{ id: string }>(
    sql`select id from campaigns where name = 'Servicio al cliente' limit 1`,
  );
  const campaignId = result.rows[0] ? Number(result.rows[0].id) : null;
  if (!supervisor || !campaignId) return;
  const rules = await automationRepo.listRules(tx, { campaignIds: [campaignId], search: DEMO_BUSINESS_RULE, limit: 1 });
  if (rules.length === 0) {
    await automationRepo.insertRule(tx, {
      name: DEMO_BUSINESS_RULE,
      description:
        'Un mensaje del cliente que habla de un reclamo sube el caso a prioridad alta y avisa a supervisión.',
      campaignId,
      enabled: true,
      kind: 'trigger',
      triggerEvent: 'messageReceived',
      conditions: {
        match: 'all',
        conditions: [{ field: 'message.text', type: 'text', operator: 'contains', value: 'reclamo' }],
      },
      actions: [
        { type: 'setPriority', priority: 2 },
        { type: 'notifySupervisors', message: 'Un cliente presentó un reclamo' },
      ],
      createdBy: supervisor.id,
    });
  }
  const slas = await slaRepo.listRules(tx, { campaignIds: [campaignId], search: DEMO_SLA_RULE, limit: 1 });
  if (slas.length === 0) {
    await slaRepo.insertRule(tx, {
      name: DEMO_SLA_RULE,
      description: 'Primera respuesta, siguiente respuesta y resolución según la prioridad del caso.',
      campaignId,
      enabled: true,
      businessHours: false,
      conditions: { match: 'all', conditions: [] },
      targets: {
        low: { firstResponse: 60, nextResponse: 60, resolution: 24 * 60 },
        medium: { firstResponse: 30, nextResponse: 30, resolution: 8 * 60 },
        high: { firstResponse: 15, nextResponse: 15, resolution: 4 * 60 },
      },
      createdBy: supervisor.id,
    });
  }
}
