import { z } from 'zod';
import { idSchema, optionalText } from './admin/common.js';
import { THEME_COLORS } from './constants.js';
import { named } from './registry.js';
import { multiLine, singleLine, singleLineRule } from './text.js';

export const businessIntegrationSchema = z.object({
  id: idSchema,
  nombre: z.string(),
  icono: z.string(),
  ruta: z.string(),
  url: z.string(),
  roles: z.array(z.string()),
});
export type BusinessIntegration = z.infer<typeof businessIntegrationSchema>;

/** The business's time zone until an administrator sets its own (the product's first market is Colombia). */
export const DEFAULT_TIME_ZONE = 'America/Bogota';

/** An IANA time zone name the runtime knows (America/Bogota, Europe/Madrid, UTC). */
export const timeZoneSchema = singleLine()
  .min(1)
  .max(60)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'i18n:business.timeZoneInvalid' },
  );

export const businessConfigurationSchema = z.object({
  sound_notifications: z.boolean(),
  internal_chat: z.boolean(),
  navbar_logo_display: z.boolean(),
  navbar_logo_size: z.number().int(),
  webrtc_enabled: z.boolean(),
  janus_enabled: z.boolean(),
  mfa: z.boolean(),
  inactivity_timeout: z.number().int(),
  /** Everyone who works tickets gets the header's global search (holders of busqueda-avanzada always do). */
  advanced_search: z.boolean(),
  /** The business's IANA time zone: dates in exports and reports are written in it. */
  time_zone: z.string(),
  /** A customer whose whole message is one of these words (any case, accents aside) is never messaged in bulk again. */
  opt_out_words: z.array(z.string()),
});
export type BusinessConfiguration = z.infer<typeof businessConfigurationSchema>;

/** The business profile as `GET /api/v2/empresa` answers it. */
export const businessSchema = named(
  'Business',
  z.object({
    id: idSchema,
    nombre: z.string(),
    identificationType: z.string().nullable(),
    identificationNumber: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    phone: z.string().nullable(),
    contactName: z.string().nullable(),
    contactPhone: z.string().nullable(),
    contactEmail: z.string().nullable(),
    logo: z.string().nullable(),
    theme: z.enum(THEME_COLORS),
    integraciones: z.array(businessIntegrationSchema),
    configuracion: businessConfigurationSchema,
    /** Dialogflow for the bots' dialog flow nodes: whether a key is stored and whose (never the key). */
    dialogflow: z.object({
      configured: z.boolean(),
      projectId: z.string().nullable(),
      clientEmail: z.string().nullable(),
      apiBaseUrl: z.string().nullable(),
    }),
  }),
);
export type Business = z.infer<typeof businessSchema>;

/** A Google service account's JSON key, as Google Cloud's console downloads it (the fields Atiende uses). */
export const dialogflowServiceAccountSchema = z.looseObject({
  type: z.literal('service_account', { message: 'i18n:business.dialogflowKeyInvalid' }),
  project_id: z.string().regex(/^[a-z][a-z0-9-]{4,61}[a-z0-9]$/, { message: 'i18n:business.dialogflowKeyInvalid' }),
  client_email: z.email({ message: 'i18n:business.dialogflowKeyInvalid' }).max(254),
  private_key: z.string().min(100).max(10_000),
  token_uri: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .default('https://oauth2.googleapis.com/token'),
});
export type DialogflowServiceAccount = z.output<typeof dialogflowServiceAccountSchema>;

/**
 * The bots' Dialogflow settings (`PUT /empresa/dialogflow`): the service account's JSON key is write-only — left out
 * or empty keeps the stored one, `remove` deletes it; `apiBaseUrl` names a regional endpoint (else Google's global).
 */
export const dialogflowSettingsBodySchema = z.object({
  credentials: multiLine().trim().max(20_000).optional(),
  remove: z.boolean().default(false),
  apiBaseUrl: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .check(singleLineRule)
    .nullish()
    .or(z.literal('').transform(() => null)),
});
export type DialogflowSettingsBody = z.output<typeof dialogflowSettingsBodySchema>;

/** Integration routes live under /app/{ruta}: a lowercase slug that cannot shadow a built-in page. */
export const integrationSchema = z.object({
  id: z.number().int().positive().optional(),
  nombre: singleLine().min(1).max(80),
  icono: singleLine().min(1).max(40),
  ruta: singleLine().regex(/^[a-z0-9][a-z0-9-]{1,40}$/, { message: 'i18n:business.integrationRoute' }),
  url: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .check(singleLineRule),
  roles: z.array(singleLine().min(1).max(60)).min(1).max(20),
});

export const updateBusinessBodySchema = z.object({
  nombre: singleLine().min(2).max(200),
  identificationType: optionalText(40),
  identificationNumber: optionalText(60),
  address: optionalText(300),
  city: optionalText(120),
  phone: optionalText(40),
  contactName: optionalText(200),
  contactPhone: optionalText(40),
  contactEmail: z
    .email()
    .max(254)
    .nullish()
    .or(z.literal('').transform(() => null)),
  theme: z.enum(THEME_COLORS),
  integraciones: z.array(integrationSchema).max(30),
  configuracion: z.object({
    sound_notifications: z.boolean(),
    internal_chat: z.boolean(),
    navbar_logo_display: z.boolean(),
    navbar_logo_size: z.number().int().min(16).max(120),
    webrtc_enabled: z.boolean(),
    janus_enabled: z.boolean(),
    mfa: z.boolean(),
    inactivity_timeout: z.number().int().min(1).max(72),
    /** Left out: unchanged. */
    advanced_search: z.boolean().optional(),
    /** Left out: unchanged. */
    time_zone: timeZoneSchema.optional(),
    /** Left out: unchanged. */
    opt_out_words: z
      .array(singleLine().trim().min(1).max(30, { message: 'i18n:business.optOutWordTooLong' }))
      .max(20, { message: 'i18n:business.optOutWordsTooMany' })
      .optional(),
  }),
});
export type UpdateBusinessBody = z.input<typeof updateBusinessBodySchema>;

/** Built-in first segments of /app paths that an integration route may not take. */
export const RESERVED_APP_ROUTES = [
  'tickets',
  'customers',
  'users',
  'channels',
  'campaigns',
  'entities',
  'profile',
  'forbidden',
  'pages',
  'page-list',
  'permissions-manager',
  'business-profile',
  'credentials-api',
  'supervision',
  'reports',
  'templates',
  'knowledge-base',
  'configuration',
] as const;
