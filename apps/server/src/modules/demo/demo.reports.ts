import type { Executor } from '../../platform/db/client.js';
import { reportsRepo } from '../reports/reports.repo.js';
import { nextRunAt } from '../reports/reports.schedule.js';
import { usersRepo } from '../users/users.repo.js';

export const DEMO_PROGRAMMED_REPORT = 'Productividad semanal';
const SCHEDULE = { periodicity: 'weekly', weekday: 1, monthDay: null, hour: 7 } as const;

/**
 * The supervisor's programmed report: last week's agent productivity in every demo campaign, every Monday at 07:00,
 * mailed to the supervisor (the outbox without SMTP). Created once.
 */
export async function seedDemoReports(tx: Executor, supervisorEmail: string, timeZone: string): Promise<void> {
  const supervisor = await usersRepo.findByEmail(tx, supervisorEmail);
  if (!supervisor) return;
  const existing = await reportsRepo.listProgrammed(tx, supervisor.id);
  if (existing.some((report) => report.name === DEMO_PROGRAMMED_REPORT)) return;
  const campaigns = await reportsRepo.campaignOptions(tx, { kind: 'all' }, false);
  if (campaigns.length === 0) return;
  await reportsRepo.insertProgrammed(tx, {
    name: DEMO_PROGRAMMED_REPORT,
    type: 'agentProductivity',
    scope: {
      campaignIds: campaigns.map((campaign) => campaign.id),
      agentIds: [],
      includeCampaigns: false,
      includeAgents: false,
      preset: 'lastWeek',
    },
    ...SCHEDULE,
    recipients: [supervisorEmail],
    locale: 'es',
    enabled: true,
    nextRunAt: nextRunAt(SCHEDULE, new Date(), timeZone),
    createdBy: supervisor.id,
  });
}
