import { z } from 'zod';
import { optionalText } from './admin/common.js';
import { THEME_COLORS, type ThemeColor } from './constants.js';
import { singleLine, singleLineRule } from './text.js';

export interface BusinessIntegration {
  id: number;
  nombre: string;
  icono: string;
  ruta: string;
  url: string;
  roles: string[];
}

export interface BusinessConfiguration {
  sound_notifications: boolean;
  internal_chat: boolean;
  navbar_logo_display: boolean;
  navbar_logo_size: number;
  webrtc_enabled: boolean;
  janus_enabled: boolean;
  mfa: boolean;
  inactivity_timeout: number;
}

/** The business profile as `GET /api/v2/empresa` answers it. */
export interface Business {
  id: number;
  nombre: string;
  identificationType: string | null;
  identificationNumber: string | null;
  address: string | null;
  city: string | null;
  phone: string | null;
  contactName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  logo: string | null;
  theme: ThemeColor;
  integraciones: BusinessIntegration[];
  configuracion: BusinessConfiguration;
}

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
