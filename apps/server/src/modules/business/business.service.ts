import {
  type Business,
  DEFAULT_OPT_OUT_WORDS,
  DEFAULT_THEME,
  DEFAULT_TIME_ZONE,
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
  };
}

/** The profile as its audit compares it (the logo apart: it changes on its own). */
function auditSnapshot(row: BusinessRow): AuditSnapshot<'business'> {
  const { id: _id, logo: _logo, integraciones, ...profile } = toBusinessView(row);
  return {
    ...profile,
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
