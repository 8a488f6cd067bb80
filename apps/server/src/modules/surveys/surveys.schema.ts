import type { SurveyAnswerValue, SurveyQuestion } from '@atiende/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { campaigns } from '../campaigns/campaigns.schema.js';
import { customers } from '../customers/customers.schema.js';
import { tickets } from '../tickets/tickets.schema.js';
import { users } from '../users/users.schema.js';

/** Surveys (docs/surveys.md): settings and their questions (kept as one ordered list; answers refer to keys). */
export const surveys = pgTable(
  'surveys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 120 }).notNull(),
    description: text('description').notNull().default(''),
    confirmationMessage: text('confirmation_message').notNull().default(''),
    primaryColor: varchar('primary_color', { length: 7 }).notNull().default('#1565c0'),
    displayBusinessLogo: boolean('display_business_logo').notNull().default(true),
    businessLogoHeight: integer('business_logo_height').notNull().default(48),
    expirationDays: integer('expiration_days').notNull().default(0),
    expirationFrom: varchar('expiration_from', { length: 8 }).notNull().default('link'),
    responseType: varchar('response_type', { length: 24 }).notNull().default('unique'),
    enabled: boolean('enabled').notNull().default(true),
    questions: jsonb('questions').$type<SurveyQuestion[]>().notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('surveys_name_idx').on(table.name, table.id),
    check('surveys_expiration_from_check', sql`${table.expirationFrom} in ('survey', 'link')`),
    check('surveys_response_type_check', sql`${table.responseType} in ('unique', 'multiple', 'multipleReplaceLast')`),
  ],
);

/**
 * A survey's links: its one general link (kind `general`, anyone may answer) and personal links (kind `personal`,
 * for a customer and optionally a ticket). The token is random (192 bits, base64url) and looked up whole through
 * its unique index. `sent_on_close` marks the link sent when its ticket closed: one per ticket.
 */
export const surveyLinks = pgTable(
  'survey_links',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    surveyId: bigint('survey_id', { mode: 'number' })
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    token: varchar('token', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).references(() => customers.id, { onDelete: 'set null' }),
    ticketId: bigint('ticket_id', { mode: 'number' }).references(() => tickets.id, { onDelete: 'set null' }),
    /** The ticket's campaign when the link was made (the analysis' campaign filter). */
    campaignId: bigint('campaign_id', { mode: 'number' }).references(() => campaigns.id, { onDelete: 'set null' }),
    sentOnClose: boolean('sent_on_close').notNull().default(false),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('survey_links_token_idx').on(table.token),
    uniqueIndex('survey_links_general_idx').on(table.surveyId).where(sql`${table.kind} = 'general'`),
    uniqueIndex('survey_links_close_idx').on(table.ticketId).where(sql`${table.sentOnClose}`),
    index('survey_links_survey_created_idx').on(table.surveyId, table.createdAt, table.id),
    check('survey_links_kind_check', sql`${table.kind} in ('general', 'personal')`),
  ],
);

/**
 * Responses: one row per kept submission. `participant` is `link:<id>` on a personal link and `browser:<id>` (the
 * cookie's random id) on the general link. Customer, ticket and the ticket's campaign are copied from the link when
 * submitted, so the analysis filters without joins.
 */
export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    surveyId: bigint('survey_id', { mode: 'number' })
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    linkId: bigint('link_id', { mode: 'number' })
      .notNull()
      .references(() => surveyLinks.id, { onDelete: 'cascade' }),
    participant: varchar('participant', { length: 80 }).notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).references(() => customers.id, { onDelete: 'set null' }),
    ticketId: bigint('ticket_id', { mode: 'number' }).references(() => tickets.id, { onDelete: 'set null' }),
    campaignId: bigint('campaign_id', { mode: 'number' }).references(() => campaigns.id, { onDelete: 'set null' }),
    source: varchar('source', { length: 8 }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    answers: jsonb('answers').$type<Record<string, SurveyAnswerValue>>().notNull(),
  },
  (table) => [
    index('survey_responses_survey_submitted_idx').on(table.surveyId, table.submittedAt, table.id),
    index('survey_responses_participant_idx').on(table.surveyId, table.participant, table.submittedAt),
    index('survey_responses_link_idx').on(table.linkId),
    index('survey_responses_campaign_idx').on(table.surveyId, table.campaignId, table.submittedAt),
    check('survey_responses_source_check', sql`${table.source} in ('general', 'personal')`),
  ],
);

/**
 * Each answer of a response, normalised for the analysis (GROUP BY in SQL): the number of scales and number fields,
 * the text, the chosen options (a choice's label, a checkbox's labels, a multi-level path).
 */
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    responseId: bigint('response_id', { mode: 'number' })
      .notNull()
      .references(() => surveyResponses.id, { onDelete: 'cascade' }),
    surveyId: bigint('survey_id', { mode: 'number' }).notNull(),
    questionKey: varchar('question_key', { length: 40 }).notNull(),
    numberValue: doublePrecision('number_value'),
    textValue: text('text_value'),
    options: text('options').array(),
  },
  (table) => [
    primaryKey({ columns: [table.responseId, table.questionKey] }),
    index('survey_answers_question_idx').on(table.surveyId, table.questionKey, table.numberValue),
  ],
);
