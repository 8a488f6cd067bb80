import { createPrivateKey } from 'node:crypto';
import {
  type Business,
  DEFAULT_OPT_OUT_WORDS,
  DEFAULT_THEME,
  DEFAULT_TIME_ZONE,
  type DialogflowSettingsBody,
  dialogflowServiceAccountSchema,
  REALTIME_EVENTS,
  RESERVED_APP_ROUTES,
  THEME_COLORS,
  type ThemeColor,
  type updateBusinessBodySchema,
} from '@atiende/contracts';
import type { z } from 'zod';
import { auditRepo } from '../../platform/audit/audit.repo.js';
import { type AuditSnapshot, diffForAudit } from '../../platform/audit/diff.js';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../platform/db/client.js';
import { errors } from '../../platform/http/errors.js';
import type { ImageUpload } from '../../platform/http/uploads.js';
import { type BusinessRow, businessRepo } from './business.repo.js';

const DEFAULT_NAME = 'Atiende';

function toTheme(value: string): ThemeColor {
  return (THEME_COLORS as readonly string[]).includes(value) ? (value as ThemeColor) : DEFAULT_THEME;
}

export function toBusinessView(row: BusinessRow | null): Business {
  return {
    id: row?.id ?? 0,
    nombre: row?.name ?? DEFAULT_NAME,
    identificationType: row?.identificationType ?? null,
    identificationNumber: row?.identificationNumber ?? null,
    address: row?.address ?? null,
    city: row?.city ?? null,
    phone: row?.phone ?? null,
    contactName: row?.contactName ?? null,
    contactPhone: row?.contactPhone ?? null,
    contactEmail: row?.contactEmail ?? null,
    logo: row?.logoPath ? `/api/v2/files/${row.logoPath}` : null,
    theme: toTheme(row?.theme ?? DEFAULT_THEME),
    integraciones: row?.integrations ?? [],
    configuracion: {
      sound_notifications: row?.soundNotifications ?? true,
      internal_chat: row?.internalChat ?? true,
      navbar_logo_display: row?.navbarLogoDisplay ?? true,
      navbar_logo_size: row?.navbarLogoSize ?? 32,
      webrtc_enabled: row?.webrtcEnabled ?? false,
      janus_enabled: row?.janusEnabled ?? false,
      mfa: row?.mfaRequired ?? false,
      inactivity_timeout: row?.inactivityTimeoutHours ?? 2,
      advanced_search: row?.advancedSearch ?? true,
      time_zone: row?.timeZone ?? DEFAULT_TIME_ZONE,
      opt_out_words: row?.optOutWords ?? [...DEFAULT_OPT_OUT_WORDS],
    },
    dialogflow: {
      configured: Boolean(row?.dialogflow),
      projectId: row?.dialogflow?.credentials.projectId ?? null,
      clientEmail: row?.dialogflow?.credentials.clientEmail ?? null,
      apiBaseUrl: row?.dialogflow?.apiBaseUrl ?? null,
    },
  };
}

/** The profile as its audit compares it (the logo apart: it changes on its own). */
function auditSnapshot(row: BusinessRow): AuditSnapshot<'business'> {
  const { id: _id, logo: _logo, integraciones, dialogflow, ...profile } = toBusinessView(row);
  return {
    ...profile,
    dialogflow: { projectId: dialogflow.projectId, apiBaseUrl: dialogflow.apiBaseUrl },
    integraciones: integraciones.map(({ id, nombre, icono, ruta, url, roles }) => ({
      id,
      name: nombre,
      icono,
      ruta,
      url,
      roles,
    })),
  };
}

/** A service account's JSON key, checked: its fields, and a private key that really loads. */
async function readServiceAccount(text: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw errors.invalidField('credentials', 'business.dialogflowKeyInvalid');
  }
  const account = dialogflowServiceAccountSchema.safeParse(parsed);
  if (!account.success) throw errors.invalidField('credentials', 'business.dialogflowKeyInvalid');
  try {
    createPrivateKey(account.data.private_key);
  } catch {
    throw errors.invalidField('credentials', 'business.dialogflowKeyInvalid');
  }
  return {
    projectId: account.data.project_id,
    clientEmail: account.data.client_email,
    privateKey: account.data.private_key,
    tokenUri: account.data.token_uri,
  };
}

/** Creates the business row once (first start). */
export async function ensureBusiness(db: Executor, name = DEFAULT_NAME): Promise<BusinessRow> {
  return (await businessRepo.get(db)) ?? businessRepo.insert(db, { name });
}

/** Integration routes must be unique and must not shadow a page of the app. */
function checkIntegrationRoutes(body: z.output<typeof updateBusinessBodySchema>): void {
  const seen = new Set<string>();
  body.integraciones.forEach((integration, index) => {
    if ((RESERVED_APP_ROUTES as readonly string[]).includes(integration.ruta)) {
      throw errors.invalidField(`integraciones.${index}.ruta`, 'business.integrationRouteReserved');
    }
    if (seen.has(integration.ruta)) {
      throw errors.invalidField(`integraciones.${index}.ruta`, 'business.integrationRouteDuplicate');
    }
    seen.add(integration.ruta);
  });
}

