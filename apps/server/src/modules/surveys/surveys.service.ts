import { randomBytes } from 'node:crypto';
import type { Writable } from 'node:stream';
import {
  CODES,
  campaignConfigSchema,
  DEFAULT_TIME_ZONE,
  type Locale,
  type Page,
  type PublicSurvey,
  SURVEY_CHOICE_TYPES,
  SURVEY_SCALE_TYPES,
  type Survey,
  type SurveyAnalysis,
  type SurveyAnswerValue,
  type SurveyBody,
  type SurveyLink,
  type SurveyLinkBody,
  type SurveyListItem,
  type SurveyParticipant,
  type SurveyQuestion,
  type SurveyQuestionAnalysis,
  type SurveyResultsQuery,
} from '@atiende/contracts';
import type { AuthContext } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { translate } from '../../platform/i18n/messages.js';
import type { JobName } from '../../platform/job-map.js';
import type { OutboundService } from '../interactions/outbound.service.js';
import { checkAnswers, scaleOf } from './surveys.answers.js';
import { type LinkRow, type ResultsFilter, type SurveyRow, surveysRepo } from './surveys.repo.js';
import { writeSurveyReport } from './surveys.report.js';

/** The public page of a link: `${publicUrl}/s/<token>`. */
export const SURVEY_PAGE_PATH = '/s';
export const SURVEY_CLOSE_QUEUE = 'surveys.close' satisfies JobName;
/** What a campaign's survey message holds where the link goes. */
export const SURVEY_LINK_PLACEHOLDER = '{{encuesta.enlace}}';

/** A link's token: 192 random bits, URL-safe. */
export const newSurveyToken = () => randomBytes(24).toString('base64url');

/** Question types whose answers are text (their newest answers are listed). */
const TEXT_TYPES: readonly string[] = ['text', 'textarea', 'email', 'phone', 'date', 'time', 'datetime'];
const DAY_MS = 86_400_000;
const round = (value: number) => Math.round(value * 100) / 100;
const iso = (date: Date) => date.toISOString();

/**
 * The browser of a general-link participant: its random id lives in a cookie per survey (the routes read and set
 * it). `get` answers the id the browser sent; `assign` gives the browser one and answers it.
 */
export interface BrowserIdentity {
  get(surveyId: number): string | null;
  assign(surveyId: number): string;
}

/** The stored questions from a body: ordered by `order` (stable), every field present. */
export function questionsOf(body: SurveyBody): SurveyQuestion[] {
  return body.questions
    .map((question) => ({
      key: question.key,
      label: question.label,
      description: question.description,
      type: question.type,
      order: question.order,
      required: question.required,
      defaultValue: question.defaultValue ?? null,
      options: question.options,
      levels: question.type === 'nps' ? null : (question.levels ?? (question.type === 'csat' ? 5 : null)),
    }))
    .sort((a, b) => a.order - b.order);
}

/** A survey's stored columns from what its editor sent. */
export function surveyColumns(body: SurveyBody) {
  return {
    name: body.name,
    description: body.description,
    confirmationMessage: body.confirmationMessage,
    primaryColor: body.primaryColor,
    displayBusinessLogo: body.displayBusinessLogo,
    businessLogoHeight: body.businessLogoHeight,
    expirationDays: body.expirationDays,
    expirationFrom: body.expirationFrom,
    responseType: body.responseType,
    enabled: body.enabled,
    questions: questionsOf(body),
  };
}

/** When a link stops taking answers: never (0 days), else days after the survey's or the link's creation. */
export function expiresAtOf(
  survey: Pick<SurveyRow, 'expirationDays' | 'expirationFrom' | 'createdAt'>,
  link: Pick<LinkRow, 'kind' | 'createdAt'>,
): Date | null {
  if (survey.expirationDays <= 0) return null;
  const from = survey.expirationFrom === 'survey' || link.kind === 'general' ? survey.createdAt : link.createdAt;
  return new Date(from.getTime() + survey.expirationDays * DAY_MS);
}

/** The campaign's survey message with the link in place of the placeholder (appended when it has none). */
export function surveyMessageWith(message: string, url: string): string {
  const text = message.trim();
  if (text.includes(SURVEY_LINK_PLACEHOLDER)) return text.split(SURVEY_LINK_PLACEHOLDER).join(url);
  return text ? `${text} ${url}` : url;
}

