import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

export interface IntegrationRecord {
  id: number;
  nombre: string;
  icono: string;
  ruta: string;
  url: string;
  roles: string[];
}

/** The business profile (empresa). One row: Atiende serves one business per installation. */
export const business = pgTable('business', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: varchar('name', { length: 200 }).notNull(),
  identificationType: varchar('identification_type', { length: 40 }),
  identificationNumber: varchar('identification_number', { length: 60 }),
  address: varchar('address', { length: 300 }),
  city: varchar('city', { length: 120 }),
  phone: varchar('phone', { length: 40 }),
  contactName: varchar('contact_name', { length: 200 }),
  contactPhone: varchar('contact_phone', { length: 40 }),
  contactEmail: varchar('contact_email', { length: 254 }),
  logoPath: varchar('logo_path', { length: 300 }),
  theme: varchar('theme', { length: 20 }).notNull().default('red'),
  integrations: jsonb('integrations').$type<IntegrationRecord[]>().notNull().default([]),
  soundNotifications: boolean('sound_notifications').notNull().default(true),
  internalChat: boolean('internal_chat').notNull().default(true),
  navbarLogoDisplay: boolean('navbar_logo_display').notNull().default(true),
  navbarLogoSize: integer('navbar_logo_size').notNull().default(32),
  webrtcEnabled: boolean('webrtc_enabled').notNull().default(false),
  janusEnabled: boolean('janus_enabled').notNull().default(false),
  mfaRequired: boolean('mfa_required').notNull().default(false),
  inactivityTimeoutHours: integer('inactivity_timeout_hours').notNull().default(2),
  advancedSearch: boolean('advanced_search').notNull().default(true),
  timeZone: varchar('time_zone', { length: 60 }).notNull().default('America/Bogota'),
  /** Words that opt a customer out of bulk messaging (docs/bulk-messaging.md). */
  optOutWords: jsonb('opt_out_words')
    .$type<string[]>()
    .notNull()
    .default(sql`'["STOP", "BAJA", "CANCELAR", "UNSUBSCRIBE"]'::jsonb`),
  /**
   * Dialogflow for the bots (modules/bots): the service account's key (a secret: never returned, never logged) and
   * the endpoint; null when not set.
   */
  dialogflow: jsonb('dialogflow').$type<{
    credentials: { projectId: string; clientEmail: string; privateKey: string; tokenUri: string };
    apiBaseUrl: string | null;
  } | null>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
