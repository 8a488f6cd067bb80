import { EMPTY_CONDITION_GROUP } from '@atiende/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { dialersRepo } from '../dialers/dialers.repo.js';
import { dialerAudienceSpec } from '../dialers/dialers.service.js';

export const DEMO_DIALER_LABEL = 'Recordatorio de pagos';

/**
 * A dialer of "Servicio al cliente" that calls every account of the campaign with a phone, never started (the
 * voice layer places its calls once telephony is configured). Once.
 */
export async function seedDemoDialers(tx: Executor, adminEmail: string): Promise<void> {
  const existing = await tx.execute(sql`select 1 from dialers where label = ${DEMO_DIALER_LABEL} limit 1`);
  if (existing.rows.length > 0) return;
  const [campaign] = (
    await tx.execute<{ id: string }>(sql`select id from campaigns where name = 'Servicio al cliente' limit 1`)
  ).rows;
  if (!campaign) return;
  const [admin] = (await tx.execute<{ id: string }>(sql`select id from users where email = ${adminEmail}`)).rows;
  const accounts = { conditions: EMPTY_CONDITION_GROUP, sendTo: 'all' as const, customerIds: [] };
  const dialer = await dialersRepo.insert(tx, {
    campaignId: Number(campaign.id),
    label: DEMO_DIALER_LABEL,
    type: 'call_campaign',
    channels: 10,
    parallels: 2,
    tries: 3,
    rings: 5,
    sendToQueue: true,
    accounts,
    status: 'created',
    createdBy: admin ? Number(admin.id) : null,
  });
  await dialersRepo.materialize(tx, dialer.id, await dialerAudienceSpec(tx, Number(campaign.id), accounts));
}
