import type { SurveyAnswerValue, SurveyQuestion, SurveyResponseType } from '@atiende/contracts';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { cappedCount, exactCount, pageOf } from '../../platform/db/paging.js';
import { escapeLike, searchable } from '../../platform/text.js';
import type { AnswerRow } from './surveys.answers.js';
import { surveyAnswers, surveyLinks, surveyResponses, surveys } from './surveys.schema.js';

export type SurveyRow = typeof surveys.$inferSelect;
export type SurveyValues = Omit<typeof surveys.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'createdBy'>;

export interface LinkRow {
  id: number;
  surveyId: number;
  token: string;
  kind: 'general' | 'personal';
  customerId: number | null;
  customerName: string | null;
  ticketId: number | null;
  campaignId: number | null;
  createdAt: Date;
}

/** What the analysis, the participants and the report filter on (dates are the business's calendar days). */
export interface ResultsFilter {
  from?: string;
  to?: string;
  source: 'all' | 'general' | 'personal';
  campaignId?: number;
  timeZone: string;
}

const ACCENTED = 'áàâäãåéèêëíìîïóòôöõúùûüñçýÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇÝ';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuuncyAAAAAAEEEEIIIIOOOOOUUUUNCY';

const customerName = (id: SQL) =>
  sql<string | null>`(select concat_ws(' ', c.first_name, c.middle_name, c.last_name, c.second_last_name)
    from customers c where c.id = ${id})`;

const linkColumns = {
  id: surveyLinks.id,
  surveyId: surveyLinks.surveyId,
  token: surveyLinks.token,
  kind: sql<'general' | 'personal'>`${surveyLinks.kind}`,
  customerId: surveyLinks.customerId,
  customerName: customerName(sql.raw('survey_links.customer_id')),
  ticketId: surveyLinks.ticketId,
  campaignId: surveyLinks.campaignId,
  createdAt: surveyLinks.createdAt,
};

/** Responses of a survey within the filter (uses survey_responses' (survey, submitted_at) or (survey, campaign) index). */
function responsesWhere(surveyId: number, filter: ResultsFilter, alias = 'r'): SQL {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  const parts: SQL[] = [sql`${column('survey_id')} = ${surveyId}`];
  if (filter.from) {
    parts.push(sql`${column('submitted_at')} >= (${filter.from}::date)::timestamp at time zone ${filter.timeZone}`);
  }
  if (filter.to) {
    parts.push(sql`${column('submitted_at')} < (${filter.to}::date + 1)::timestamp at time zone ${filter.timeZone}`);
  }
  if (filter.source !== 'all') parts.push(sql`${column('source')} = ${filter.source}`);
  if (filter.campaignId) parts.push(sql`${column('campaign_id')} = ${filter.campaignId}`);
  return sql.join(parts, sql` and `);
}

