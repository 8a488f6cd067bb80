import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { cappedCount, pageOf } from '../../platform/db/paging.js';
import { escapeLike } from '../../platform/text.js';
import { business } from '../business/business.schema.js';
import { campaigns } from '../campaigns/campaigns.schema.js';
import { channels } from '../channels/channels.schema.js';
import { customers } from '../customers/customers.schema.js';
import { tickets } from '../tickets/tickets.schema.js';
import { users } from '../users/users.schema.js';
import { messageTemplateCampaigns, messageTemplates } from './templates.schema.js';

export type TemplateRow = typeof messageTemplates.$inferSelect;
export type TemplateValues = Omit<typeof messageTemplates.$inferInsert, 'id'>;

export interface TemplateListFilter {
  page: number;
  sizePerPage: number;
  sortName: 'name' | 'createdAt' | 'id';
  sortOrder: 'asc' | 'desc';
  /** Already lower-cased and without accents (platform/text.ts `searchable`). */
  search?: string;
  channelType?: string;
  campaignId?: number;
}

const SORT = { name: messageTemplates.name, createdAt: messageTemplates.createdAt, id: messageTemplates.id } as const;

// Accent folding in SQL (there is no unaccent extension): the letters of Spanish and Portuguese names, both cases,
// then lower() over what is left ASCII. Matches platform/text.ts `searchable` on the searched text.
const ACCENTED = 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuuncAAAAAAEEEEIIIIOOOOOUUUUNC';
const foldedName = sql`lower(translate(${messageTemplates.name}, ${ACCENTED}, ${PLAIN}))`;

/** Available to the campaign: to every campaign, or to this one among the chosen ones. */
function availableTo(campaignId: number): SQL {
  return sql`(${messageTemplates.allCampaigns} or exists (select 1 from message_template_campaigns mtc
    where mtc.template_id = ${messageTemplates.id} and mtc.campaign_id = ${campaignId}))`;
}

function whereOf(filter: Pick<TemplateListFilter, 'search' | 'channelType' | 'campaignId'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.search) conditions.push(sql`${foldedName} like ${`%${escapeLike(filter.search)}%`}`);
  if (filter.channelType) conditions.push(eq(messageTemplates.channelType, filter.channelType));
  if (filter.campaignId) conditions.push(availableTo(filter.campaignId));
  return conditions.length ? and(...conditions) : undefined;
}

/** What a template's variables are filled from, for one ticket. */
export interface TicketFillContext {
  ticketNumber: number;
  campaignId: number;
  campaignName: string;
  channelType: string | null;
  customer: {
    id: number;
    firstName: string;
    middleName: string | null;
    lastName: string;
    secondLastName: string | null;
    identificationNumber: string;
  };
}

