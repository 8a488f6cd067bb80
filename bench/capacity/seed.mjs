// The capacity benchmark's business, built like the demo data (apps/server/src/modules/demo) through the same
// repositories for the structure — web-chat channels with their widget, campaigns of about 25 agents with the
// demo's service form, supervisors — and in bulk SQL for the volume: people and their sessions (a token per user
// inserted directly: thousands of argon2 hashes would only measure argon2), customers, closed historical tickets
// with their conversation and task, one open follow-up ticket per agent, and the web-chat visitors whose messages
// the inbound process sends (half of them returning customers, half new).
import { createHash, randomBytes } from 'node:crypto';
import { campaignConfigSchema } from '@atiende/contracts';
import { campaignsRepo } from '../../apps/server/dist/modules/campaigns/campaigns.repo.js';
import { cataloguesRepo } from '../../apps/server/dist/modules/catalogues/catalogues.repo.js';
import { channelsRepo } from '../../apps/server/dist/modules/channels/channels.repo.js';
import { formsRepo } from '../../apps/server/dist/modules/forms/forms.repo.js';
import { usersRepo } from '../../apps/server/dist/modules/users/users.repo.js';
import { ensureBuiltInRoles } from '../../apps/server/dist/modules/users/users.service.js';
import { widgetsRepo } from '../../apps/server/dist/modules/widgets/widgets.repo.js';
import { ensureBaseRows } from '../../apps/server/dist/platform/boot.js';
import { connectDatabase } from '../../apps/server/dist/platform/db/client.js';
import { runMigrations } from '../../apps/server/dist/platform/db/migrate.js';

const FIRST_NAMES = ['María', 'José', 'Luisa', 'Carlos', 'Ana', 'Andrés', 'Camila', 'Jorge', 'Valentina', 'Felipe'];
const LAST_NAMES = ['García', 'Rodríguez', 'Martínez', 'López', 'González', 'Pérez', 'Sánchez', 'Ramírez', 'Torres'];
const SUBJECTS = [
  'No ha llegado mi pedido',
  'Quiero cambiar la dirección de entrega',
  'Cobro duplicado en la tarjeta',
  'Solicitud de garantía del producto',
  'Consulta sobre horarios de atención',
  'El producto llegó dañado',
];
/** The values of a task on the demo's service form (required: motivo, resultado; notes required). */
export const TASK_VALUES = { motivo: 'Información', resultado: 'Resuelto' };
const sqlArray = (values) => `(array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}])`;
const tokenHash = (token) => createHash('sha256').update(token).digest('hex');

/** Migrations and the base rows, as the server's first start makes them (platform/boot.ts). */
export async function prepareDatabase(url) {
  const handle = connectDatabase(url, 2);
  try {
    await runMigrations(handle.db);
    await ensureBaseRows(handle.db);
  } finally {
    await handle.close();
  }
}

/** Inserts people of one role with a session each; returns [{id, token, name}]. */
async function insertPeople(q, { count, prefix, label, roleId }) {
  const first = sqlArray(FIRST_NAMES);
  const last = sqlArray(LAST_NAMES);
  const rows = (
    await q(
      `insert into users (name, username, email, password_hash)
       select ${first}[1 + g % ${FIRST_NAMES.length}] || ' ' || ${last}[1 + (g * 7) % ${LAST_NAMES.length}] || ' (${label} ' || g || ')',
         '${prefix}' || g, '${prefix}' || g || '@capacidad.test', 'x'
       from generate_series(1, $1::int) g order by g returning id, name`,
      [count],
    )
  ).rows.map((row) => ({ id: Number(row.id), name: row.name, token: randomBytes(24).toString('hex') }));
  if (rows.length === 0) return rows;
  await q('insert into user_roles (user_id, role_id) select unnest($1::bigint[]), $2', [rows.map((r) => r.id), roleId]);
  await q('insert into sessions (user_id, token_hash) select * from unnest($1::bigint[], $2::text[])', [
    rows.map((row) => row.id),
    rows.map((row) => tokenHash(row.token)),
  ]);
  return rows;
}

