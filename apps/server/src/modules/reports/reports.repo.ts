import { and, desc, eq, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Executor } from '../../platform/db/client.js';
import { generatedReports, programmedReports } from './reports.schema.js';

export type GeneratedReportRow = typeof generatedReports.$inferSelect;
export type ProgrammedReportRow = typeof programmedReports.$inferSelect;

const ids = (values: readonly number[]) => `{${values.join(',')}}`;
const dialect = new PgDialect();

export interface NamedOption {
  id: number;
  name: string;
  enabled: boolean;
}

export const reportsRepo = {
  /**
   * The campaigns a caller may report on: every one (`all`), those they supervise, or those they serve as agent
   * (`member`); disabled ones only when asked.
   */
  async campaignOptions(
    db: Executor,
    scope: { kind: 'all' } | { kind: 'supervisor' | 'member'; userId: number },
    includeDisabled: boolean,
  ): Promise<NamedOption[]> {
    const membership =
      scope.kind === 'all'
        ? sql`true`
        : scope.kind === 'supervisor'
          ? sql`exists (select 1 from campaign_supervisors s where s.campaign_id = c.id and s.user_id = ${scope.userId})`
          : sql`exists (select 1 from campaign_agent_channels a where a.campaign_id = c.id and a.user_id = ${scope.userId})`;
    const result = await db.execute<{ id: string; name: string; enabled: boolean }>(sql`
      select c.id, c.name, c.enabled from campaigns c
      where ${membership} ${includeDisabled ? sql`` : sql`and c.enabled`}
      order by c.name, c.id limit 1000`);
    return result.rows.map((row) => ({ id: Number(row.id), name: row.name, enabled: row.enabled }));
  },

  /** The agents (and supervisors) of the campaigns; disabled users only when asked. */
  async agentOptions(db: Executor, campaignIds: readonly number[], includeDisabled: boolean): Promise<NamedOption[]> {
    if (campaignIds.length === 0) return [];
    const result = await db.execute<{ id: string; name: string; enabled: boolean }>(sql`
      select u.id, u.name, u.enabled from users u
      where (exists (select 1 from campaign_agent_channels a where a.user_id = u.id
          and a.campaign_id = any(${ids(campaignIds)}::bigint[]))
        or exists (select 1 from campaign_supervisors s where s.user_id = u.id
          and s.campaign_id = any(${ids(campaignIds)}::bigint[])))
        ${includeDisabled ? sql`` : sql`and u.enabled`}
      order by u.name, u.id limit 2000`);
    return result.rows.map((row) => ({ id: Number(row.id), name: row.name, enabled: row.enabled }));
  },

  async insertGenerated(db: Executor, values: typeof generatedReports.$inferInsert): Promise<GeneratedReportRow> {
    const [row] = await db.insert(generatedReports).values(values).returning();
    return row;
  },

  async findGenerated(db: Executor, id: number): Promise<GeneratedReportRow | undefined> {
    const [row] = await db.select().from(generatedReports).where(eq(generatedReports.id, id));
    return row;
  },

  /** The caller's generated reports, newest first, after the keyset `before`. */
  async listGenerated(db: Executor, userId: number, before: number | undefined, limit: number) {
    return db
      .select()
      .from(generatedReports)
      .where(and(eq(generatedReports.createdBy, userId), before ? lt(generatedReports.id, before) : undefined) as SQL)
      .orderBy(desc(generatedReports.id))
      .limit(limit);
  },

  async updateGenerated(db: Executor, id: number, values: Partial<typeof generatedReports.$inferInsert>) {
    await db.update(generatedReports).set(values).where(eq(generatedReports.id, id));
  },

  /** Moves a report to `generating` unless it already left `created` (a retried job picks up a failed attempt). */
  async startGenerating(db: Executor, id: number): Promise<GeneratedReportRow | undefined> {
    const [row] = await db
      .update(generatedReports)
      .set({ status: 'generating', progress: 0, rowsWritten: 0, errorMessage: null })
      .where(and(eq(generatedReports.id, id), sql`${generatedReports.status} in ('created', 'generating')`))
      .returning();
    return row;
  },

  async deleteGenerated(db: Executor, id: number) {
    await db.delete(generatedReports).where(eq(generatedReports.id, id));
  },

  /** Files past their 30 days whose row still points at them (oldest first, a batch at a time). */
  async expired(db: Executor, now: Date, limit: number) {
    return db
      .select({ id: generatedReports.id, filePath: generatedReports.filePath })
      .from(generatedReports)
      .where(and(isNull(generatedReports.deletedAt), lte(generatedReports.expiresAt, now)))
      .orderBy(generatedReports.expiresAt)
      .limit(limit);
  },

  async markDeleted(db: Executor, id: number, at: Date) {
    await db.update(generatedReports).set({ deletedAt: at, filePath: null }).where(eq(generatedReports.id, id));
  },

  async insertProgrammed(db: Executor, values: typeof programmedReports.$inferInsert): Promise<ProgrammedReportRow> {
    const [row] = await db.insert(programmedReports).values(values).returning();
    return row;
  },

  async findProgrammed(db: Executor, id: number): Promise<ProgrammedReportRow | undefined> {
    const [row] = await db.select().from(programmedReports).where(eq(programmedReports.id, id));
    return row;
  },

  async listProgrammed(db: Executor, userId: number): Promise<ProgrammedReportRow[]> {
    return db
      .select()
      .from(programmedReports)
      .where(eq(programmedReports.createdBy, userId))
      .orderBy(desc(programmedReports.id))
      .limit(500);
  },

  async updateProgrammed(db: Executor, id: number, values: Partial<typeof programmedReports.$inferInsert>) {
    const [row] = await db.update(programmedReports).set(values).where(eq(programmedReports.id, id)).returning();
    return row;
  },

  async deleteProgrammed(db: Executor, id: number) {
    await db.delete(programmedReports).where(eq(programmedReports.id, id));
  },

  /** Due programmed reports, locked for this transaction (another node skips them). */
  async lockDue(tx: Executor, now: Date, limit: number): Promise<ProgrammedReportRow[]> {
    return tx
      .select()
      .from(programmedReports)
      .where(and(eq(programmedReports.enabled, true), lte(programmedReports.nextRunAt, now)))
      .orderBy(programmedReports.nextRunAt)
      .limit(limit)
      .for('update', { skipLocked: true });
  },

  /**
   * Reads a query's rows in batches through a server-side cursor, in one read-only repeatable-read transaction: a
   * report of millions of rows is one consistent snapshot and never more than a batch in memory.
   */
  async *cursor(pool: pg.Pool, query: SQL, batchSize: number): AsyncGenerator<Record<string, unknown>[]> {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const client = await pool.connect();
    let committed = false;
    try {
      await client.query('begin isolation level repeatable read read only');
      await client.query(`declare report_rows no scroll cursor for ${text}`, params);
      for (;;) {
        const { rows } = await client.query(`fetch ${batchSize} from report_rows`);
        if (rows.length === 0) break;
        yield rows;
        if (rows.length < batchSize) break;
      }
      await client.query('commit');
      committed = true;
    } finally {
      // A failure, or a consumer that stopped early (return()), leaves the transaction open: end it first.
      if (!committed) await client.query('rollback').catch(() => undefined);
      client.release();
    }
  },
};
