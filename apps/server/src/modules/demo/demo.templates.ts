import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { templatesRepo } from '../templates/templates.repo.js';
import { whatsappTemplatesRepo } from '../whatsapp/whatsapp-templates.repo.js';

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

/** WhatsApp templates of the demo WhatsApp channel, one per review outcome, as if Meta had answered. Once. */
export async function seedDemoWhatsappTemplates(tx: Executor): Promise<void> {
  const existing = await tx.execute<{ n: number }>(sql`select count(*)::int as n from whatsapp_templates`);
  if ((existing.rows[0]?.n ?? 0) > 0) return;
  const [channel] = (
    await tx.execute<{ id: number }>(sql`select id from channels where type = 'whatsapp' order by id limit 1`)
  ).rows;
  if (!channel) return;
  const common = { channelId: Number(channel.id), language: 'es', headerType: 'none', headerText: null, footer: null };
  await whatsappTemplatesRepo.insert(tx, {
    ...common,
    name: 'seguimiento_pedido',
    category: 'UTILITY',
    body: 'Hola {{1}}, le escribimos de Tienda Demo sobre su pedido {{2}}. ¿Podemos ayudarle en algo más?',
    footer: 'Tienda Demo',
    examples: ['Ana', '#1234'],
    buttonsType: 'quickReplies',
    buttons: [
      { kind: 'quickReply', text: 'Sí, por favor' },
      { kind: 'quickReply', text: 'No, gracias' },
    ],
    status: 'approved',
    providerTemplateId: 'demo-seguimiento-pedido',
  });
  await whatsappTemplatesRepo.insert(tx, {
    ...common,
    name: 'promocion_fin_de_mes',
    category: 'MARKETING',
    headerType: 'text',
    headerText: 'Fin de mes',
    body: '{{1}}, este fin de semana tiene 20 % de descuento en cocina. Le esperamos.',
    examples: ['Ana'],
    buttonsType: 'callToAction',
    buttons: [{ kind: 'url', text: 'Ver ofertas', url: 'https://tienda.demo/ofertas' }],
    status: 'pending',
    providerTemplateId: 'demo-promocion',
  });
  await whatsappTemplatesRepo.insert(tx, {
    ...common,
    name: 'recordatorio_pago',
    category: 'UTILITY',
    body: 'PAGUE YA su factura {{1}}!!!',
    examples: ['F-100'],
    buttonsType: 'none',
    buttons: [],
    status: 'rejected',
    rejectionReason: 'INVALID_FORMAT',
    providerTemplateId: 'demo-recordatorio',
  });
  // Chat types: ready at once (Meta does not review them), sent only inside the 24-hour window.
  await whatsappTemplatesRepo.insert(tx, {
    ...common,
    name: 'menu_atencion',
    type: 'text',
    category: null,
    body: 'Hola {{1}}, gracias por escribir a Tienda Demo. ¿Con qué le ayudamos?',
    examples: ['Ana'],
    buttonsType: 'none',
    buttons: [],
    quickReplies: ['Estado de mi pedido', 'Cambios y devoluciones', 'Facturación', 'Garantías', 'Otra consulta'],
    status: 'approved',
  });
  await whatsappTemplatesRepo.insert(tx, {
    ...common,
    name: 'horarios_tiendas',
    type: 'interactive',
    interactiveType: 'list',
    category: null,
    headerType: 'text',
    headerText: 'Nuestras tiendas',
    body: 'Elija la tienda y le enviamos su horario y dirección.',
    footer: 'Tienda Demo',
    examples: [],
    buttonsType: 'none',
    buttons: [],
    listButton: 'Ver tiendas',
    sections: [
      {
        title: 'Bogotá',
        options: [
          { title: 'Centro', description: 'Cra. 7 # 12-30, lunes a sábado' },
          { title: 'Usaquén', description: 'Cl. 119 # 6-20, todos los días' },
        ],
      },
      { title: 'Medellín', options: [{ title: 'El Poblado', description: 'Cra. 43A # 7-50, lunes a sábado' }] },
    ],
    status: 'approved',
  });
}