export const templatesRepo = {
  async list(
    db: Executor,
    filter: TemplateListFilter,
  ): Promise<{ rows: TemplateRow[]; total: number; capped: boolean }> {
    const where = whereOf(filter);
    const column = SORT[filter.sortName];
    const dir = filter.sortOrder === 'desc' ? desc : asc;
    const { rows, ...counted } = await pageOf(
      db,
      filter,
      (window) =>
        db
          .select()
          .from(messageTemplates)
          .where(where)
          .orderBy(dir(column), dir(messageTemplates.id))
          .limit(window.limit)
          .offset(window.offset),
      () => cappedCount(db, messageTemplates, where),
    );
    return { rows, ...counted };
  },

  async find(db: Executor, id: number): Promise<TemplateRow | null> {
    const [row] = await db.select().from(messageTemplates).where(eq(messageTemplates.id, id));
    return row ?? null;
  },

  async lock(db: Executor, id: number): Promise<TemplateRow | null> {
    const [row] = await db.select().from(messageTemplates).where(eq(messageTemplates.id, id)).for('update');
    return row ?? null;
  },

  async insert(db: Executor, values: TemplateValues): Promise<number> {
    const [row] = await db.insert(messageTemplates).values(values).returning({ id: messageTemplates.id });
    return row.id;
  },

  async update(db: Executor, id: number, values: Partial<TemplateValues>): Promise<void> {
    await db
      .update(messageTemplates)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(messageTemplates.id, id));
  },

  async replaceCampaigns(db: Executor, templateId: number, campaignIds: readonly number[]): Promise<void> {
    await db.delete(messageTemplateCampaigns).where(eq(messageTemplateCampaigns.templateId, templateId));
    if (campaignIds.length === 0) return;
    await db.insert(messageTemplateCampaigns).values(campaignIds.map((campaignId) => ({ templateId, campaignId })));
  },

  /** The chosen campaigns of many templates in one query, by name. */
  async campaignsOf(db: Executor, templateIds: readonly number[]) {
    const byTemplate = new Map<number, { id: number; name: string }[]>();
    if (templateIds.length === 0) return byTemplate;
    const rows = await db
      .select({ templateId: messageTemplateCampaigns.templateId, id: campaigns.id, name: campaigns.name })
      .from(messageTemplateCampaigns)
      .innerJoin(campaigns, eq(campaigns.id, messageTemplateCampaigns.campaignId))
      .where(inArray(messageTemplateCampaigns.templateId, [...templateIds]))
      .orderBy(campaigns.name, campaigns.id);
    for (const row of rows) {
      const list = byTemplate.get(row.templateId) ?? [];
      list.push({ id: row.id, name: row.name });
      byTemplate.set(row.templateId, list);
    }
    return byTemplate;
  },

  async existingCampaignIds(db: Executor, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(inArray(campaigns.id, [...ids]));
    return rows.map((row) => row.id);
  },

  /**
   * Enabled templates a ticket may use: available to its campaign, and written for its channel's type or for any
   * channel (a ticket without a channel gets only the latter). By name, at most `limit`.
   */
  async offered(
    db: Executor,
    filter: { campaignId: number; channelType: string | null; limit: number },
  ): Promise<TemplateRow[]> {
    const channel = filter.channelType
      ? sql`(${messageTemplates.channelType} is null or ${messageTemplates.channelType} = ${filter.channelType})`
      : sql`${messageTemplates.channelType} is null`;
    return db
      .select()
      .from(messageTemplates)
      .where(and(eq(messageTemplates.enabled, true), availableTo(filter.campaignId), channel))
      .orderBy(asc(messageTemplates.name), asc(messageTemplates.id))
      .limit(filter.limit);
  },

  /** One template if it is enabled and offered to the campaign and channel type (what `offered` would list). */
  async offeredOne(
    db: Executor,
    filter: { templateId: number; campaignId: number; channelType: string | null },
  ): Promise<TemplateRow | null> {
    const channel = filter.channelType
      ? sql`(${messageTemplates.channelType} is null or ${messageTemplates.channelType} = ${filter.channelType})`
      : sql`${messageTemplates.channelType} is null`;
    const [row] = await db
      .select()
      .from(messageTemplates)
      .where(
        and(
          eq(messageTemplates.id, filter.templateId),
          eq(messageTemplates.enabled, true),
          availableTo(filter.campaignId),
          channel,
        ),
      );
    return row ?? null;
  },

  /** The ticket's number, campaign, channel type and customer, in one query. */
  async fillContext(db: Executor, ticketId: number): Promise<TicketFillContext | null> {
    const [row] = await db
      .select({
        ticketNumber: tickets.number,
        campaignId: campaigns.id,
        campaignName: campaigns.name,
        channelType: channels.type,
        customer: {
          id: customers.id,
          firstName: customers.firstName,
          middleName: customers.middleName,
          lastName: customers.lastName,
          secondLastName: customers.secondLastName,
          identificationNumber: customers.identificationNumber,
        },
      })
      .from(tickets)
      .innerJoin(campaigns, eq(campaigns.id, tickets.campaignId))
      .innerJoin(customers, eq(customers.id, tickets.customerId))
      .leftJoin(channels, eq(channels.id, tickets.channelId))
      .where(eq(tickets.id, ticketId));
    return row ?? null;
  },

  async userName(db: Executor, userId: number): Promise<string | null> {
    const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
    return row?.name ?? null;
  },

  async businessName(db: Executor): Promise<string | null> {
    const [row] = await db.select({ name: business.name }).from(business).orderBy(business.id).limit(1);
    return row?.name ?? null;
  },
};