export const surveysRepo = {
  async list(
    db: Executor,
    request: {
      page: number;
      sizePerPage: number;
      sortName: string;
      sortOrder: 'asc' | 'desc';
      search?: string;
      enabled?: boolean;
    },
  ) {
    const conditions: SQL[] = [];
    if (request.search) {
      conditions.push(
        sql`lower(translate(${surveys.name}, ${ACCENTED}, ${PLAIN})) like ${`%${escapeLike(searchable(request.search))}%`}`,
      );
    }
    if (request.enabled !== undefined) conditions.push(eq(surveys.enabled, request.enabled));
    const where = conditions.length ? and(...conditions) : undefined;
    const column =
      request.sortName === 'createdAt' ? surveys.createdAt : request.sortName === 'id' ? surveys.id : surveys.name;
    const order = request.sortOrder === 'desc' ? desc : asc;
    return pageOf(
      db,
      request,
      (window) =>
        db
          .select({
            id: surveys.id,
            name: surveys.name,
            description: surveys.description,
            responseType: sql<SurveyResponseType>`${surveys.responseType}`,
            enabled: surveys.enabled,
            questions: sql<number>`jsonb_array_length(${surveys.questions})::int`,
            responses: sql<number>`(select count(*)::int from survey_responses r where r.survey_id = surveys.id)`,
            lastResponseAt: sql<Date | null>`(select max(r.submitted_at) from survey_responses r
              where r.survey_id = surveys.id)`.mapWith((value) => (value ? new Date(value) : null)),
            createdAt: surveys.createdAt,
            updatedAt: surveys.updatedAt,
          })
          .from(surveys)
          .where(where)
          .orderBy(order(column), order(surveys.id))
          .limit(window.limit)
          .offset(window.offset),
      () => exactCount(db, surveys, where),
    );
  },

  async find(db: Executor, id: number) {
    const [row] = await db
      .select({
        survey: surveys,
        createdByName: sql<string | null>`(select u.name from users u where u.id = surveys.created_by)`,
        responses: sql<number>`(select count(*)::int from survey_responses r where r.survey_id = surveys.id)`,
        generalToken: sql<string>`(select l.token from survey_links l
          where l.survey_id = surveys.id and l.kind = 'general')`,
      })
      .from(surveys)
      .where(eq(surveys.id, id));
    return row ?? null;
  },

  async exists(db: Executor, id: number): Promise<boolean> {
    const rows = await db.select({ id: surveys.id }).from(surveys).where(eq(surveys.id, id));
    return rows.length > 0;
  },

  /** Campaigns whose configuration sends this survey when a ticket closes. */
  async campaignsOf(db: Executor, id: number): Promise<{ id: number; name: string }[]> {
    const result = await db.execute<{ id: string; name: string }>(sql`
      select id, name from campaigns where config ->> 'surveyId' = ${String(id)} order by name, id`);
    return result.rows.map((row) => ({ id: Number(row.id), name: row.name }));
  },

  async lock(db: Executor, id: number): Promise<SurveyRow | null> {
    const [row] = await db.select().from(surveys).where(eq(surveys.id, id)).for('update');
    return row ?? null;
  },

  async insert(db: Executor, values: SurveyValues & { createdBy: number | null }): Promise<number> {
    const [row] = await db.insert(surveys).values(values).returning({ id: surveys.id });
    return row.id;
  },

  async update(db: Executor, id: number, values: SurveyValues): Promise<void> {
    await db
      .update(surveys)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(surveys.id, id));
  },

  // Links -------------------------------------------------------------------------------------------------------

  async insertLink(
    db: Executor,
    values: {
      surveyId: number;
      token: string;
      kind: 'general' | 'personal';
      customerId?: number | null;
      ticketId?: number | null;
      campaignId?: number | null;
      sentOnClose?: boolean;
      createdBy?: number | null;
    },
  ): Promise<number | null> {
    const rows = await db.insert(surveyLinks).values(values).onConflictDoNothing().returning({ id: surveyLinks.id });
    return rows[0]?.id ?? null;
  },

  async link(db: Executor, id: number): Promise<LinkRow | null> {
    const [row] = await db.select(linkColumns).from(surveyLinks).where(eq(surveyLinks.id, id));
    return row ?? null;
  },

  /** A link by its whole token (the unique index), with its survey. */
  async byToken(db: Executor, token: string): Promise<{ link: LinkRow; survey: SurveyRow } | null> {
    const [row] = await db
      .select({ link: linkColumns, survey: surveys })
      .from(surveyLinks)
      .innerJoin(surveys, eq(surveys.id, surveyLinks.surveyId))
      .where(eq(surveyLinks.token, token));
    return row ?? null;
  },

  async listLinks(db: Executor, surveyId: number, request: { page: number; sizePerPage: number }) {
    const where = and(eq(surveyLinks.surveyId, surveyId), eq(surveyLinks.kind, 'personal'));
    return pageOf(
      db,
      request,
      (window) =>
        db
          .select(linkColumns)
          .from(surveyLinks)
          .where(where)
          .orderBy(desc(surveyLinks.createdAt), desc(surveyLinks.id))
          .limit(window.limit)
          .offset(window.offset),
      () => cappedCount(db, surveyLinks, where),
    );
  },

  async customerExists(db: Executor, id: number): Promise<boolean> {
    const result = await db.execute(sql`select 1 from customers where id = ${id}`);
    return result.rows.length > 0;
  },

  async ticketOf(db: Executor, id: number): Promise<{ customerId: number; campaignId: number } | null> {
    const result = await db.execute<{ customer_id: string; campaign_id: string }>(
      sql`select customer_id, campaign_id from tickets where id = ${id}`,
    );
    const row = result.rows[0];
    return row ? { customerId: Number(row.customer_id), campaignId: Number(row.campaign_id) } : null;
  },

  /** The close send: the ticket, its campaign's configuration and whether its link was already made. */
  async closeContext(db: Executor, ticketId: number) {
    const result = await db.execute<{ customer_id: string; campaign_id: string; config: Record<string, unknown> }>(sql`
      select t.customer_id, t.campaign_id, c.config from tickets t join campaigns c on c.id = t.campaign_id
      where t.id = ${ticketId}`);
    const row = result.rows[0];
    return row
      ? { customerId: Number(row.customer_id), campaignId: Number(row.campaign_id), config: row.config }
      : null;
  },

  async businessTimeZone(db: Executor): Promise<string | null> {
    const result = await db.execute<{ time_zone: string }>(sql`select time_zone from business order by id limit 1`);
    return result.rows[0]?.time_zone ?? null;
  },

  async businessLogo(db: Executor): Promise<{ name: string; logoPath: string | null } | null> {
    const result = await db.execute<{ name: string; logo_path: string | null }>(
      sql`select name, logo_path from business order by id limit 1`,
    );
    const row = result.rows[0];
    return row ? { name: row.name, logoPath: row.logo_path } : null;
  },

  // Responses ---------------------------------------------------------------------------------------------------

  /** Serialises one participant's submissions (unique, replace-last) until the transaction ends. */
  async lockParticipant(tx: Executor, surveyId: number, participant: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`survey:${surveyId}:${participant}`}, 0))`);
  },

  async latestOf(
    db: Executor,
    surveyId: number,
    participant: string,
  ): Promise<{ id: number; answers: Record<string, SurveyAnswerValue> } | null> {
    const [row] = await db
      .select({ id: surveyResponses.id, answers: surveyResponses.answers })
      .from(surveyResponses)
      .where(and(eq(surveyResponses.surveyId, surveyId), eq(surveyResponses.participant, participant)))
      .orderBy(desc(surveyResponses.submittedAt), desc(surveyResponses.id))
      .limit(1);
    return row ?? null;
  },

  async deleteResponsesOf(tx: Executor, surveyId: number, participant: string): Promise<void> {
    await tx
      .delete(surveyResponses)
      .where(and(eq(surveyResponses.surveyId, surveyId), eq(surveyResponses.participant, participant)));
  },

  async insertResponse(
    tx: Executor,
    values: {
      surveyId: number;
      linkId: number;
      participant: string;
      customerId: number | null;
      ticketId: number | null;
      campaignId: number | null;
      source: 'general' | 'personal';
      answers: Record<string, SurveyAnswerValue>;
      submittedAt?: Date;
    },
    rows: readonly AnswerRow[],
  ): Promise<number> {
    const [row] = await tx.insert(surveyResponses).values(values).returning({ id: surveyResponses.id });
    if (rows.length) {
      await tx
        .insert(surveyAnswers)
        .values(rows.map((answer) => ({ ...answer, responseId: row.id, surveyId: values.surveyId })));
    }
    return row.id;
  },

  // Results -----------------------------------------------------------------------------------------------------

  async totals(db: Executor, surveyId: number, filter: ResultsFilter) {
    const where = responsesWhere(surveyId, filter);
    const result = await db.execute<{
      responses: number;
      participants: number;
      first_at: Date | string | null;
      last_at: Date | string | null;
    }>(sql`
      select count(*)::int as responses, count(distinct r.participant)::int as participants,
             min(r.submitted_at) as first_at, max(r.submitted_at) as last_at
      from survey_responses r where ${where}`);
    const row = result.rows[0];
    const date = (value: Date | string | null) => (value ? new Date(value) : null);
    return {
      responses: row?.responses ?? 0,
      participants: row?.participants ?? 0,
      firstAt: date(row?.first_at ?? null),
      lastAt: date(row?.last_at ?? null),
    };
  },

  /** Personal links made in the period (by the same filters) and how many of them have a response. */
  async linkTotals(db: Executor, surveyId: number, filter: ResultsFilter) {
    if (filter.source === 'general') return { sent: 0, answered: 0 };
    const parts: SQL[] = [sql`l.survey_id = ${surveyId}`, sql`l.kind = 'personal'`];
    if (filter.from) parts.push(sql`l.created_at >= (${filter.from}::date)::timestamp at time zone ${filter.timeZone}`);
    if (filter.to) parts.push(sql`l.created_at < (${filter.to}::date + 1)::timestamp at time zone ${filter.timeZone}`);
    if (filter.campaignId) parts.push(sql`l.campaign_id = ${filter.campaignId}`);
    const result = await db.execute<{ sent: number; answered: number }>(sql`
      select count(*)::int as sent,
             count(*) filter (where exists (select 1 from survey_responses r where r.link_id = l.id))::int as answered
      from survey_links l where ${sql.join(parts, sql` and `)}`);
    return { sent: result.rows[0]?.sent ?? 0, answered: result.rows[0]?.answered ?? 0 };
  },

  async perDay(db: Executor, surveyId: number, filter: ResultsFilter): Promise<{ date: string; count: number }[]> {
    const result = await db.execute<{ day: string; count: number }>(sql`
      select to_char((r.submitted_at at time zone ${filter.timeZone})::date, 'YYYY-MM-DD') as day, count(*)::int as count
      from survey_responses r where ${responsesWhere(surveyId, filter)}
      group by 1 order by 1`);
    return result.rows.map((row) => ({ date: row.day, count: row.count }));
  },

  /** Per question: answers, and for numbers their average, minimum and maximum. */
  async questionStats(db: Executor, surveyId: number, filter: ResultsFilter) {
    const result = await db.execute<{
      key: string;
      answered: number;
      average: number | null;
      min: number | null;
      max: number | null;
    }>(sql`
      select a.question_key as key, count(*)::int as answered, avg(a.number_value)::float8 as average,
             min(a.number_value)::float8 as min, max(a.number_value)::float8 as max
      from survey_responses r join survey_answers a on a.response_id = r.id
      where ${responsesWhere(surveyId, filter)}
      group by a.question_key`);
    return new Map(result.rows.map((row) => [row.key, row]));
  },

  /** How many answers gave each point of the scale and number questions. */
  async numberCounts(db: Executor, surveyId: number, filter: ResultsFilter, keys: readonly string[]) {
    if (!keys.length) return [];
    const result = await db.execute<{ key: string; value: number; count: number }>(sql`
      select a.question_key as key, a.number_value::float8 as value, count(*)::int as count
      from survey_responses r join survey_answers a on a.response_id = r.id
      where ${responsesWhere(surveyId, filter)} and a.question_key = any(${sql.param([...keys])}::text[])
        and a.number_value is not null
      group by 1, 2`);
    return result.rows;
  },

  /**
   * How many answers chose each option: every chosen label of a checkbox question, the first level of a
   * multi-level path, the one label of a list or radio question.
   */
  async optionCounts(
    db: Executor,
    surveyId: number,
    filter: ResultsFilter,
    keys: readonly string[],
    severalKeys: readonly string[],
  ) {
    if (!keys.length) return [];
    const result = await db.execute<{ key: string; label: string; count: number }>(sql`
      select a.question_key as key, o.label, count(*)::int as count
      from survey_responses r join survey_answers a on a.response_id = r.id
      cross join lateral unnest(a.options) with ordinality as o(label, position)
      where ${responsesWhere(surveyId, filter)} and a.question_key = any(${sql.param([...keys])}::text[])
        and (o.position = 1 or a.question_key = any(${sql.param([...severalKeys])}::text[]))
      group by 1, 2`);
    return result.rows;
  },

  /** The newest text answers of each question (up to `limit` each). */
  async latestTexts(db: Executor, surveyId: number, filter: ResultsFilter, keys: readonly string[], limit = 20) {
    if (!keys.length) return [];
    const result = await db.execute<{ key: string; value: string; at: Date | string }>(sql`
      select key, value, at from (
        select a.question_key as key, a.text_value as value, r.submitted_at as at,
               row_number() over (partition by a.question_key order by r.submitted_at desc, r.id desc) as n
        from survey_responses r join survey_answers a on a.response_id = r.id
        where ${responsesWhere(surveyId, filter)} and a.question_key = any(${sql.param([...keys])}::text[])
          and a.text_value is not null
      ) newest where n <= ${limit} order by key, at desc`);
    return result.rows.map((row) => ({ ...row, at: new Date(row.at) }));
  },

  /** Responses newest first, a page at a time, with their customer's name. */
  async participants(
    db: Executor,
    surveyId: number,
    filter: ResultsFilter,
    request: { page: number; sizePerPage: number },
  ) {
    const where = responsesWhere(surveyId, filter, 'survey_responses');
    return pageOf(
      db,
      request,
      (window) =>
        db
          .select({
            id: surveyResponses.id,
            customerId: surveyResponses.customerId,
            customerName: customerName(sql.raw('survey_responses.customer_id')),
            ticketId: surveyResponses.ticketId,
            source: sql<'general' | 'personal'>`${surveyResponses.source}`,
            submittedAt: surveyResponses.submittedAt,
            answers: surveyResponses.answers,
          })
          .from(surveyResponses)
          .where(where)
          .orderBy(desc(surveyResponses.submittedAt), desc(surveyResponses.id))
          .limit(window.limit)
          .offset(window.offset),
      () => cappedCount(db, surveyResponses, where),
    );
  },

  /** Every response of the filter in the order they came, in batches (keyset on the id): the report's rows. */
  async *responseBatches(db: Executor, surveyId: number, filter: ResultsFilter, size = 500) {
    const where = responsesWhere(surveyId, filter, 'survey_responses');
    let after = 0;
    for (;;) {
      const rows = await db
        .select({
          id: surveyResponses.id,
          customerName: customerName(sql.raw('survey_responses.customer_id')),
          ticketId: surveyResponses.ticketId,
          source: sql<'general' | 'personal'>`${surveyResponses.source}`,
          submittedAt: surveyResponses.submittedAt,
          answers: surveyResponses.answers,
        })
        .from(surveyResponses)
        .where(and(where, sql`${surveyResponses.id} > ${after}`))
        .orderBy(asc(surveyResponses.id))
        .limit(size);
      if (rows.length) yield rows;
      if (rows.length < size) return;
      after = rows[rows.length - 1].id;
    }
  },

  /** Demo seeding: whether a survey of this name exists. */
  async idByName(db: Executor, name: string): Promise<number | null> {
    const [row] = await db.select({ id: surveys.id }).from(surveys).where(eq(surveys.name, name)).limit(1);
    return row?.id ?? null;
  },
};

export type QuestionList = SurveyQuestion[];
