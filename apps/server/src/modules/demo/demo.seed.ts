import { loadConfig } from '../../platform/config.js';
import type { Database } from '../../platform/db/client.js';
import { ensureBusiness } from '../business/business.service.js';
import { usersRepo } from '../users/users.repo.js';
import { createUser, ensureBuiltInRoles } from '../users/users.service.js';
import { seedDemoAutomation } from './demo.automation.js';
import { seedDemoBots } from './demo.bots.js';
import { seedDemoDialers } from './demo.dialers.js';
import { seedDemoHistory } from './demo.history.js';
import { seedDemoKnowledgeBase } from './demo.knowledgebase.js';
import { seedDemoReports } from './demo.reports.js';
import { seedDemoStructure } from './demo.structure.js';
import { seedDemoSurveys } from './demo.surveys.js';
import { seedDemoTemplates, seedDemoWhatsappTemplates } from './demo.templates.js';
import { seedDemoTickets } from './demo.tickets.js';
import { seedDemoWidgets } from './demo.widgets.js';

export const DEMO_PASSWORD = 'Atiende.2026';

export const DEMO_ACCOUNTS = [
  { email: 'admin@atiende.test', name: 'Ana Administradora', role: 'admin', mfa: false },
  { email: 'supervisor@atiende.test', name: 'Sergio Supervisor', role: 'super', mfa: false },
  { email: 'agente@atiende.test', name: 'Andrea Agente', role: 'agent', mfa: false },
  { email: 'agente.mfa@atiende.test', name: 'Mateo Agente (MFA)', role: 'agent', mfa: true },
] as const;

/**
 * Creates the demo business and accounts once; later starts find them and change nothing. `publicUrl` (default: the
 * configured PUBLIC_URL) is the origin the demo widget is allowed on; `historyDays` (DEMO_HISTORY_DAYS) of finished
 * work come with the first demo tickets, for the dashboards.
 */
export async function seedDemoData(
  db: Database,
  publicUrl: string = loadConfig().publicUrl,
  historyDays: number = loadConfig().demoHistoryDays,
): Promise<string> {
  await db.transaction(async (tx) => {
    const business = await ensureBusiness(tx, 'Atiende Demo');
    const roleIds = await ensureBuiltInRoles(tx);
    for (const account of DEMO_ACCOUNTS) {
      if (await usersRepo.findByEmail(tx, account.email)) continue;
      await createUser(tx, {
        name: account.name,
        email: account.email,
        password: DEMO_PASSWORD,
        roleIds: [roleIds[account.role]],
        mfaEnabled: account.mfa,
      });
    }
    await seedDemoStructure(tx);
    if (await seedDemoTickets(tx)) await seedDemoHistory(tx, historyDays, business.timeZone);
    await seedDemoWidgets(tx, publicUrl);
    await seedDemoTemplates(tx);
    await seedDemoWhatsappTemplates(tx);
    await seedDemoReports(tx, 'supervisor@atiende.test', business.timeZone);
    await seedDemoAutomation(tx, 'supervisor@atiende.test');
    await seedDemoBots(tx, 'admin@atiende.test');
    await seedDemoKnowledgeBase(tx, 'admin@atiende.test');
    await seedDemoSurveys(tx, 'admin@atiende.test');
    await seedDemoDialers(tx, 'admin@atiende.test');
  });
  const lines = DEMO_ACCOUNTS.map(
    (account) => `  ${account.email.padEnd(26)} ${account.role.padEnd(6)}${account.mfa ? ' (MFA: code by mail)' : ''}`,
  );
  return `Demo accounts (password ${DEMO_PASSWORD}):\n${lines.join('\n')}`;
}