const surveyErrors = {
  expired: () => new AppError(410, 'SURVEY.EXPIRED', 'surveys.expired'),
  answered: () => new AppError(409, 'SURVEY.ANSWERED', 'surveys.alreadyAnswered'),
};

export function createSurveysService(ctx: AppContext, outbound: OutboundService) {
  const { db } = ctx;
  const urlOf = (token: string) => `${ctx.config.publicUrl}${SURVEY_PAGE_PATH}/${token}`;

  async function timeZone(): Promise<string> {
    return (await surveysRepo.businessTimeZone(db)) ?? DEFAULT_TIME_ZONE;
  }

  async function filterOf(query: SurveyResultsQuery): Promise<ResultsFilter> {
    return {
      from: query.from,
      to: query.to,
      source: query.source,
      campaignId: query.campaignId,
      timeZone: await timeZone(),
    };
  }

  async function existing(id: number): Promise<SurveyRow> {
    const found = await surveysRepo.find(db, id);
    if (!found) throw errors.notFound();
    return found.survey;
  }

  function toLink(survey: SurveyRow, link: LinkRow): SurveyLink {
    const expiresAt = expiresAtOf(survey, link);
    return {
      id: link.id,
      url: urlOf(link.token),
      customer: link.customerId ? { id: link.customerId, name: link.customerName ?? '' } : null,
      ticketId: link.ticketId,
      expiresAt: expiresAt ? iso(expiresAt) : null,
      createdAt: iso(link.createdAt),
    };
  }

  /** A link that takes answers: its survey enabled (404 otherwise) and not expired (410). */
  async function openLink(token: string, now = new Date()) {
    const found = await surveysRepo.byToken(db, token);
    if (!found?.survey.enabled) throw errors.notFound();
    const expiresAt = expiresAtOf(found.survey, found.link);
    if (expiresAt && expiresAt <= now) throw surveyErrors.expired();
    return { ...found, expiresAt };
  }

  const participantOf = (link: LinkRow, browser: BrowserIdentity, assign: boolean): string | null => {
    if (link.kind === 'personal') return `link:${link.id}`;
    const id = browser.get(link.surveyId) ?? (assign ? browser.assign(link.surveyId) : null);
    return id ? `browser:${id}` : null;
  };

  return {
    async list(request: {
      page: number;
      sizePerPage: number;
      sortName: string;
      sortOrder: 'asc' | 'desc';
      searchText?: string;
      enabled?: boolean;
    }): Promise<Page<SurveyListItem> & { totalCapped: boolean }> {
      const { rows, total } = await surveysRepo.list(db, { ...request, search: request.searchText });
      return {
        data: rows.map((row) => ({
          ...row,
          lastResponseAt: row.lastResponseAt ? iso(row.lastResponseAt) : null,
          createdAt: iso(row.createdAt),
          updatedAt: iso(row.updatedAt),
        })),
        total,
        totalCapped: false,
        page: request.page,
        sizePerPage: request.sizePerPage,
      };
    },

    async get(id: number): Promise<Survey> {
      const found = await surveysRepo.find(db, id);
      if (!found) throw errors.notFound();
      const { survey } = found;
      return {
        id: survey.id,
        name: survey.name,
        description: survey.description,
        confirmationMessage: survey.confirmationMessage,
        primaryColor: survey.primaryColor,
        displayBusinessLogo: survey.displayBusinessLogo,
        businessLogoHeight: survey.businessLogoHeight,
        expirationDays: survey.expirationDays,
        expirationFrom: survey.expirationFrom as Survey['expirationFrom'],
        responseType: survey.responseType as Survey['responseType'],
        enabled: survey.enabled,
        questions: survey.questions,
        publicUrl: urlOf(found.generalToken),
        campaigns: await surveysRepo.campaignsOf(db, id),
        responses: found.responses,
        createdBy: survey.createdBy ? { id: survey.createdBy, nombre: found.createdByName ?? '' } : null,
        createdAt: iso(survey.createdAt),
        updatedAt: iso(survey.updatedAt),
      };
    },

    async create(actor: AuthContext, body: SurveyBody): Promise<Survey> {
      const id = await db.transaction(async (tx) => {
        const created = await surveysRepo.insert(tx, { ...surveyColumns(body), createdBy: actor.userId });
        await surveysRepo.insertLink(tx, { surveyId: created, token: newSurveyToken(), kind: 'general' });
        return created;
      });
      return this.get(id);
    },

    /** Question keys are stable: answers stay stored by key; a removed question is no longer analysed. */
    async update(_actor: AuthContext, id: number, body: SurveyBody): Promise<Survey> {
      await db.transaction(async (tx) => {
        if (!(await surveysRepo.lock(tx, id))) throw errors.notFound();
        await surveysRepo.update(tx, id, surveyColumns(body));
      });
      return this.get(id);
    },

    async links(id: number, request: { page: number; sizePerPage: number }) {
      const survey = await existing(id);
      const { rows, total, capped } = await surveysRepo.listLinks(db, id, request);
      return {
        data: rows.map((row) => toLink(survey, row)),
        total,
        totalCapped: capped,
        page: request.page,
        sizePerPage: request.sizePerPage,
      };
    },

    /** A personal link for a customer, or for a ticket (whose customer it then is). */
    async createLink(actor: AuthContext, id: number, body: SurveyLinkBody): Promise<SurveyLink> {
      const survey = await existing(id);
      let customerId = body.customerId ?? null;
      let campaignId: number | null = null;
      if (body.ticketId) {
        const ticket = await surveysRepo.ticketOf(db, body.ticketId);
        if (!ticket) throw errors.invalidField('ticketId', 'surveys.unknownTicket');
        customerId = ticket.customerId;
        campaignId = ticket.campaignId;
      } else if (!customerId || !(await surveysRepo.customerExists(db, customerId))) {
        throw errors.invalidField('customerId', 'surveys.unknownCustomer');
      }
      const linkId = (await surveysRepo.insertLink(db, {
        surveyId: id,
        token: newSurveyToken(),
        kind: 'personal',
        customerId,
        ticketId: body.ticketId ?? null,
        campaignId,
        createdBy: actor.userId,
      })) as number;
      return toLink(survey, (await surveysRepo.link(db, linkId)) as LinkRow);
    },

    // The public side --------------------------------------------------------------------------------------------

    /** What a link's page shows; the participant's own previous answers only where they may replace them. */
    async publicView(token: string, browser: BrowserIdentity): Promise<PublicSurvey & { surveyId: number }> {
      const { link, survey, expiresAt } = await openLink(token);
      const participant = participantOf(link, browser, false);
      const mayReplace = survey.responseType === 'multipleReplaceLast';
      const latest =
        participant && (mayReplace || survey.responseType === 'unique')
          ? await surveysRepo.latestOf(db, survey.id, participant)
          : null;
      const logo = survey.displayBusinessLogo ? await surveysRepo.businessLogo(db) : null;
      return {
        surveyId: survey.id,
        name: survey.name,
        description: survey.description,
        primaryColor: survey.primaryColor,
        logoUrl: logo?.logoPath ? `/api/v2/files/${logo.logoPath}` : null,
        logoHeight: survey.businessLogoHeight,
        responseType: survey.responseType as PublicSurvey['responseType'],
        questions: survey.questions,
        previous: mayReplace && latest ? latest.answers : null,
        answered: survey.responseType === 'unique' && latest !== null,
        expiresAt: expiresAt ? iso(expiresAt) : null,
      };
    },

    /**
     * A submission through a link: checked against the questions (422 with each field's message), then kept by the
     * survey's response type — unique refuses a second one (409), multiple keeps every one, replace-last keeps only
     * the newest of the participant. Answers the confirmation message.
     */
    async submit(
      token: string,
      browser: BrowserIdentity,
      submitted: Record<string, SurveyAnswerValue>,
      locale: Locale,
    ): Promise<{ confirmationMessage: string }> {
      const { link, survey } = await openLink(token);
      const checked = checkAnswers(survey.questions, submitted);
      if (checked.errors.length) {
        throw new AppError(422, CODES.VALIDATION, 'errors.validation', {}, checked.errors);
      }
      const participant = participantOf(link, browser, true) as string;
      await db.transaction(async (tx) => {
        await surveysRepo.lockParticipant(tx, survey.id, participant);
        if (survey.responseType === 'unique' && (await surveysRepo.latestOf(tx, survey.id, participant))) {
          throw surveyErrors.answered();
        }
        if (survey.responseType === 'multipleReplaceLast') {
          await surveysRepo.deleteResponsesOf(tx, survey.id, participant);
        }
        await surveysRepo.insertResponse(
          tx,
          {
            surveyId: survey.id,
            linkId: link.id,
            participant,
            customerId: link.customerId,
            ticketId: link.ticketId,
            campaignId: link.campaignId,
            source: link.kind,
            answers: checked.answers,
          },
          checked.rows,
        );
      });
      return { confirmationMessage: survey.confirmationMessage.trim() || translate(locale, 'surveys.thanks') };
    },

    /** Whether the page may show the survey: the refusal the JSON route would answer, as a status and message. */
    publicErrors: surveyErrors,

    // Results ----------------------------------------------------------------------------------------------------

    async analysis(id: number, query: SurveyResultsQuery): Promise<SurveyAnalysis> {
      const survey = await existing(id);
      const filter = await filterOf(query);
      const questions = survey.questions;
      const keysOf = (test: (question: SurveyQuestion) => boolean) =>
        questions.filter(test).map((question) => question.key);
      const numberKeys = keysOf((question) => SURVEY_SCALE_TYPES.includes(question.type));
      const choiceKeys = keysOf((question) => SURVEY_CHOICE_TYPES.includes(question.type));
      const severalKeys = keysOf((question) => question.type === 'checkbox');
      const textKeys = keysOf((question) => TEXT_TYPES.includes(question.type));
      const [totals, links, perDay, stats, points, chosen, texts] = await Promise.all([
        surveysRepo.totals(db, id, filter),
        surveysRepo.linkTotals(db, id, filter),
        surveysRepo.perDay(db, id, filter),
        surveysRepo.questionStats(db, id, filter),
        surveysRepo.numberCounts(db, id, filter, numberKeys),
        surveysRepo.optionCounts(db, id, filter, choiceKeys, severalKeys),
        surveysRepo.latestTexts(db, id, filter, textKeys),
      ]);
      const analysed: SurveyQuestionAnalysis[] = questions.map((question) => {
        const stat = stats.get(question.key);
        const answered = stat?.answered ?? 0;
        const numeric = question.type === 'number' || SURVEY_SCALE_TYPES.includes(question.type);
        const scale = scaleOf(question);
        let distribution: { label: string; count: number }[] = [];
        if (scale) {
          const counts = new Map(points.filter((row) => row.key === question.key).map((row) => [row.value, row.count]));
          for (let point = scale.min; point <= scale.max; point += 1) {
            distribution.push({ label: String(point), count: counts.get(point) ?? 0 });
          }
        } else if (SURVEY_CHOICE_TYPES.includes(question.type)) {
          const counts = new Map(chosen.filter((row) => row.key === question.key).map((row) => [row.label, row.count]));
          distribution = question.options.map((option) => ({
            label: option.label,
            count: counts.get(option.label) ?? 0,
          }));
          // Answers given under options since renamed or removed are still counted, after the current ones.
          const current = new Set(question.options.map((option) => option.label));
          for (const [label, count] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
            if (!current.has(label)) distribution.push({ label, count });
          }
        }
        const countWhere = (test: (point: number) => boolean) =>
          distribution.reduce((sum, entry) => sum + (test(Number(entry.label)) ? entry.count : 0), 0);
        const satisfaction =
          question.type === 'csat' && scale && answered > 0
            ? round((countWhere((point) => point >= scale.max - 1) / answered) * 100)
            : null;
        let nps: SurveyQuestionAnalysis['nps'] = null;
        if (question.type === 'nps' && answered > 0) {
          const promoters = countWhere((point) => point >= 9);
          const passives = countWhere((point) => point === 7 || point === 8);
          const detractors = countWhere((point) => point <= 6);
          nps = { promoters, passives, detractors, score: round(((promoters - detractors) / answered) * 100) };
        }
        return {
          key: question.key,
          label: question.label,
          type: question.type,
          answered,
          skipped: Math.max(0, totals.responses - answered),
          distribution,
          average: numeric && stat?.average != null ? round(stat.average) : null,
          min: numeric ? (stat?.min ?? null) : null,
          max: numeric ? (stat?.max ?? null) : null,
          satisfaction,
          nps,
          latest: texts.filter((row) => row.key === question.key).map((row) => ({ value: row.value, at: iso(row.at) })),
        };
      });
      return {
        responses: totals.responses,
        participants: totals.participants,
        linksSent: links.sent,
        linksAnswered: links.answered,
        firstResponseAt: totals.firstAt ? iso(totals.firstAt) : null,
        lastResponseAt: totals.lastAt ? iso(totals.lastAt) : null,
        perDay,
        questions: analysed,
      };
    },

    async participants(
      id: number,
      query: SurveyResultsQuery & { page: number; sizePerPage: number },
    ): Promise<Page<SurveyParticipant> & { totalCapped: boolean }> {
      await existing(id);
      const { rows, total, capped } = await surveysRepo.participants(db, id, await filterOf(query), query);
      return {
        data: rows.map((row) => ({
          responseId: row.id,
          customer: row.customerId ? { id: row.customerId, name: row.customerName ?? '' } : null,
          ticketId: row.ticketId,
          source: row.source,
          submittedAt: iso(row.submittedAt),
          answers: row.answers,
        })),
        total,
        totalCapped: capped,
        page: query.page,
        sizePerPage: query.sizePerPage,
      };
    },

    /** Checks the survey exists before a download starts (its headers go out first). */
    async name(id: number): Promise<string> {
      return (await existing(id)).name;
    },

    /** The xlsx report: the analysis per question, then every response with a column per question. */
    async report(id: number, query: SurveyResultsQuery, output: Writable, locale: Locale): Promise<void> {
      const survey = await existing(id);
      const filter = await filterOf(query);
      const analysis = await this.analysis(id, query);
      await writeSurveyReport({
        output,
        locale,
        timeZone: filter.timeZone,
        questions: survey.questions,
        analysis,
        batches: surveysRepo.responseBatches(db, id, filter),
      });
    },

    // The survey of a closed ticket ---------------------------------------------------------------------------------

    /** After a ticket closed: queue the survey send when its campaign has an enabled survey (never fails the close). */
    async ticketClosed(ticketId: number): Promise<void> {
      const context = await surveysRepo.closeContext(db, ticketId);
      const surveyId = context ? campaignConfigSchema.safeParse(context.config).data?.surveyId : null;
      if (surveyId) await ctx.jobs.send(SURVEY_CLOSE_QUEUE, { ticketId });
    },

    /**
     * The `surveys.close` job: a personal link for the ticket's customer and ticket, made once per ticket, and the
     * campaign's survey message with it on the ticket's latest conversation — link and message in one transaction,
     * so a retry sends nothing twice. A conversation the channel no longer takes (Meta's window) sends nothing.
     */
    async sendOnClose(ticketId: number): Promise<boolean> {
      const context = await surveysRepo.closeContext(db, ticketId);
      if (!context) return false;
      const config = campaignConfigSchema.safeParse(context.config).data;
      if (!config?.surveyId) return false;
      const found = await surveysRepo.find(db, config.surveyId);
      if (!found?.survey.enabled) return false;
      const token = newSurveyToken();
      try {
        return await outbound.sendAutomaticOnce(ticketId, async (tx) => {
          const linkId = await surveysRepo.insertLink(tx, {
            surveyId: found.survey.id,
            token,
            kind: 'personal',
            customerId: context.customerId,
            ticketId,
            campaignId: context.campaignId,
            sentOnClose: true,
          });
          return linkId ? surveyMessageWith(config.surveyMessage, urlOf(token)) : null;
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'MESSAGE.WINDOW_CLOSED') {
          ctx.logger.info({ ticketId }, 'survey not sent: the conversation’s reply window is closed');
          return false;
        }
        throw error;
      }
    },
  };
}

export type SurveysService = ReturnType<typeof createSurveysService>;