export function createBusinessService(ctx: AppContext) {
  const { db } = ctx;

  async function afterChange(): Promise<Business> {
    const view = toBusinessView(await businessRepo.get(db));
    ctx.realtime.toAll(REALTIME_EVENTS.businessChanged, { id: view.id });
    return view;
  }

  return {
    async profile(): Promise<Business> {
      return toBusinessView(await businessRepo.get(db));
    },

    async update(actorUserId: number, body: z.output<typeof updateBusinessBodySchema>) {
      checkIntegrationRoutes(body);
      await db.transaction(async (tx) => {
        const current = (await businessRepo.lock(tx)) ?? (await ensureBusiness(tx));
        const nextIntegrationId = Math.max(0, ...current.integrations.map((integration) => integration.id)) + 1;
        let counter = nextIntegrationId;
        const integrations = body.integraciones.map((integration) => ({
          ...integration,
          id: integration.id ?? counter++,
        }));
        const updated = await businessRepo.update(tx, current.id, {
          name: body.nombre,
          identificationType: body.identificationType,
          identificationNumber: body.identificationNumber,
          address: body.address,
          city: body.city,
          phone: body.phone,
          contactName: body.contactName,
          contactPhone: body.contactPhone,
          contactEmail: body.contactEmail ?? null,
          theme: body.theme,
          integrations,
          soundNotifications: body.configuracion.sound_notifications,
          internalChat: body.configuracion.internal_chat,
          navbarLogoDisplay: body.configuracion.navbar_logo_display,
          navbarLogoSize: body.configuracion.navbar_logo_size,
          webrtcEnabled: body.configuracion.webrtc_enabled,
          janusEnabled: body.configuracion.janus_enabled,
          mfaRequired: body.configuracion.mfa,
          inactivityTimeoutHours: body.configuracion.inactivity_timeout,
          ...(body.configuracion.advanced_search === undefined
            ? {}
            : { advancedSearch: body.configuracion.advanced_search }),
          ...(body.configuracion.time_zone === undefined ? {} : { timeZone: body.configuracion.time_zone }),
          ...(body.configuracion.opt_out_words === undefined
            ? {}
            : { optOutWords: [...new Set(body.configuracion.opt_out_words.map((word) => word.toUpperCase()))] }),
        });
        const changes = diffForAudit('business', auditSnapshot(current), auditSnapshot(updated));
        await auditRepo.record(tx, {
          actorUserId,
          entity: 'business',
          entityId: current.id,
          action: 'updated',
          changes,
        });
      });
      return afterChange();
    },

    /**
     * The bots' Dialogflow key (write-only: left out keeps it, `remove` deletes it) and endpoint. The key must be a
     * service account's, with a private key that loads; its token endpoint and the API pass the outbound policy.
     */
    async setDialogflow(actorUserId: number, body: DialogflowSettingsBody): Promise<Business> {
      let credentials: NonNullable<BusinessRow['dialogflow']>['credentials'] | null | undefined;
      if (body.remove) credentials = null;
      else if (body.credentials) credentials = await readServiceAccount(body.credentials);
      if (body.apiBaseUrl && (await ctx.outbound.checkUrl('dialogflow', body.apiBaseUrl))) {
        throw errors.invalidField('apiBaseUrl', 'business.dialogflowUrlRefused');
      }
      await db.transaction(async (tx) => {
        const current = (await businessRepo.lock(tx)) ?? (await ensureBusiness(tx));
        const kept = credentials === undefined ? (current.dialogflow?.credentials ?? null) : credentials;
        if (!kept && body.apiBaseUrl && !body.remove)
          throw errors.invalidField('credentials', 'business.dialogflowKeyRequired');
        const updated = await businessRepo.update(tx, current.id, {
          dialogflow: kept ? { credentials: kept, apiBaseUrl: body.apiBaseUrl ?? null } : null,
        });
        await auditRepo.record(tx, {
          actorUserId,
          entity: 'business',
          entityId: current.id,
          action: 'updated',
          changes: diffForAudit('business', auditSnapshot(current), auditSnapshot(updated)),
        });
      });
      return afterChange();
    },

    async replaceLogo(actorUserId: number, upload: ImageUpload): Promise<Business> {
      const storedPath = await ctx.storage.save('empresa', upload.extension, upload.content);
      const previous = await db.transaction(async (tx) => {
        const current = (await businessRepo.lock(tx)) ?? (await ensureBusiness(tx));
        await businessRepo.update(tx, current.id, { logoPath: storedPath });
        await auditRepo.record(tx, {
          actorUserId,
          entity: 'business',
          entityId: current.id,
          action: 'logo-changed',
          changes: diffForAudit('business', { logo: current.logoPath }, { logo: storedPath }),
        });
        return current.logoPath;
      });
      if (previous) await ctx.storage.remove(previous);
      return afterChange();
    },
  };
}

export type BusinessService = ReturnType<typeof createBusinessService>;
