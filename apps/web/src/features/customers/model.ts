import {
  type Customer,
  type CustomerBody,
  EMAIL_CONTACT_CODES,
  type GENDERS,
  IMPORT_TARGETS,
  type ImportTarget,
  PHONE_CONTACT_CODES,
  REQUIRED_IMPORT_TARGETS,
} from '@atiende/contracts';
import { readString, writeString } from '../../core/storage';

// ---------------------------------------------------------------------------------------------------------------
// List or kanban view (remembered in localStorage `customersView`).

export type CustomersView = 'list' | 'kanban';
export const CUSTOMERS_VIEW_KEY = 'customersView';

export function readCustomersView(): CustomersView {
  return readString(CUSTOMERS_VIEW_KEY) === 'kanban' ? 'kanban' : 'list';
}

export function writeCustomersView(view: CustomersView): void {
  writeString(CUSTOMERS_VIEW_KEY, view);
}

/** A positive integer route parameter, or null. */
export function parseCustomerId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The list total shown to the user: the API stops counting at 10,000 (`totalCapped`). */
export const TOTAL_CAP = 10_000;

// ---------------------------------------------------------------------------------------------------------------
// Import column mapping.

/** Lower case, accents removed, camelCase and punctuation split into single-space separated words. */
export function normaliseHeader(header: string): string {
  return header
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

type HeaderRule = [ImportTarget, (words: Set<string>, compact: string) => boolean];

const any =
  (...items: string[]) =>
  (words: Set<string>, compact: string) =>
    items.some((item) => (item.includes(' ') ? compact.includes(item.replace(/ /g, '')) : words.has(item)));

/** Ordered: the first matching rule wins ("tipo de documento" is the type, "segundo apellido" the second last name). */
const HEADER_RULES: HeaderRule[] = [
  [
    'identificationType',
    (words, compact) =>
      words.has('tipo') ||
      ((words.has('type') || compact.includes('type')) &&
        (compact.includes('document') || compact.includes('ident') || words.has('id'))),
  ],
  [
    'secondLastName',
    (words, compact) =>
      (words.has('segundo') && (words.has('apellido') || words.has('apellidos'))) ||
      compact.includes('secondlastname') ||
      compact.includes('secondsurname'),
  ],
  [
    'middleName',
    (words, compact) =>
      (words.has('segundo') && (words.has('nombre') || words.has('nombres'))) || compact.includes('middle'),
  ],
  [
    'identificationNumber',
    (words, compact) =>
      any(
        'documento',
        'identificacion',
        'cedula',
        'nit',
        'dni',
        'document',
        'identification',
        'passport',
      )(words, compact) ||
      compact.includes('identificationnumber') ||
      compact.includes('documentnumber') ||
      compact.includes('nrodocumento') ||
      compact.includes('numerodocumento'),
  ],
  [
    'birthday',
    (words, compact) =>
      any('nacimiento', 'cumpleanos', 'birthday', 'birthdate', 'birth', 'dob')(words, compact) ||
      compact.includes('birthday') ||
      compact.includes('fechanac'),
  ],
  ['gender', any('genero', 'sexo', 'gender', 'sex')],
  [
    'email',
    (words, compact) =>
      any('correo', 'email', 'mail', 'emails', 'correos')(words, compact) || compact.includes('email'),
  ],
  ['mobile', any('celular', 'movil', 'mobile', 'cell', 'cellphone', 'whatsapp', 'cel')],
  ['phone', (words, compact) => any('telefono', 'phone', 'tel', 'fijo', 'telephone')(words, compact)],
  ['address', any('direccion', 'address', 'domicilio')],
  [
    'lastName',
    (words, compact) =>
      any('apellido', 'apellidos', 'surname', 'lastname')(words, compact) || compact.includes('lastname'),
  ],
  [
    'firstName',
    (words, compact) =>
      any('nombre', 'nombres', 'name', 'names', 'firstname', 'primer nombre')(words, compact) ||
      compact.includes('firstname'),
  ],
];

/** The import target a file column probably holds, from its header (null when nothing matches). */
export function guessTarget(header: string): ImportTarget | null {
  const normal = normaliseHeader(header);
  if (!normal) return null;
  const words = new Set(normal.split(' '));
  const compact = normal.replace(/ /g, '');
  for (const [target, matches] of HEADER_RULES) {
    if (matches(words, compact)) return target;
  }
  return null;
}

export type ImportMapping = Partial<Record<ImportTarget, string>>;

/** Auto-guessed mapping target → column header; each column and each target is used at most once. */
export function guessMapping(columns: readonly string[]): ImportMapping {
  const mapping: ImportMapping = {};
  for (const column of columns) {
    const target = guessTarget(column);
    if (target && !mapping[target]) mapping[target] = column;
  }
  return mapping;
}

/** Required targets (identification number, first and last name) without a column. */
export function missingRequiredTargets(mapping: ImportMapping): ImportTarget[] {
  return REQUIRED_IMPORT_TARGETS.filter((target) => !mapping[target]);
}

/** The body of POST /customers/imports/:id/start; unmapped targets are left out. */
export function buildStartBody(
  mapping: ImportMapping,
  defaultIdentificationTypeId: number | '',
  campaignId: number | '',
): {
  mapping: ImportMapping;
  defaultIdentificationTypeId: number | null;
  campaignId: number | null;
} {
  const clean: ImportMapping = {};
  for (const target of IMPORT_TARGETS) {
    const column = mapping[target];
    if (column) clean[target] = column;
  }
  return {
    mapping: clean,
    defaultIdentificationTypeId: defaultIdentificationTypeId === '' ? null : defaultIdentificationTypeId,
    campaignId: campaignId === '' ? null : campaignId,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The customer form.

export type Gender = (typeof GENDERS)[number];

export interface ContactRow {
  /** Stable React key of the row (not sent). */
  key: string;
  id?: number;
  typeId: number | '';
  label: string;
  value: string;
  areaCode: string;
  extension: string;
  zone: string;
  cityId: number | '';
}

export interface RelatedOption {
  id: number;
  fullName: string;
  identificationNumber: string;
}

export interface CustomerFormState {
  identificationTypeId: number | '';
  identificationNumber: string;
  firstName: string;
  middleName: string;
  lastName: string;
  secondLastName: string;
  birthday: string;
  gender: Gender;
  labelIds: number[];
  ownerUserId: number | '';
  related: RelatedOption[];
  contacts: ContactRow[];
}

let contactSeq = 0;
export function newContactRow(typeId: number | '' = ''): ContactRow {
  contactSeq += 1;
  return {
    key: `c${contactSeq}`,
    typeId,
    label: '',
    value: '',
    areaCode: '',
    extension: '',
    zone: '',
    cityId: '',
  };
}

export const EMPTY_CUSTOMER_FORM: CustomerFormState = {
  identificationTypeId: '',
  identificationNumber: '',
  firstName: '',
  middleName: '',
  lastName: '',
  secondLastName: '',
  birthday: '',
  gender: 'no-info',
  labelIds: [],
  ownerUserId: '',
  related: [],
  contacts: [],
};

export function customerToForm(customer: Customer): CustomerFormState {
  return {
    identificationTypeId: customer.identificationType.id,
    identificationNumber: customer.identificationNumber,
    firstName: customer.firstName,
    middleName: customer.middleName ?? '',
    lastName: customer.lastName,
    secondLastName: customer.secondLastName ?? '',
    birthday: customer.birthday ? customer.birthday.slice(0, 10) : '',
    gender: customer.gender,
    labelIds: customer.labels.map((label) => label.id),
    ownerUserId: customer.owner?.id ?? '',
    related: customer.related.map((item) => ({ ...item })),
    contacts: customer.contacts.map((contact) => ({
      ...newContactRow(contact.type.id),
      id: contact.id,
      label: contact.label ?? '',
      value: contact.value,
      areaCode: contact.areaCode ?? '',
      extension: contact.extension ?? '',
      zone: contact.zone ?? '',
      cityId: contact.city?.id ?? '',
    })),
  };
}

/** The API body (validated afterwards with contracts' customerBodySchema). Empty selects become 0 / null. */
export function formToBody(state: CustomerFormState): CustomerBody {
  return {
    identificationTypeId: state.identificationTypeId === '' ? 0 : state.identificationTypeId,
    identificationNumber: state.identificationNumber,
    firstName: state.firstName,
    middleName: state.middleName,
    lastName: state.lastName,
    secondLastName: state.secondLastName,
    birthday: state.birthday,
    gender: state.gender,
    labelIds: state.labelIds,
    ownerUserId: state.ownerUserId === '' ? null : state.ownerUserId,
    relatedCustomerIds: state.related.map((item) => item.id),
    contacts: state.contacts.map((row) => ({
      ...(row.id ? { id: row.id } : {}),
      typeId: row.typeId === '' ? 0 : row.typeId,
      label: row.label,
      value: row.value,
      areaCode: row.areaCode,
      extension: row.extension,
      zone: row.zone,
      cityId: row.cityId === '' ? null : row.cityId,
    })),
  };
}

export type ContactKind = 'email' | 'phone' | 'other';

/** How a contact type's values are checked, from its catalogue code. */
export function contactKind(code: string | null | undefined): ContactKind {
  if (code && EMAIL_CONTACT_CODES.includes(code)) return 'email';
  if (code && PHONE_CONTACT_CODES.includes(code)) return 'phone';
  return 'other';
}

// ---------------------------------------------------------------------------------------------------------------
// Kanban.

/** Data carried by a dragged kanban card. */
export interface DragPayload {
  customerId: number;
  fromLabelId: number;
}

export const DRAG_MIME = 'application/x-atiende-customer';

export function parseDragPayload(raw: string | null | undefined): DragPayload | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<DragPayload>;
    if (Number.isInteger(value.customerId) && Number.isInteger(value.fromLabelId)) {
      return { customerId: value.customerId as number, fromLabelId: value.fromLabelId as number };
    }
  } catch {
    // Not ours.
  }
  return null;
}

/** A readable text colour over a label colour (#rgb or #rrggbb); null colour → null. */
export function contrastText(color: string | null | undefined): string | null {
  if (!color) return null;
  const hex = color.trim().replace(/^#/, '');
  const full =
    hex.length === 3
      ? hex
          .split('')
          .map((char) => char + char)
          .join('')
      : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  const [r, g, b] = [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16) / 255);
  const lum = 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  return lum > 0.6 ? '#000000de' : '#ffffff';
}
