import type { ThemeColor } from './constants.js';

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
  logo: string | null;
  theme: ThemeColor;
  integraciones: BusinessIntegration[];
  configuracion: BusinessConfiguration;
}