/** The demo's service form ("Gestión de servicio"): a reusable list, a radio, notes required. */
async function insertServiceForm(db, adminId) {
  const reasons = await formsRepo.insertList(db, {
    name: 'Motivos de contacto',
    description: 'Motivos comunes por los que nos contactan los clientes',
    type: 'list',
    alphabeticalOrder: true,
    enabled: true,
    options: ['Información', 'Compra', 'Garantía', 'Queja', 'Cambio de datos'].map((label) => ({ label })),
    createdBy: adminId,
  });
  const field = (key, label, type, order, extra) => ({
    key,
    label,
    description: null,
    type,
    order,
    alphabeticalOrder: false,
    required: false,
    defaultValue: null,
    options: [],
    reusableListId: null,
    ...extra,
  });
  return formsRepo.insertForm(db, {
    name: 'Gestión de servicio',
    description: 'Registro de cada gestión con el cliente',
    requireNotes: true,
    requireNextTask: false,
    enabled: true,
    fields: [
      field('motivo', 'Motivo', 'list', 1, { required: true, reusableListId: reasons }),
      field('resultado', 'Resultado', 'radio', 2, {
        required: true,
        options: [{ label: 'Resuelto' }, { label: 'Pendiente' }, { label: 'Escalado' }],
      }),
      field('valor', 'Valor de la compra', 'number', 3, { description: 'En pesos' }),
    ],
    createdBy: adminId,
  });
}

/**
 * Seeds the business for `agents` agents. Options: agentsPerCampaign, agentsPerSupervisor, tickets (historical),
 * customers, historyMessages (per historical ticket), visitorsPerCampaign, tasksPerAgent.
 * Returns what the client processes need: users with tokens, campaigns with channel and visitors, the inbound token.
 */
