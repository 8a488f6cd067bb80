/*
 * Customers' genders, contact codes, sort columns and import targets: constants and the pure functions over them, without zod. The schemas are in customers.ts; these stay apart
 * so a web page that needs a constant does not download zod and every schema with it (docs/performance.md).
 */
export const GENDERS = ['female', 'male', 'not-applicable', 'no-info'] as const;

/** Contact info type codes (catalogue `tipo-dato-contacto`) whose values are checked as emails or phones. */
export const EMAIL_CONTACT_CODES = ['4'];
export const PHONE_CONTACT_CODES = ['1', '2', '9'];
export const PHONE_PATTERN = /^\+?[0-9 ()-]{5,25}$/;

export const CUSTOMER_SORT_COLUMNS = ['name', 'identificationNumber', 'createdAt', 'id'] as const;
/** Columns an import can map; the first three are required (spec section 5). */
export const IMPORT_TARGETS = [
  'identificationNumber',
  'firstName',
  'lastName',
  'identificationType',
  'middleName',
  'secondLastName',
  'birthday',
  'gender',
  'email',
  'phone',
  'mobile',
  'address',
] as const;
export type ImportTarget = (typeof IMPORT_TARGETS)[number];
export const REQUIRED_IMPORT_TARGETS: readonly ImportTarget[] = ['identificationNumber', 'firstName', 'lastName'];
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

export const IMPORT_STATUSES = ['uploaded', 'queued', 'running', 'done', 'failed'] as const;
