import type { Locale, ReportType } from '@atiende/contracts';
import { type SQL, sql } from 'drizzle-orm';

/** How a column's values are written: dates become spreadsheet dates on the business's clock. */
export type ColumnKind = 'text' | 'integer' | 'decimal' | 'instant' | 'localTime' | 'day';

export interface ReportColumn {
  /** The query's column alias. */
  key: string;
  header: Record<Locale, string>;
  kind: ColumnKind;
  width?: number;
}

/** What the query of a report is given: the period, the campaigns and the agents, resolved and checked. */
export interface ReportParameters {
  since: Date;
  until: Date;
  timeZone: string;
  campaignIds: number[];
  /** Only rows of these agents; null: every agent. */
  agentIds: number[] | null;
  locale: Locale;
}

/**
 * One report type: its sheet, columns and query. Every query returns its columns plus `order_at` (timestamptz),
 * ascending, which tells the progress (how much of the period is written). Rows are read through a cursor, so a
 * query may return millions of rows. docs/reports.md documents each column.
 */
export interface ReportDefinition {
  sheet: Record<Locale, string>;
  columns: ReportColumn[];
  /** Agent-centric reports list every agent of the campaigns when none is chosen. */
  agentRows: boolean;
  query(parameters: ReportParameters): SQL;
}

const ids = (values: readonly number[]) => `{${values.join(',')}}`;
const text = (key: string, es: string, en: string, width = 18): ReportColumn => ({
  key,
  header: { es, en },
  kind: 'text',
  width,
});
const integer = (key: string, es: string, en: string): ReportColumn => ({
  key,
  header: { es, en },
  kind: 'integer',
  width: 14,
});
const decimal = (key: string, es: string, en: string): ReportColumn => ({
  key,
  header: { es, en },
  kind: 'decimal',
  width: 16,
});
const instant = (key: string, es: string, en: string): ReportColumn => ({
  key,
  header: { es, en },
  kind: 'instant',
  width: 18,
});

/** Status and priority names as the ticket list shows them. */
const statusName = (locale: Locale) =>
  locale === 'es'
    ? sql`(array['Nuevo','Abierto','Escalado','Transferido','Cerrado'])[t.status + 1]`
    : sql`(array['New','Open','Escalated','Transferred','Closed'])[t.status + 1]`;
const priorityName = (locale: Locale) =>
  locale === 'es'
    ? sql`(array['Baja','Media','Alta'])[t.priority + 1]`
    : sql`(array['Low','Medium','High'])[t.priority + 1]`;
const customerName = sql`concat_ws(' ', cu.first_name, cu.middle_name, cu.last_name, cu.second_last_name)`;

/** Rows whose instant `column` falls in the period [since, until). */
const inPeriod = (column: SQL, p: ReportParameters) =>
  sql`${column} >= ${p.since.toISOString()}::timestamptz and ${column} < ${p.until.toISOString()}::timestamptz`;

/** The hourly figures' rows in the period: whole local hours whose start is within [since, until). */
const hourlyWindow = (p: ReportParameters) => sql`
  h.hour >= (${p.since.toISOString()}::timestamptz at time zone ${p.timeZone})
  and h.hour < (${p.until.toISOString()}::timestamptz at time zone ${p.timeZone})`;

