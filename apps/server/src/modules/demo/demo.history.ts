import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';

/** What a demo agent's day looks like: each status and how long it lasted, from 08:00 on (the rest is D). */
const WORKDAY: readonly { status: string; minutes: number }[] = [
  { status: 'A', minutes: 10 },
  { status: 'E', minutes: 20 },
  { status: 'G', minutes: 55 },
  { status: 'E', minutes: 15 },
  { status: 'G', minutes: 70 },
  { status: 'DESCANSO', minutes: 15 },
  { status: 'G', minutes: 60 },
  { status: 'ALMUERZO', minutes: 60 },
  { status: 'E', minutes: 25 },
  { status: 'G', minutes: 95 },
  { status: 'E', minutes: 10 },
  { status: 'G', minutes: 85 },
];
const DAY_MINUTES = 24 * 60;

/**
 * `days` days of finished work before today in both demo campaigns, so a fresh `npm start` shows meaningful
 * dashboards (issue #16): 18-30 closed tickets a weekday per campaign (fewer at weekends) between 08:00 and 18:00
 * where the business is, each with the customer's messages, the agent's answers (most within the campaign's
 * service-level time) and a task, and each demo agent's statuses and pauses through the day. Written in a few
 * set-based statements; deterministic (hashes of the row number, not random); once, with the rest of the demo.
 */
