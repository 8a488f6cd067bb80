import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { templatesRepo } from '../templates/templates.repo.js';

const TEMPLATES = [
  {
    name: 'Saludo',
    channelType: null,
    body: 'Hola {{cliente.nombre}}, le saluda {{agente.nombre}} de {{empresa.nombre}}. ¿En qué le puedo ayudar?',
  },
  {
    name: 'Seguimiento del caso',
    channelType: null,
    body: 'Su caso #{{caso.numero}} está en revisión. Le escribiremos por este medio en cuanto tengamos novedades.',
  },
  {
    name: 'Despedida por correo',
    channelType: 'email',
    body: 'Estimado(a) {{cliente.nombre_completo}}:\n\nGracias por escribirnos. Quedamos atentos.\n\n{{agente.nombre}}\n{{empresa.nombre}}',
  },
] as const;

/** Message templates for every campaign, so the composer has something to insert. Once. */
export async function seedDemoTemplates(tx: Executor): Promise<void> {
  const existing = await tx.execute<{ n: number }>(sql`select count(*)::int as n from message_templates`);
  if ((existing.rows[0]?.n ?? 0) > 0) return;
  for (const template of TEMPLATES) {
    await templatesRepo.insert(tx, { ...template, allCampaigns: true, enabled: true });
  }
}