export const REPORT_DEFINITIONS: Record<ReportType, ReportDefinition> = {
  tickets: {
    sheet: { es: 'Casos', en: 'Tickets' },
    agentRows: false,
    columns: [
      integer('number', 'Número', 'Number'),
      text('campaign', 'Campaña', 'Campaign'),
      text('status', 'Estado', 'Status', 12),
      text('priority', 'Prioridad', 'Priority', 10),
      text('case_type', 'Tipo', 'Type'),
      text('customer', 'Cliente', 'Customer', 26),
      text('document', 'Documento', 'Document', 14),
      text('channel', 'Canal', 'Channel'),
      text('channel_type', 'Tipo de canal', 'Channel type', 12),
      text('assigned', 'Asignado', 'Assigned'),
      text('description', 'Descripción', 'Description', 40),
      instant('created_at', 'Creado', 'Created'),
      instant('first_response_at', 'Primera respuesta', 'First response'),
      decimal('first_response_minutes', 'Minutos hasta la primera respuesta', 'Minutes to first response'),
      instant('closed_at', 'Cerrado', 'Closed'),
      decimal('handling_minutes', 'Minutos de gestión', 'Handling minutes'),
    ],
    query: (p) => sql`
      select t.created_at as order_at, t.number, c.name as campaign, ${statusName(p.locale)} as status,
        ${priorityName(p.locale)} as priority, ty.name as case_type, ${customerName} as customer,
        cu.identification_number as document, ch.name as channel, ch.type as channel_type, u.name as assigned,
        t.description, t.created_at, t.first_response_at,
        round(extract(epoch from t.first_response_at - t.created_at) / 60, 1) as first_response_minutes,
        t.closed_at,
        round(extract(epoch from t.closed_at - coalesce(t.opened_at, t.created_at)) / 60, 1) as handling_minutes
      from tickets t
      join campaigns c on c.id = t.campaign_id
      join customers cu on cu.id = t.customer_id
      left join catalogue_entries ty on ty.id = t.type_id
      left join channels ch on ch.id = t.channel_id
      left join users u on u.id = t.assigned_user_id
      where ${inPeriod(sql`t.created_at`, p)}
        and t.campaign_id = any(${ids(p.campaignIds)}::bigint[])
        ${p.agentIds ? sql`and t.assigned_user_id = any(${ids(p.agentIds)}::bigint[])` : sql``}
      order by t.created_at, t.id`,
  },

  tasks: {
    sheet: { es: 'Gestiones', en: 'Tasks' },
    agentRows: false,
    columns: [
      instant('created_at', 'Fecha', 'Date'),
      integer('ticket_number', 'Caso', 'Ticket'),
      text('campaign', 'Campaña', 'Campaign'),
      text('case_type', 'Tipo de caso', 'Ticket type'),
      text('author', 'Autor', 'Author'),
      text('customer', 'Cliente', 'Customer', 26),
      text('notes', 'Notas', 'Notes', 40),
      instant('next_task_at', 'Próxima gestión', 'Next task'),
      text('form_values', 'Valores del formulario', 'Form values', 40),
    ],
    query: (p) => sql`
      select k.created_at as order_at, k.created_at, t.number as ticket_number, c.name as campaign,
        ty.name as case_type, u.name as author, ${customerName} as customer, k.notes, k.next_task_at,
        case when k.values = '{}'::jsonb then null else k.values::text end as form_values
      from ticket_tasks k
      join tickets t on t.id = k.ticket_id
      join campaigns c on c.id = t.campaign_id
      join customers cu on cu.id = t.customer_id
      left join catalogue_entries ty on ty.id = t.type_id
      left join users u on u.id = k.author_id
      where ${inPeriod(sql`k.created_at`, p)}
        and t.campaign_id = any(${ids(p.campaignIds)}::bigint[])
        ${p.agentIds ? sql`and k.author_id = any(${ids(p.agentIds)}::bigint[])` : sql``}
      order by k.created_at, k.id`,
  },

  interactions: {
    sheet: { es: 'Interacciones', en: 'Interactions' },
    agentRows: false,
    columns: [
      instant('created_at', 'Fecha', 'Date'),
      integer('ticket_number', 'Caso', 'Ticket'),
      text('campaign', 'Campaña', 'Campaign'),
      text('channel', 'Canal', 'Channel'),
      text('channel_type', 'Tipo de canal', 'Channel type', 12),
      text('direction', 'Dirección', 'Direction', 10),
      text('agent', 'Agente', 'Agent'),
      text('sender', 'Remitente', 'Sender'),
      text('contact', 'Contacto', 'Contact', 24),
      text('body', 'Mensaje', 'Message', 50),
      text('attachments', 'Adjuntos', 'Attachments', 24),
      text('delivery', 'Entrega', 'Delivery', 12),
      text('delivery_error', 'Error de entrega', 'Delivery error', 24),
    ],
    query: (p) => sql`
      select m.created_at as order_at, m.created_at, t.number as ticket_number, c.name as campaign,
        ch.name as channel, ch.type as channel_type,
        ${p.locale === 'es' ? sql`case when m.direction = 1 then 'Saliente' else 'Entrante' end` : sql`case when m.direction = 1 then 'Outgoing' else 'Incoming' end`} as direction,
        case when m.direction = 1 then au.name else asg.name end as agent,
        m.sender_name as sender, i.contact_value as contact,
        left(m.body_text, 32000) as body,
        (select string_agg(a->>'fileName', ', ') from jsonb_array_elements(coalesce(m.attachments, '[]'::jsonb)) a)
          as attachments,
        ${p.locale === 'es' ? sql`(array['En cola','Enviado','Entregado','Leído','Fallido'])` : sql`(array['Queued','Sent','Delivered','Read','Failed'])`}[m.delivery_status + 1] as delivery,
        m.delivery_error
      from messages m
      join tickets t on t.id = m.ticket_id
      join campaigns c on c.id = t.campaign_id
      join channels ch on ch.id = m.channel_id
      join interactions i on i.id = m.interaction_id
      left join users au on au.id = m.author_id
      left join users asg on asg.id = t.assigned_user_id
      where ${inPeriod(sql`m.created_at`, p)}
        and t.campaign_id = any(${ids(p.campaignIds)}::bigint[])
        ${p.agentIds ? sql`and (case when m.direction = 1 then m.author_id else t.assigned_user_id end) = any(${ids(p.agentIds)}::bigint[])` : sql``}
      order by m.created_at, m.id`,
  },

  agentStatus: {
    sheet: { es: 'Estados', en: 'Statuses' },
    agentRows: true,
    columns: [
      text('agent', 'Agente', 'Agent'),
      text('campaign', 'Campaña', 'Campaign'),
      text('status', 'Estado o pausa', 'Status or pause', 16),
      instant('started_at', 'Inicio', 'Start'),
      instant('ended_at', 'Fin', 'End'),
      integer('duration_seconds', 'Duración (segundos)', 'Duration (seconds)'),
      text('next_status', 'Estado siguiente', 'Next status', 16),
      text('forced_by', 'Forzado por', 'Forced by'),
    ],
    // A logged row closes the period of its previous status (ended at created_at, lasted duration_seconds).
    query: (p) => sql`
      select s.created_at as order_at, u.name as agent, c.name as campaign, s.previous_status as status,
        s.created_at - make_interval(secs => s.duration_seconds) as started_at, s.created_at as ended_at,
        s.duration_seconds, s.status as next_status, f.name as forced_by
      from agent_status_log s
      join users u on u.id = s.user_id
      left join campaigns c on c.id = s.campaign_id
      left join users f on f.id = s.forced_by
      where ${inPeriod(sql`s.created_at`, p)}
        and s.previous_status is not null
        and (s.campaign_id is null or s.campaign_id = any(${ids(p.campaignIds)}::bigint[]))
        and s.user_id = any(${ids(p.agentIds ?? [])}::bigint[])
      order by s.created_at, s.id`,
  },

  agentProductivity: {
    sheet: { es: 'Productividad', en: 'Productivity' },
    agentRows: true,
    columns: [
      { key: 'day', header: { es: 'Día', en: 'Day' }, kind: 'day', width: 12 },
      text('agent', 'Agente', 'Agent'),
      integer('tickets', 'Casos recibidos', 'Tickets received'),
      integer('answered', 'Casos respondidos', 'Tickets answered'),
      decimal('avg_first_response_seconds', 'Primera respuesta media (s)', 'Average first response (s)'),
      integer('handled', 'Casos cerrados', 'Tickets closed'),
      decimal('avg_handling_seconds', 'Gestión media (s)', 'Average handling (s)'),
      integer('messages_out', 'Mensajes enviados', 'Messages sent'),
      integer('messages_in', 'Mensajes recibidos', 'Messages received'),
      integer('tasks', 'Gestiones', 'Tasks'),
      integer('connected_seconds', 'Tiempo conectado (s)', 'Time connected (s)'),
      integer('handling_seconds', 'Tiempo en gestión (s)', 'Time handling (s)'),
      integer('paused_seconds', 'Tiempo en pausa (s)', 'Time paused (s)'),
    ],
    // From the hourly figures (docs/analytics.md): whole local hours, summed per local day and agent.
    query: (p) => sql`
      select (min(h.hour)::date::timestamp at time zone ${p.timeZone}) as order_at, to_char(h.hour::date, 'YYYY-MM-DD') as day,
        u.name as agent,
        sum(h.count) filter (where h.metric = 'tickets') as tickets,
        sum(h.count) filter (where h.metric = 'tickets_answered') as answered,
        round((sum(h.total) filter (where h.metric = 'tickets_answered')
          / nullif(sum(h.count) filter (where h.metric = 'tickets_answered'), 0))::numeric, 1) as avg_first_response_seconds,
        sum(h.count) filter (where h.metric = 'tickets_closed') as handled,
        round((sum(h.total) filter (where h.metric = 'tickets_closed')
          / nullif(sum(h.count) filter (where h.metric = 'tickets_closed'), 0))::numeric, 1) as avg_handling_seconds,
        sum(h.count) filter (where h.metric = 'messages' and h.dimension = 'out') as messages_out,
        sum(h.count) filter (where h.metric = 'messages' and h.dimension = 'in') as messages_in,
        sum(h.count) filter (where h.metric = 'tasks') as tasks,
        round(sum(h.total) filter (where h.metric = 'agent_status' and h.dimension not in ('', 'D'))) as connected_seconds,
        round(sum(h.total) filter (where h.metric = 'agent_status' and h.dimension = 'G')) as handling_seconds,
        round(sum(h.total) filter (where h.metric = 'agent_status'
          and h.dimension not in ('', 'D', 'A', 'E', 'G'))) as paused_seconds
      from analytics_hourly h
      join users u on u.id = h.user_id
      where ${hourlyWindow(p)}
        and h.campaign_id = any(${ids([...p.campaignIds, 0])}::bigint[])
        and h.user_id = any(${ids(p.agentIds ?? [])}::bigint[])
      group by h.hour::date, u.id, u.name
      order by h.hour::date, u.name, u.id`,
  },

  serviceLevel: {
    sheet: { es: 'Nivel de servicio', en: 'Service level' },
    agentRows: false,
    columns: [
      { key: 'interval', header: { es: 'Intervalo', en: 'Interval' }, kind: 'localTime', width: 18 },
      text('campaign', 'Campaña', 'Campaign'),
      integer('tickets', 'Casos', 'Tickets'),
      integer('answered', 'Respondidos', 'Answered'),
      integer('answered_in_time', 'Respondidos a tiempo', 'Answered in time'),
      decimal('service_level_percent', 'Nivel de servicio (%)', 'Service level (%)'),
      integer('service_level_target', 'Meta de nivel de servicio (%)', 'Service level target (%)'),
      integer('service_level_seconds', 'Tiempo de nivel de servicio (s)', 'Service level time (s)'),
      decimal('avg_first_response_seconds', 'Primera respuesta media (s)', 'Average first response (s)'),
      integer('handled', 'Cerrados', 'Closed'),
      decimal('avg_handling_seconds', 'Gestión media (s)', 'Average handling (s)'),
      integer('target_handling_seconds', 'Meta de gestión (s)', 'Handling target (s)'),
      integer('messages_in', 'Mensajes recibidos', 'Messages received'),
      integer('messages_out', 'Mensajes enviados', 'Messages sent'),
    ],
    // One row per campaign and local hour with activity, from the hourly figures.
    query: (p) => sql`
      select (h.hour at time zone ${p.timeZone}) as order_at, h.hour as interval, c.name as campaign,
        coalesce(sum(h.count) filter (where h.metric = 'tickets'), 0) as tickets,
        coalesce(sum(h.count) filter (where h.metric = 'tickets_answered'), 0) as answered,
        coalesce(sum(h.count) filter (where h.metric = 'tickets_answered' and h.dimension = 'in_sl'), 0)
          as answered_in_time,
        round((100.0 * sum(h.count) filter (where h.metric = 'tickets_answered' and h.dimension = 'in_sl')
          / nullif(sum(h.count) filter (where h.metric = 'tickets'), 0))::numeric, 1) as service_level_percent,
        coalesce((c.config->>'serviceLevelTarget')::int, 80) as service_level_target,
        coalesce((c.config->>'serviceLevelSeconds')::int, 20) as service_level_seconds,
        round((sum(h.total) filter (where h.metric = 'tickets_answered')
          / nullif(sum(h.count) filter (where h.metric = 'tickets_answered'), 0))::numeric, 1) as avg_first_response_seconds,
        coalesce(sum(h.count) filter (where h.metric = 'tickets_closed'), 0) as handled,
        round((sum(h.total) filter (where h.metric = 'tickets_closed')
          / nullif(sum(h.count) filter (where h.metric = 'tickets_closed'), 0))::numeric, 1) as avg_handling_seconds,
        coalesce((c.config->>'averageHandlingSeconds')::int, 0) as target_handling_seconds,
        coalesce(sum(h.count) filter (where h.metric = 'messages' and h.dimension = 'in'), 0) as messages_in,
        coalesce(sum(h.count) filter (where h.metric = 'messages' and h.dimension = 'out'), 0) as messages_out
      from analytics_hourly h
      join campaigns c on c.id = h.campaign_id
      where ${hourlyWindow(p)}
        and h.campaign_id = any(${ids(p.campaignIds)}::bigint[])
        and h.metric in ('tickets', 'tickets_answered', 'tickets_closed', 'messages')
        ${p.agentIds ? sql`and h.user_id = any(${ids(p.agentIds)}::bigint[])` : sql``}
      group by h.hour, c.id, c.name, c.config
      order by h.hour, c.name, c.id`,
  },

  slaBreaches: {
    sheet: { es: 'Incumplimientos SLA', en: 'SLA breaches' },
    agentRows: false,
    columns: [
      instant('breached_at', 'Fecha de incumplimiento', 'Breach date'),
      text('rule', 'Regla SLA', 'SLA rule', 24),
      text('metric', 'Métrica', 'Metric', 20),
      integer('number', 'Caso', 'Ticket'),
      text('campaign', 'Campaña', 'Campaign'),
      text('priority', 'Prioridad', 'Priority', 10),
      text('customer', 'Cliente', 'Customer', 26),
      text('assigned', 'Asignado', 'Assigned'),
      decimal('first_response_minutes', 'Primera respuesta (min)', 'First response (min)'),
      decimal('customer_waiting_minutes', 'Espera del cliente (min)', 'Customer waiting (min)'),
    ],
    // One row per breach (modules/automation, SLA rules), in the period of its deadline.
    query: (p) => sql`
      select r.breached_at as order_at, r.breached_at, sr.name as rule,
        ${
          p.locale === 'es'
            ? sql`case r.metric when 'firstResponse' then 'Primera respuesta' when 'nextResponse' then 'Siguiente respuesta' else 'Resolución' end`
            : sql`case r.metric when 'firstResponse' then 'First response' when 'nextResponse' then 'Next response' else 'Resolution' end`
        } as metric,
        t.number, c.name as campaign, ${priorityName(p.locale)} as priority, ${customerName} as customer,
        u.name as assigned,
        round(r.first_response_seconds / 60.0, 1) as first_response_minutes,
        round(r.customer_waiting_seconds / 60.0, 1) as customer_waiting_minutes
      from sla_records r
      join sla_rules sr on sr.id = r.rule_id
      join tickets t on t.id = r.ticket_id
      join campaigns c on c.id = t.campaign_id
      join customers cu on cu.id = t.customer_id
      left join users u on u.id = t.assigned_user_id
      where ${inPeriod(sql`r.breached_at`, p)}
        and t.campaign_id = any(${ids(p.campaignIds)}::bigint[])
        ${p.agentIds ? sql`and t.assigned_user_id = any(${ids(p.agentIds)}::bigint[])` : sql``}
      order by r.breached_at, r.id`,
  },
};