export async function seedDemoHistory(tx: Executor, days: number, timeZone: string): Promise<void> {
  if (days <= 0) return;
  const people = await tx.execute<{ email: string; id: string }>(sql`
    select email, id from users where email in ('agente@atiende.test', 'agente.mfa@atiende.test', 'supervisor@atiende.test')`);
  const idOf = (email: string) => Number(people.rows.find((row) => row.email === email)?.id ?? 0);
  const agent = idOf('agente@atiende.test');
  const mfaAgent = idOf('agente.mfa@atiende.test');
  const supervisor = idOf('supervisor@atiende.test');
  const campaigns = await tx.execute<{ id: string; name: string; channel_id: string | null }>(sql`
    select c.id, c.name, (select cc.channel_id from campaign_channels cc where cc.campaign_id = c.id
      order by cc.channel_id limit 1) as channel_id
    from campaigns c where c.name in ('Servicio al cliente', 'Ventas')`);
  const work = campaigns.rows
    .filter((row) => row.channel_id !== null)
    .map((row) => ({
      campaignId: Number(row.id),
      channelId: Number(row.channel_id),
      agentId: row.name === 'Ventas' ? mfaAgent : agent,
    }));
  if (!agent || !mfaAgent || work.length === 0) return;
  // Days are the business's: "yesterday" where it is, not where the database runs.
  const today = (
    await tx.execute<{ day: string }>(sql`select to_char(now() at time zone ${timeZone}, 'YYYY-MM-DD') as day`)
  ).rows[0].day;

  for (const [order, { campaignId, channelId, agentId }] of work.entries()) {
    // One row per ticket: its day (1..days back), its minute of the working day and a few hashes for its shape.
    await tx.execute(sql`
      with slots as (
        select d, n, abs(hashint4(d * 1000 + n + ${order * 7919})) as h
        from generate_series(1, ${days}) d
        cross join lateral generate_series(1, case when extract(isodow from ${today}::date - d) >= 6 then 8
          else 18 + abs(hashint4(d + ${order})) % 13 end) n
      ), shaped as (
        select s.*,
          ((${today}::date - s.d)::timestamp + interval '8 hours' + make_interval(secs => s.h % 36000))
            at time zone ${timeZone} as created,
          (ARRAY['No ha llegado mi pedido', 'Quiero cambiar la dirección de entrega', 'Cobro duplicado en la tarjeta',
            'Solicitud de garantía del producto', 'Consulta sobre horarios de atención', 'El producto llegó dañado',
            'Quiero cancelar la suscripción', 'Felicitaciones por la atención'])[1 + s.h % 8] as subject,
          -- First answer: three in four within 3-18 s (the demo campaigns' service level is 20 s), the rest later.
          case when s.h % 4 = 0 then 25 + s.h % 280 else 3 + s.h % 16 end as answer_seconds,
          180 + (s.h / 7) % 2100 as handling_seconds,
          (select id from customers order by id offset (s.h % 40) limit 1) as customer_id,
          (select id from catalogue_entries where model = 'tipo-caso' order by id offset (s.h % 3) limit 1) as type_id
        from slots s
      ), tickets_in as (
        insert into tickets (description, campaign_id, channel_id, customer_id, assigned_user_id, status, priority,
          type_id, search_text, created_by, created_at, updated_at, opened_at, first_response_at, closed_at,
          last_message_at, last_message_preview, last_message_direction, last_message_sender)
        select subject, ${campaignId}, ${channelId}, customer_id, ${agentId}, 4, h % 3, type_id,
          lower(translate(subject, 'áéíóúñ', 'aeioun')), ${supervisor || null}, created,
          created + make_interval(secs => answer_seconds + handling_seconds),
          created + make_interval(secs => answer_seconds),
          created + make_interval(secs => answer_seconds),
          created + make_interval(secs => answer_seconds + handling_seconds),
          created + make_interval(secs => answer_seconds + 120),
          'Con gusto, quedó resuelto. ¡Feliz día!', 1, null
        from shaped where customer_id is not null
        returning id, customer_id, created_at, first_response_at, closed_at, description
      ), interactions_in as (
        insert into interactions (ticket_id, channel_id, customer_id, contact_value, created_at, last_message_at)
        select id, ${channelId}, customer_id, 'visitante-' || customer_id, created_at,
          first_response_at + interval '2 minutes'
        from tickets_in
        returning id, ticket_id, created_at
      ), messages_in as (
        insert into messages (interaction_id, ticket_id, channel_id, direction, body_html, body_text, author_id,
          delivery_status, created_at)
        select i.id, i.ticket_id, ${channelId}, m.direction, m.body, m.body,
          case when m.direction = 1 then ${agentId}::bigint end, case when m.direction = 1 then 3 end, m.at
        from interactions_in i
        join tickets_in t on t.id = i.ticket_id
        cross join lateral (values
          (0, t.description || '. ¿Me pueden ayudar, por favor?', t.created_at),
          (1, 'Hola, gracias por escribirnos. Ya revisamos su caso.', t.first_response_at),
          (0, 'Gracias, quedo atento.', t.first_response_at + interval '1 minute'),
          (1, 'Con gusto, quedó resuelto. ¡Feliz día!', t.first_response_at + interval '2 minutes')
        ) m(direction, body, at)
        returning 1
      )
      insert into ticket_tasks (ticket_id, author_id, "values", notes, created_at)
      select id, ${agentId}, jsonb_build_object('motivo', 'Información', 'resultado', 'Resuelto'),
        'Se atendió la solicitud del cliente.', closed_at - interval '1 minute'
      from tickets_in`);
  }

  // Each agent's working days: the periods of WORKDAY from 08:00, then disconnected until the next day's 08:00.
  const worked = WORKDAY.reduce((sum, period) => sum + period.minutes, 0);
  const periods = [{ status: 'D', minutes: DAY_MINUTES - worked }, ...WORKDAY];
  const statuses = `{${periods.map((period) => `"${period.status}"`).join(',')}}`;
  const minutes = `{${periods.map((period) => period.minutes).join(',')}}`;
  for (const [index, userId] of [agent, mfaAgent].entries()) {
    await tx.execute(sql`
      with plan as (
        select p.ordinality as position, p.status, m.minutes,
          sum(m.minutes) over (order by p.ordinality) - ${DAY_MINUTES - worked} as ends_after
        from unnest(${statuses}::text[]) with ordinality p(status, ordinality)
        join unnest(${minutes}::int[]) with ordinality m(minutes, ordinality) using (ordinality)
      )
      insert into agent_status_log (user_id, status, previous_status, duration_seconds, campaign_id, created_at)
      select ${userId}, coalesce(lead(plan.status) over (partition by d order by plan.position), 'D'), plan.status,
        plan.minutes * 60, ${work[index]?.campaignId ?? work[0].campaignId},
        ((${today}::date - d)::timestamp + interval '8 hours' + make_interval(mins => plan.ends_after::int))
          at time zone ${timeZone}
      from generate_series(1, ${days}) d cross join plan
      where extract(isodow from ${today}::date - d) < 6`);
  }
}
