import { z } from 'zod';
import { idSchema, instantSchema, listQuerySchema, namedRefSchema, personRefSchema } from '../admin/common.js';
import { named } from '../registry.js';
import { FIELD_TYPES } from '../structure/forms.constants.js';
import { multiLine, singleLine } from '../text.js';

/**
 * Question types: the dynamic forms' field types (catalogue `tipo-campo`), where `checkbox` is a choice of several
 * options, plus rating scales: CSAT (1..levels, 5 by default), NPS (0..10, fixed) and a generic rating (1..levels).
 */
export const SURVEY_QUESTION_TYPES = [...FIELD_TYPES, 'csat', 'nps', 'rating'] as const;
export type SurveyQuestionType = (typeof SURVEY_QUESTION_TYPES)[number];
/** Types answered by choosing among `options`. */
export const SURVEY_CHOICE_TYPES: readonly SurveyQuestionType[] = ['list', 'radio', 'checkbox', 'multilevel'];
/** Types answered on a numeric scale (`levels` says how many points; NPS has 0..10). */
export const SURVEY_SCALE_TYPES: readonly SurveyQuestionType[] = ['csat', 'nps', 'rating'];

/**
 * Spec section 3: unique (one answer per participant), multiple (every submission is kept), multiple replacing the
 * last (a participant's new submission replaces their previous one).
 */
export const SURVEY_RESPONSE_TYPES = ['unique', 'multiple', 'multipleReplaceLast'] as const;
export type SurveyResponseType = (typeof SURVEY_RESPONSE_TYPES)[number];
/** Expiration counted from the survey's creation or from each link's creation. */
export const SURVEY_EXPIRATION_FROM = ['survey', 'link'] as const;
export type SurveyExpirationFrom = (typeof SURVEY_EXPIRATION_FROM)[number];

export const SURVEY_LIMITS = { questions: 100, options: 200, textAnswer: 5000 } as const;

