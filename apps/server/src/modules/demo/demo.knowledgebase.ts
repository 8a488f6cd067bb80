import { type KbArticleInput, kbArticleBodySchema } from '@atiende/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { kbRepo } from '../knowledgebase/kb.repo.js';
import { articleColumns } from '../knowledgebase/kb.service.js';

interface DemoSection {
  name: string;
  description: string;
  visibleFor: ('admin' | 'super' | 'agent' | 'public')[];
  articles: Omit<KbArticleInput, 'sectionId'>[];
}

const BASE: { name: string; description: string; sections: DemoSection[] }[] = [
  {
    name: 'Compras y pagos',
    description: 'Todo sobre pedidos, medios de pago y facturas',
    sections: [
      {
        name: 'Pagos',
        description: 'Medios de pago, cuotas y comprobantes',
        visibleFor: ['public', 'agent', 'super'],
        articles: [
          {
            title: '¿Qué medios de pago aceptan?',
            labels: ['pagos'],
            status: 'published',
            body: `<p>Puede pagar con <strong>tarjeta de crédito o débito</strong>, transferencia bancaria o en efectivo en los puntos autorizados.</p>
<h2>Tarjetas</h2><ul><li>Visa y Mastercard: hasta 36 cuotas.</li><li>American Express: hasta 12 cuotas.</li></ul>
<h2>Plazos de acreditación</h2>
<table><tbody><tr><th>Medio</th><th>Se acredita en</th></tr><tr><td>Tarjeta</td><td>Al instante</td></tr><tr><td>Transferencia</td><td>1 día hábil</td></tr><tr><td>Efectivo</td><td>2 días hábiles</td></tr></tbody></table>`,
          },
          {
            title: 'Cómo descargar su factura electrónica',
            labels: ['facturación', 'pagos'],
            status: 'published',
            body: `<p>La factura electrónica llega a su correo el mismo día de la compra. También puede descargarla:</p>
<ol><li>Entre a <a href="https://tienda.atiende.test/cuenta">Mi cuenta</a>.</li><li>Abra <em>Mis pedidos</em> y elija el pedido.</li><li>Pulse <strong>Descargar factura</strong>.</li></ol>
<p>Si necesita la factura a nombre de una empresa, escríbanos antes de 48 horas con el NIT.</p>`,
          },
        ],
      },
      {
        name: 'Envíos y devoluciones',
        description: 'Plazos de entrega, seguimiento y cambios',
        visibleFor: ['public', 'agent', 'super'],
        articles: [
          {
            title: 'Plazos de entrega por ciudad',
            labels: ['envíos'],
            status: 'published',
            body: `<p>Los pedidos confirmados antes de las 2:00 p. m. salen el mismo día.</p>
<table><tbody><tr><th>Ciudad</th><th>Entrega</th></tr><tr><td>Bogotá, Medellín, Cali</td><td>1 a 2 días hábiles</td></tr><tr><td>Otras ciudades</td><td>3 a 5 días hábiles</td></tr></tbody></table>`,
          },
          {
            title: 'Cómo devolver un producto',
            labels: ['devoluciones'],
            status: 'published',
            body: '<p>Tiene 30 días desde la entrega para devolver un producto sin usar y en su empaque. Solicite la devolución desde <em>Mis pedidos</em>; la guía de envío es gratuita y el reembolso llega en 5 días hábiles.</p>',
          },
          {
            title: 'Nueva política de cambios (borrador)',
            labels: ['devoluciones'],
            status: 'draft',
            body: '<p>En revisión por el área legal: ampliar el plazo de cambios a 60 días en temporada.</p>',
          },
        ],
      },
    ],
  },
  {
    name: 'Atención al cliente',
    description: 'Guías internas del equipo de atención',
    sections: [
      {
        name: 'Guiones para agentes',
        description: 'Cómo responder los casos frecuentes',
        visibleFor: ['agent', 'super'],
        articles: [
          {
            title: 'Atención de reclamos por demora',
            labels: ['guion', 'reclamos'],
            status: 'published',
            body: `<p>Ante un reclamo por demora en la entrega:</p><ol><li>Discúlpese y confirme el número de pedido.</li><li>Consulte el seguimiento en el sistema de la transportadora.</li><li>Si la demora supera 3 días, ofrezca el envío gratis en la próxima compra.</li></ol>
<p>Escale a supervisión si el cliente pide cancelar un pedido ya despachado.</p>`,
          },
        ],
      },
      {
        name: 'Supervision playbook',
        description: 'For supervisors only',
        visibleFor: ['super'],
        articles: [
          {
            title: 'Handling an escalated complaint',
            labels: ['escalation'],
            status: 'published',
            language: 'en',
            body: '<p>Call the customer back within two hours, record the agreement in the ticket and close it only after the customer confirms.</p>',
          },
        ],
      },
    ],
  },
];

/** A small knowledge base: public help articles (the /kb site), agents' scripts and a supervisors' page. Once. */
export async function seedDemoKnowledgeBase(tx: Executor, adminEmail: string): Promise<void> {
  const existing = await tx.execute<{ n: number }>(sql`select count(*)::int as n from kb_categories`);
  if ((existing.rows[0]?.n ?? 0) > 0) return;
  const [admin] = (await tx.execute<{ id: number }>(sql`select id from users where email = ${adminEmail}`)).rows;
  if (!admin) return;
  for (const category of BASE) {
    const categoryId = await kbRepo.insertCategory(tx, { name: category.name, description: category.description });
    for (const section of category.sections) {
      const sectionId = await kbRepo.insertSection(tx, {
        categoryId,
        name: section.name,
        description: section.description,
        visibleFor: section.visibleFor,
      });
      for (const input of section.articles) {
        const body = kbArticleBodySchema.parse({ ...input, sectionId });
        await kbRepo.insertArticle(tx, {
          ...articleColumns(body),
          createdBy: Number(admin.id),
          publishedAt: body.status === 'published' ? new Date() : null,
        });
      }
    }
  }
}
