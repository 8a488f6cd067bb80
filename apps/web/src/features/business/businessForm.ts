import type {
  Business,
  BusinessConfiguration,
  BusinessIntegration,
  ThemeColor,
  UpdateBusinessBody,
} from '@atiende/contracts';

export interface IntegrationRow extends Omit<BusinessIntegration, 'id'> {
  id?: number;
  /** Stable React key for new rows. */
  key: string;
}

export interface BusinessFormState {
  nombre: string;
  identificationType: string;
  identificationNumber: string;
  address: string;
  city: string;
  phone: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  theme: ThemeColor;
  configuracion: BusinessConfiguration;
  integraciones: IntegrationRow[];
}

export const CONFIG_SWITCHES = [
  'sound_notifications',
  'internal_chat',
  'navbar_logo_display',
  'webrtc_enabled',
  'janus_enabled',
  'mfa',
  'advanced_search',
] as const;

export const TEXT_FIELDS = [
  'identificationNumber',
  'address',
  'city',
  'phone',
  'contactName',
  'contactPhone',
  'contactEmail',
] as const;

let rowCounter = 0;
export const newRowKey = () => `row-${Date.now()}-${rowCounter++}`;

export function businessToForm(business: Business): BusinessFormState {
  return {
    nombre: business.nombre,
    identificationType: business.identificationType ?? '',
    identificationNumber: business.identificationNumber ?? '',
    address: business.address ?? '',
    city: business.city ?? '',
    phone: business.phone ?? '',
    contactName: business.contactName ?? '',
    contactPhone: business.contactPhone ?? '',
    contactEmail: business.contactEmail ?? '',
    theme: business.theme,
    configuracion: { ...business.configuracion },
    integraciones: business.integraciones.map((integration) => ({ ...integration, key: `id-${integration.id}` })),
  };
}

/** The PUT /empresa body: numbers as numbers, new integration rows without id, React keys dropped. */
export function formToBusinessBody(state: BusinessFormState): UpdateBusinessBody {
  return {
    nombre: state.nombre,
    identificationType: state.identificationType || null,
    identificationNumber: state.identificationNumber,
    address: state.address,
    city: state.city,
    phone: state.phone,
    contactName: state.contactName,
    contactPhone: state.contactPhone,
    contactEmail: state.contactEmail,
    theme: state.theme,
    configuracion: {
      ...state.configuracion,
      navbar_logo_size: Number(state.configuracion.navbar_logo_size),
      inactivity_timeout: Number(state.configuracion.inactivity_timeout),
    },
    integraciones: state.integraciones.map(({ key: _key, id, ...rest }) => (id ? { id, ...rest } : rest)),
  };
}