const hexColour = singleLine().regex(/^#[0-9a-fA-F]{6}$/, 'i18n:surveys.colourFormat');

// Recursive: the document names it (SurveyOptionBody) so that the tree can refer to itself.
export const surveyOptionSchema: z.ZodType<{ label: string; children?: { label: string; children?: unknown[] }[] }> =
  named(
    'SurveyOptionBody',
    z.lazy(() =>
      z.object({
        label: singleLine().min(1, 'i18n:surveys.optionRequired').max(200),
        children: z.array(surveyOptionSchema).max(SURVEY_LIMITS.options).optional(),
      }),
    ),
  ) as never;
export interface SurveyOption {
  label: string;
  children?: SurveyOption[];
}

export const surveyQuestionBodySchema = z
  .object({
    /** Stable within the survey (answers are kept by it): lowercase letters, digits and _. */
    key: singleLine().regex(/^[a-z][a-z0-9_]{0,39}$/, 'i18n:surveys.questionKey'),
    label: singleLine().min(1, 'i18n:surveys.labelRequired').max(300),
    description: multiLine().trim().max(1000).default(''),
    type: z.enum(SURVEY_QUESTION_TYPES),
    order: z.number().int().min(0).max(1000).default(0),
    required: z.boolean().default(false),
    defaultValue: multiLine().max(500).nullish(),
    options: z.array(surveyOptionSchema).max(SURVEY_LIMITS.options).default([]),
    /** Points of a CSAT or rating scale (NPS always has 11: 0..10). */
    levels: z.number().int().min(2).max(10).nullish(),
  })
  .refine((question) => !SURVEY_CHOICE_TYPES.includes(question.type) || question.options.length > 0, {
    path: ['options'],
    message: 'i18n:surveys.optionsRequired',
  });
export type SurveyQuestionBody = z.output<typeof surveyQuestionBodySchema>;
export type SurveyQuestionInput = z.input<typeof surveyQuestionBodySchema>;

export const surveyBodySchema = z
  .object({
    name: singleLine().min(2).max(120),
    description: multiLine().trim().max(2000).default(''),
    confirmationMessage: multiLine().trim().max(1000).default(''),
    primaryColor: hexColour.default('#1565c0'),
    displayBusinessLogo: z.boolean().default(true),
    businessLogoHeight: z.number().int().min(16).max(200).default(48),
    /** Days a link answers; 0: it never expires. */
    expirationDays: z.number().int().min(0).max(3650).default(0),
    expirationFrom: z.enum(SURVEY_EXPIRATION_FROM).default('link'),
    responseType: z.enum(SURVEY_RESPONSE_TYPES).default('unique'),
    enabled: z.boolean().default(true),
    questions: z.array(surveyQuestionBodySchema).min(1, 'i18n:surveys.questionsRequired').max(SURVEY_LIMITS.questions),
  })
  .refine((survey) => new Set(survey.questions.map((question) => question.key)).size === survey.questions.length, {
    path: ['questions'],
    message: 'i18n:surveys.duplicateKey',
  });
export type SurveyBody = z.output<typeof surveyBodySchema>;
export type SurveyInput = z.input<typeof surveyBodySchema>;

export const surveyQuestionSchema = z.object({
  key: z.string(),
  label: z.string(),
  description: z.string(),
  type: z.enum(SURVEY_QUESTION_TYPES),
  order: z.number().int(),
  required: z.boolean(),
  defaultValue: z.string().nullable(),
  options: z.array(z.object({ label: z.string(), children: z.array(z.unknown()).optional() })),
  levels: z.number().int().nullable(),
});
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;

export const surveySchema = named(
  'Survey',
  z.object({
    id: idSchema,
    name: z.string(),
    description: z.string(),
    confirmationMessage: z.string(),
    primaryColor: z.string(),
    displayBusinessLogo: z.boolean(),
    businessLogoHeight: z.number().int(),
    expirationDays: z.number().int(),
    expirationFrom: z.enum(SURVEY_EXPIRATION_FROM),
    responseType: z.enum(SURVEY_RESPONSE_TYPES),
    enabled: z.boolean(),
    /** Ordered by `order`. */
    questions: z.array(surveyQuestionSchema),
    /** The survey's general link (anyone with it may answer). */
    publicUrl: z.string(),
    /** The campaigns that send it when a ticket closes. */
    campaigns: z.array(namedRefSchema),
    responses: z.number().int(),
    createdBy: personRefSchema.nullable(),
    createdAt: instantSchema,
    updatedAt: instantSchema,
  }),
);
export type Survey = z.infer<typeof surveySchema>;

export const surveyListItemSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string(),
  responseType: z.enum(SURVEY_RESPONSE_TYPES),
  enabled: z.boolean(),
  questions: z.number().int(),
  responses: z.number().int(),
  lastResponseAt: instantSchema.nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type SurveyListItem = z.infer<typeof surveyListItemSchema>;

export const surveyListQuerySchema = listQuerySchema(['name', 'createdAt', 'id'], 'name').extend({
  enabled: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});

/** A personal link: for one customer, optionally about one ticket (its answers are theirs). */
export const surveyLinkBodySchema = z
  .object({
    customerId: z.number().int().positive().nullish(),
    ticketId: z.number().int().positive().nullish(),
  })
  .refine((body) => body.customerId || body.ticketId, { path: ['customerId'], message: 'i18n:surveys.linkTarget' });
export type SurveyLinkBody = z.output<typeof surveyLinkBodySchema>;

export const surveyLinkSchema = z.object({
  id: idSchema,
  url: z.string(),
  customer: namedRefSchema.nullable(),
  ticketId: idSchema.nullable(),
  expiresAt: instantSchema.nullable(),
  createdAt: instantSchema,
});
export type SurveyLink = z.infer<typeof surveyLinkSchema>;

/** One answer: text, a number (scales, number fields), a list of chosen options (checkbox), or nothing. */
export const surveyAnswerValueSchema = z.union([
  multiLine().max(SURVEY_LIMITS.textAnswer),
  z.number(),
  z.array(singleLine().max(600)).max(SURVEY_LIMITS.options),
  z.null(),
]);
export type SurveyAnswerValue = z.infer<typeof surveyAnswerValueSchema>;

/** A submission: answers by question key (checked against the questions on the server). */
export const surveySubmissionSchema = z.object({
  answers: z.record(singleLine().max(40), surveyAnswerValueSchema),
});
export type SurveySubmission = z.output<typeof surveySubmissionSchema>;

/** Results: filters of the analysis, the participants' list and the report. */
export const surveyResultsQuerySchema = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** general: answers through the survey's general link; personal: through customers' or tickets' links. */
  source: z.enum(['all', 'general', 'personal']).default('all'),
  campaignId: z.coerce.number().int().positive().optional(),
});
export type SurveyResultsQuery = z.output<typeof surveyResultsQuerySchema>;