export async function seedBusiness(url, options) {
  const handle = connectDatabase(url, 4);
  const { db } = handle;
  const q = (text, values) => handle.pool.query(text, values);
  try {
    const roles = await ensureBuiltInRoles(db);
    const integrationRole = await usersRepo.ensureRole(db, {
      name: 'capacity-integration',
      label: 'Integración (benchmark)',
      builtIn: false,
    });
    await usersRepo.grantPermissions(db, integrationRole.id, ['recibir-mensajes']);
    const [admin] = await insertPeople(q, { count: 1, prefix: 'cap.admin', label: 'admin', roleId: roles.admin });
    const [integration] = await insertPeople(q, {
      count: 1,
      prefix: 'cap.integracion',
      label: 'integración',
      roleId: integrationRole.id,
    });
    const agents = await insertPeople(q, {
      count: options.agents,
      prefix: 'cap.agente',
      label: 'agente',
      roleId: roles.agent,
    });
    const supervisors = await insertPeople(q, {
      count: Math.max(1, Math.ceil(options.agents / options.agentsPerSupervisor)),
      prefix: 'cap.supervisor',
      label: 'supervisor',
      roleId: roles.super,
    });

    const formId = await insertServiceForm(db, admin.id);
    const config = campaignConfigSchema.parse({
      tasksPerAgent: options.tasksPerAgent,
      distribution: 'least-recent',
      autoAssign: true,
      ticketCombination: 'customer-channel',
    });
    const campaignCount = Math.max(1, Math.ceil(options.agents / options.agentsPerCampaign));
    const campaigns = [];
    for (let index = 0; index < campaignCount; index += 1) {
      const channelId = await channelsRepo.insert(db, {
        name: `Chat campaña ${index + 1}`,
        type: 'webchat',
        direction: 'inbound',
        enabled: true,
        config: { welcomeMessage: '¡Hola! ¿En qué podemos ayudarle?' },
        secrets: {},
        // Open at every hour: no out-of-hours replies in the measurement.
        businessHours: { enabled: false, timezone: 'America/Bogota', days: [] },
        createdBy: admin.id,
        updatedBy: admin.id,
      });
      const widgetId = await widgetsRepo.insert(db, {
        name: `Widget campaña ${index + 1}`,
        enabled: true,
        publicKey: randomBytes(18).toString('hex').slice(0, 24),
        allowedOrigins: ['https://tienda.capacidad.test'],
        style: 'floating',
        position: 'bottom-right',
        primaryColor: '#d32f2f',
        iconType: 'default',
      });
      await widgetsRepo.replaceChannels(db, widgetId, [channelId]);
      const members = agents.filter((_, position) => position % campaignCount === index);
      const campaignSupervisors = supervisors.filter((_, position) => position % campaignCount === index);
      const campaignId = await campaignsRepo.insert(db, {
        name: `Servicio ${index + 1}`,
        description: 'Atención de clientes por chat',
        type: 'inbound',
        formId,
        responsibleUserId: campaignSupervisors[0]?.id ?? supervisors[0].id,
        enabled: true,
        config,
        createdBy: admin.id,
      });
      await campaignsRepo.replaceMembers(db, campaignId, {
        channelIds: [channelId],
        agents: members.map((agent) => ({ userId: agent.id, channelIds: [channelId] })),
        supervisorIds: campaignSupervisors.map((supervisor) => supervisor.id),
        scripts: [{ title: 'Saludo', body: '<p><strong>Buenos días</strong>, gracias por escribirnos.</p>' }],
        customTabs: [],
      });
      campaigns.push({ index, campaignId, channelId, widgetId, formId, agents: members, visitors: [] });
    }

    // Customers: an e-mail and a mobile each; the first ones are the returning web-chat visitors'.
    const documents = await cataloguesRepo.idsByCode(db, 'tipo-documento');
    const contactTypes = await cataloguesRepo.idsByCode(db, 'tipo-dato-contacto');
    const ticketTypes = [...(await cataloguesRepo.idsByCode(db, 'tipo-caso')).values()];
    const first = sqlArray(FIRST_NAMES);
    const last = sqlArray(LAST_NAMES);
    const customerIds = (
      await q(
        `insert into customers (identification_type_id, identification_number, first_name, last_name, search_text)
         select $1::bigint, (30000000 + g)::text, ${first}[1 + g % ${FIRST_NAMES.length}], ${last}[1 + (g * 7) % ${LAST_NAMES.length}],
           lower(${first}[1 + g % ${FIRST_NAMES.length}] || ' ' || ${last}[1 + (g * 7) % ${LAST_NAMES.length}] || ' ' || (30000000 + g))
         from generate_series(1, $2::int) g order by g returning id`,
        [documents.get('CC'), options.customers],
      )
    ).rows.map((row) => Number(row.id));
    await q(
      `insert into customer_contacts (customer_id, type_id, value, normalized_value, position)
       select id, $1::bigint, 'cliente' || id || '@correo.test', 'cliente' || id || '@correo.test', 0 from unnest($3::bigint[]) id
       union all
       select id, $2::bigint, '+57 3' || (100000000 + id * 4273) % 1000000000, '573' || (100000000 + id * 4273) % 1000000000, 1
       from unnest($3::bigint[]) id`,
      [contactTypes.get('4'), contactTypes.get('2'), customerIds],
    );

    // Web-chat visitors per campaign: even ones return (a customer whose contact datum is their visitor id), odd
    // ones are new (the inbound pipeline creates their customer). Returning ones use the first customers, which
    // have no open ticket, so each conversation opens a ticket of its own.
    let returning = 0;
    for (const campaign of campaigns) {
      const visitors = Array.from({ length: options.visitorsPerCampaign }, (_, position) => {
        const name = `${FIRST_NAMES[(campaign.index + position) % FIRST_NAMES.length]} ${LAST_NAMES[(position * 5) % LAST_NAMES.length]} Visitante`;
        const customerId = position % 2 === 0 ? (customerIds[returning++ % customerIds.length] ?? null) : null;
        return { id: `wv-${randomBytes(12).toString('hex')}`, name, customerId };
      });
      await q(
        `insert into webchat_visitors (widget_id, public_id, token_hash, name, customer_id)
         select $1::bigint, * from unnest($2::text[], $3::text[], $4::text[], $5::bigint[])`,
        [
          campaign.widgetId,
          visitors.map((visitor) => visitor.id),
          visitors.map(() => tokenHash(randomBytes(16).toString('hex'))),
          visitors.map((visitor) => visitor.name),
          visitors.map((visitor) => visitor.customerId),
        ],
      );
      const known = visitors.filter((visitor) => visitor.customerId !== null);
      await q(
        `insert into customer_contacts (customer_id, type_id, value, normalized_value, position)
         select customer_id, $1::bigint, visitor, visitor, 2 from unnest($2::bigint[], $3::text[]) as v(customer_id, visitor)`,
        [contactTypes.get('12'), known.map((visitor) => visitor.customerId), known.map((visitor) => visitor.id)],
      );
      campaign.visitors = visitors.map(({ id, name }) => ({ id, name }));
    }

    // Historical tickets: closed, each with a web-chat conversation and a task, spread over 180 days and over the
    // campaign's agents; plus one open follow-up ticket per agent (read, counted in the agent's load). They use the
    // customers after the returning visitors'.
    const historyCustomers = customerIds.slice(Math.min(returning, customerIds.length - 1));
    const rows = { campaign: [], channel: [], customer: [], assignee: [], status: [], type: [], age: [] };
    const push = (campaign, agentId, status, ageMinutes, serial) => {
      rows.campaign.push(campaign.campaignId);
      rows.channel.push(campaign.channelId);
      rows.customer.push(historyCustomers[(serial * 7919) % historyCustomers.length]);
      rows.assignee.push(agentId);
      rows.status.push(status);
      rows.type.push(ticketTypes[serial % ticketTypes.length] ?? null);
      rows.age.push(ageMinutes);
    };
    let serial = 0;
    for (const campaign of campaigns) {
      for (const agent of campaign.agents) push(campaign, agent.id, 1, 60 + (serial % 600), serial++);
    }
    for (let index = 0; index < options.tickets; index += 1) {
      const campaign = campaigns[index % campaigns.length];
      const agent = campaign.agents[Math.floor(index / campaigns.length) % campaign.agents.length];
      push(campaign, agent.id, 4, 720 + Math.floor((index / options.tickets) * 180 * 24 * 60), serial++);
    }
    const subjects = sqlArray(SUBJECTS);
    await q(
      `insert into tickets (campaign_id, channel_id, customer_id, assigned_user_id, status, type_id, priority, description,
         search_text, unread, created_at, updated_at, opened_at, first_response_at, closed_at, next_task_at,
         last_message_at, last_message_preview, last_message_direction, last_message_sender)
       select r.campaign, r.channel, r.customer, r.assignee, r.status, r.type, (n % 3)::smallint,
         ${subjects}[1 + n % ${SUBJECTS.length}], lower(${subjects}[1 + n % ${SUBJECTS.length}]) || ' ' || c.search_text,
         false, now() - make_interval(mins => r.age), now() - make_interval(mins => r.age) + interval '20 min',
         now() - make_interval(mins => r.age) + interval '2 min', now() - make_interval(mins => r.age) + interval '2 min',
         case when r.status = 4 then now() - make_interval(mins => r.age) + interval '20 min' end,
         case when r.status = 1 then now() + make_interval(hours => (1 + n % 48)::int) end,
         now() - make_interval(mins => r.age) + interval '${options.historyMessages * 2} min',
         'Con gusto, quedó registrado. ¿Le puedo ayudar en algo más?', 1, u.name
       from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::smallint[], $6::bigint[], $7::int[])
         with ordinality as r(campaign, channel, customer, assignee, status, type, age, n)
       join customers c on c.id = r.customer join users u on u.id = r.assignee`,
      [rows.campaign, rows.channel, rows.customer, rows.assignee, rows.status, rows.type, rows.age],
    );
    await q(
      `insert into interactions (ticket_id, channel_id, customer_id, contact_value, created_at, last_message_at)
       select id, channel_id, customer_id, 'wv-h' || substr(md5(id::text), 1, 23), created_at, last_message_at
       from tickets`,
    );
    await q(
      `insert into messages (interaction_id, ticket_id, channel_id, direction, body_html, body_text, sender_name, author_id,
         delivery_status, provider_message_id, created_at)
       select i.id, i.ticket_id, i.channel_id, (k % 2)::smallint, m.body, m.body,
         case when k % 2 = 0 then c.first_name || ' ' || c.last_name else u.name end,
         case when k % 2 = 1 then t.assigned_user_id end, case when k % 2 = 1 then 3 end,
         case when k % 2 = 0 then 'hist-' || i.id || '-' || k end, i.created_at + make_interval(mins => k * 2)
       from interactions i join tickets t on t.id = i.ticket_id join customers c on c.id = t.customer_id
         join users u on u.id = t.assigned_user_id
         cross join generate_series(0, $1::int - 1) k
         cross join lateral (select case when k = 0 then t.description || '. ¿Me pueden ayudar, por favor?'
           when k % 2 = 0 then 'Gracias. Mi número de pedido es ' || (100000 + t.id) || '.'
           else 'Con gusto, quedó registrado. ¿Le puedo ayudar en algo más?' end as body) m`,
      [options.historyMessages],
    );
    await q(
      `insert into ticket_tasks (ticket_id, author_id, values, notes, created_at)
       select id, assigned_user_id, $1::jsonb, 'Se atendió al cliente por chat.', created_at + interval '15 min'
       from tickets`,
      [JSON.stringify(TASK_VALUES)],
    );
    await q('vacuum analyze');

    return {
      integration: { id: integration.id, token: integration.token },
      agents: campaigns.flatMap((campaign) =>
        campaign.agents.map((agent) => ({
          kind: 'agent',
          id: agent.id,
          token: agent.token,
          campaignId: campaign.campaignId,
          room: campaign.index,
        })),
      ),
      supervisors: supervisors.map((supervisor, position) => ({
        kind: 'supervisor',
        id: supervisor.id,
        token: supervisor.token,
        campaignId: campaigns[position % campaigns.length].campaignId,
        room: position % campaigns.length,
      })),
      campaigns: campaigns.map((campaign) => ({
        campaignId: campaign.campaignId,
        channelId: campaign.channelId,
        agents: campaign.agents.length,
        visitors: campaign.visitors,
      })),
      historicalTickets: rows.status.length,
    };
  } finally {
    await handle.close();
  }
}
