import type { CatalogueModel } from '@atiende/contracts';
import type { Executor } from '../../platform/db/client.js';
import { cataloguesRepo } from './catalogues.repo.js';

interface SeedEntry {
  code: string;
  name: string;
  abbr?: string;
  color?: string;
  kanban?: boolean;
  sortOrder?: number;
}

/** The spec's twelve channel types, in its order (codes 1-12 are stable ids for the rest of the product). */
const CHANNEL_TYPES = [
  'Telefonía',
  'USSD',
  'SMS',
  'Correo electrónico',
  'Twitter',
  'Facebook',
  'WhatsApp',
  'Sitio web',
  'Chat web',
  'Instagram',
  'Presencial',
  'Telegram',
];

const CONTACT_INFO_TYPES = [
  'Teléfono fijo',
  'Celular',
  'Dirección',
  'Correo electrónico',
  'Facebook',
  'Twitter',
  'Instagram',
  'Telegram',
  'WhatsApp',
  'Sitio web',
  'LinkedIn',
  'Otro',
];

const IDENTIFICATION_TYPES: [string, string][] = [
  ['CC', 'Cédula de ciudadanía'],
  ['CE', 'Cédula de extranjería'],
  ['TI', 'Tarjeta de identidad'],
  ['PA', 'Pasaporte'],
  ['NIT', 'Número de identificación tributaria'],
  ['DNI', 'Documento nacional de identidad'],
  ['RUT', 'Rol único tributario'],
  ['RFC', 'Registro federal de contribuyentes'],
  ['CURP', 'Clave única de registro de población'],
  ['OTRO', 'Otro documento'],
];

const FIELD_TYPES: [string, string][] = [
  ['text', 'Texto'],
  ['textarea', 'Texto largo'],
  ['number', 'Número'],
  ['date', 'Fecha'],
  ['time', 'Hora'],
  ['datetime', 'Fecha y hora'],
  ['list', 'Lista'],
  ['multilevel', 'Lista multinivel'],
  ['checkbox', 'Casilla de verificación'],
  ['radio', 'Opción única'],
  ['email', 'Correo electrónico'],
  ['phone', 'Teléfono'],
];

const TICKET_TYPES = ['Petición', 'Queja', 'Reclamo', 'Sugerencia', 'Consulta', 'Soporte técnico', 'Felicitación'];

const SKILLS = ['Ventas', 'Soporte técnico', 'Cobranza', 'Servicio al cliente', 'Inglés', 'Portugués'];

const CUSTOMER_LABELS: SeedEntry[] = [
  { code: 'nuevo', name: 'Nuevo', color: '#1e88e5', kanban: true, sortOrder: 1 },
  { code: 'interesado', name: 'Interesado', color: '#fb8c00', kanban: true, sortOrder: 2 },
  { code: 'cliente', name: 'Cliente', color: '#43a047', kanban: true, sortOrder: 3 },
  { code: 'vip', name: 'VIP', color: '#8e24aa', kanban: true, sortOrder: 4 },
  { code: 'inactivo', name: 'Inactivo', color: '#757575', kanban: false, sortOrder: 5 },
];

/** Countries (ISO 3166 alpha-2) with their main cities. */
const COUNTRIES: Record<string, { name: string; cities: string[] }> = {
  CO: {
    name: 'Colombia',
    cities: ['Bogotá', 'Medellín', 'Cali', 'Barranquilla', 'Cartagena', 'Bucaramanga', 'Pereira'],
  },
  MX: { name: 'México', cities: ['Ciudad de México', 'Guadalajara', 'Monterrey', 'Puebla', 'Tijuana', 'Mérida'] },
  AR: { name: 'Argentina', cities: ['Buenos Aires', 'Córdoba', 'Rosario', 'Mendoza', 'La Plata'] },
  CL: { name: 'Chile', cities: ['Santiago', 'Valparaíso', 'Concepción', 'Antofagasta'] },
  PE: { name: 'Perú', cities: ['Lima', 'Arequipa', 'Trujillo', 'Cusco'] },
  EC: { name: 'Ecuador', cities: ['Quito', 'Guayaquil', 'Cuenca'] },
  VE: { name: 'Venezuela', cities: ['Caracas', 'Maracaibo', 'Valencia'] },
  UY: { name: 'Uruguay', cities: ['Montevideo', 'Salto'] },
  PY: { name: 'Paraguay', cities: ['Asunción', 'Ciudad del Este'] },
  BO: { name: 'Bolivia', cities: ['La Paz', 'Santa Cruz de la Sierra', 'Cochabamba'] },
  PA: { name: 'Panamá', cities: ['Ciudad de Panamá', 'Colón'] },
  CR: { name: 'Costa Rica', cities: ['San José', 'Alajuela'] },
  GT: { name: 'Guatemala', cities: ['Ciudad de Guatemala', 'Quetzaltenango'] },
  DO: { name: 'República Dominicana', cities: ['Santo Domingo', 'Santiago de los Caballeros'] },
  ES: { name: 'España', cities: ['Madrid', 'Barcelona', 'Valencia', 'Sevilla', 'Bilbao'] },
  US: { name: 'Estados Unidos', cities: ['Nueva York', 'Los Ángeles', 'Miami', 'Chicago', 'Houston'] },
  BR: { name: 'Brasil', cities: ['São Paulo', 'Río de Janeiro', 'Brasilia'] },
};

const slug = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const SEEDS: Partial<Record<CatalogueModel, SeedEntry[]>> = {
  'tipo-canal': CHANNEL_TYPES.map((name, index) => ({ code: String(index + 1), name, sortOrder: index + 1 })),
  'tipo-dato-contacto': CONTACT_INFO_TYPES.map((name, index) => ({
    code: String(index + 1),
    name,
    sortOrder: index + 1,
  })),
  'tipo-documento': IDENTIFICATION_TYPES.map(([abbr, name]) => ({ code: abbr, abbr, name })),
  'tipo-campo': FIELD_TYPES.map(([code, name]) => ({ code, name })),
  'tipo-caso': TICKET_TYPES.map((name) => ({ code: slug(name), name })),
  skill: SKILLS.map((name) => ({ code: slug(name), name })),
  'customer-label': CUSTOMER_LABELS,
  pais: Object.entries(COUNTRIES).map(([code, country]) => ({ code, abbr: code, name: country.name })),
};

/**
 * Reference data every installation starts with. A model is seeded only while it is empty, so entries that
 * administrators edit or disable stay as they left them.
 */
export async function seedCatalogues(db: Executor): Promise<void> {
  for (const [model, entries] of Object.entries(SEEDS) as [CatalogueModel, SeedEntry[]][]) {
    if ((await cataloguesRepo.countByModel(db, model)) > 0) continue;
    for (const entry of entries) {
      await cataloguesRepo.insert(db, model, {
        code: entry.code,
        name: entry.name,
        abbr: entry.abbr ?? null,
        color: entry.color ?? null,
        kanban: entry.kanban ?? null,
        sortOrder: entry.sortOrder ?? null,
      });
    }
  }
  if ((await cataloguesRepo.countByModel(db, 'ciudad')) === 0) {
    const countryIds = await cataloguesRepo.idsByCode(db, 'pais');
    for (const [countryCode, country] of Object.entries(COUNTRIES)) {
      const parentId = countryIds.get(countryCode);
      if (!parentId) continue;
      for (const city of country.cities) {
        await cataloguesRepo.insert(db, 'ciudad', { code: `${countryCode}-${slug(city)}`, name: city, parentId });
      }
    }
  }
}