export const surveyParticipantsQuerySchema = surveyResultsQuerySchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  sizePerPage: z.coerce.number().int().min(1).max(200).default(20),
});

const countOf = z.object({ label: z.string(), count: z.number().int() });

export const surveyQuestionAnalysisSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(SURVEY_QUESTION_TYPES),
  /** Responses that answered it. */
  answered: z.number().int(),
  skipped: z.number().int(),
  /** Choices and scales: how many chose each option or point (every option or point, in order, zeros included). */
  distribution: z.array(countOf),
  /** Numbers and scales. */
  average: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** CSAT: share (0..100) of answers in the top two points. */
  satisfaction: z.number().nullable(),
  /** NPS: promoters (9-10), passives (7-8), detractors (0-6) and the score (promoters% - detractors%). */
  nps: z
    .object({
      promoters: z.number().int(),
      passives: z.number().int(),
      detractors: z.number().int(),
      score: z.number(),
    })
    .nullable(),
  /** Free text: the newest answers (up to 20). */
  latest: z.array(z.object({ value: z.string(), at: instantSchema })),
});
export type SurveyQuestionAnalysis = z.infer<typeof surveyQuestionAnalysisSchema>;

export const surveyAnalysisSchema = named(
  'SurveyAnalysis',
  z.object({
    responses: z.number().int(),
    /** Distinct participants (a personal link, or a browser on the general link). */
    participants: z.number().int(),
    /** Personal links created in the period, and how many of them were answered. */
    linksSent: z.number().int(),
    linksAnswered: z.number().int(),
    firstResponseAt: instantSchema.nullable(),
    lastResponseAt: instantSchema.nullable(),
    /** Responses per day (the business's time zone). */
    perDay: z.array(z.object({ date: z.iso.date(), count: z.number().int() })),
    questions: z.array(surveyQuestionAnalysisSchema),
  }),
);
export type SurveyAnalysis = z.infer<typeof surveyAnalysisSchema>;

export const surveyParticipantSchema = z.object({
  responseId: idSchema,
  /** The customer of a personal link; null on the general link. */
  customer: namedRefSchema.nullable(),
  ticketId: idSchema.nullable(),
  source: z.enum(['general', 'personal']),
  submittedAt: instantSchema,
  answers: z.record(z.string(), surveyAnswerValueSchema),
});
export type SurveyParticipant = z.infer<typeof surveyParticipantSchema>;

/** What the public page of a link shows: the survey and, where it may answer again, the participant's own answers. */
export const publicSurveySchema = z.object({
  name: z.string(),
  description: z.string(),
  primaryColor: z.string(),
  logoUrl: z.string().nullable(),
  logoHeight: z.number().int(),
  responseType: z.enum(SURVEY_RESPONSE_TYPES),
  questions: z.array(surveyQuestionSchema),
  /** This participant's previous answers (multiple replacing the last), never anyone else's. */
  previous: z.record(z.string(), surveyAnswerValueSchema).nullable(),
  /** Unique surveys already answered by this participant. */
  answered: z.boolean(),
  expiresAt: instantSchema.nullable(),
});
export type PublicSurvey = z.infer<typeof publicSurveySchema>;
