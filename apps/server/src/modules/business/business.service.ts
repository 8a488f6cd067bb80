import { type Business, DEFAULT_THEME, THEME_COLORS, type ThemeColor } from '@atiende/contracts';
import type { Executor } from '../../platform/db/client.js';
import { type BusinessRow, businessRepo } from './business.repo.js';

const DEFAULT_NAME = 'Atiende';

function toTheme(value: string): ThemeColor {
  return (THEME_COLORS as readonly string[]).includes(value) ? (value as ThemeColor) : DEFAULT_THEME;
}

export function toBusinessView(row: BusinessRow | null): Business {
  return {
    id: row?.id ?? 0,
    nombre: row?.name ?? DEFAULT_NAME,
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
    },
  };
}

export const businessService = {
  async profile(db: Executor): Promise<Business> {
    return toBusinessView(await businessRepo.get(db));
  },

  /** Creates the business row once (first start). */
  async ensure(db: Executor, name = DEFAULT_NAME): Promise<BusinessRow> {
    return (await businessRepo.get(db)) ?? businessRepo.insert(db, { name });
  },
};
