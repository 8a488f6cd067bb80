import { type CustomerListItem, customerBodySchema, type KanbanColumn } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from '../../api/download';
import {
  buildStartBody,
  contactKind,
  contrastText,
  EMPTY_CUSTOMER_FORM,
  formToBody,
  guessMapping,
  guessTarget,
  missingRequiredTargets,
  newContactRow,
  normaliseHeader,
  parseDragPayload,
  readCustomersView,
  writeCustomersView,
} from './model';
import { moveKanbanCard } from './queryHelpers';
import { validateContacts } from './validation';

describe('import header auto-guess', () => {
  it('normalises accents, case, camelCase and punctuation', () => {
    expect(normaliseHeader('  Identificación_Nro ')).toBe('identificacion nro');
    expect(normaliseHeader('firstName')).toBe('first name');
    expect(normaliseHeader('E-mail')).toBe('e mail');
  });

  it.each([
    ['Documento', 'identificationNumber'],
    ['Número de identificación', 'identificationNumber'],
    ['Cédula', 'identificationNumber'],
    ['identificationNumber', 'identificationNumber'],
    ['Tipo', 'identificationType'],
    ['Tipo de documento', 'identificationType'],
    ['Document type', 'identificationType'],
    ['Nombres', 'firstName'],
    ['Primer nombre', 'firstName'],
    ['First name', 'firstName'],
    ['Segundo nombre', 'middleName'],
    ['Apellidos', 'lastName'],
    ['Last name', 'lastName'],
    ['Segundo apellido', 'secondLastName'],
    ['Correo electrónico', 'email'],
    ['Email', 'email'],
    ['E-mail', 'email'],
    ['Celular', 'mobile'],
    ['Móvil', 'mobile'],
    ['Teléfono', 'phone'],
    ['Teléfono fijo', 'phone'],
    ['Dirección', 'address'],
    ['Fecha de nacimiento', 'birthday'],
    ['Género', 'gender'],
    ['Sexo', 'gender'],
  ])('%s → %s', (header, target) => {
    expect(guessTarget(header)).toBe(target);
  });

  it('leaves unknown headers out', () => {
    expect(guessTarget('Observaciones')).toBeNull();
    expect(guessTarget('   ')).toBeNull();
  });

  it('maps each target once (first matching column wins) and reports the missing required targets', () => {
    const mapping = guessMapping([
      'Tipo',
      'Documento',
      'Nombres',
      'Apellidos',
      'Correo',
      'Email 2',
      'Celular',
      'Notas',
    ]);
    expect(mapping).toEqual({
      identificationType: 'Tipo',
      identificationNumber: 'Documento',
      firstName: 'Nombres',
      lastName: 'Apellidos',
      email: 'Correo',
      mobile: 'Celular',
    });
    expect(missingRequiredTargets(mapping)).toEqual([]);
    expect(missingRequiredTargets({ firstName: 'Nombres' })).toEqual(['identificationNumber', 'lastName']);
  });

  it('builds the start body without empty targets', () => {
    expect(buildStartBody({ firstName: 'Nombres', lastName: '' }, 25, '')).toEqual({
      mapping: { firstName: 'Nombres' },
      defaultIdentificationTypeId: 25,
      campaignId: null,
    });
  });
});

describe('contact validation per type', () => {
  const codes: Record<number, string> = { 1: '1', 2: '2', 3: '3', 4: '4', 9: '9' };
  const codeOf = (id: number) => codes[id];

  it('classifies the type codes', () => {
    expect(contactKind('4')).toBe('email');
    expect(contactKind('1')).toBe('phone');
    expect(contactKind('2')).toBe('phone');
    expect(contactKind('9')).toBe('phone');
    expect(contactKind('3')).toBe('other');
    expect(contactKind(null)).toBe('other');
  });

  it('accepts valid e-mails and phones, refuses invalid ones with the right keys', () => {
    const errors = validateContacts(
      [
        { typeId: 4, value: 'ana@correo.test' },
        { typeId: 4, value: 'not-an-email' },
        { typeId: 2, value: '+57 (310) 555-1234' },
        { typeId: 1, value: 'call me' },
        { typeId: 9, value: '123' },
        { typeId: 3, value: 'Calle 1 # 2-3' },
        { typeId: '', value: '' },
      ],
      codeOf,
    );
    expect(errors).toEqual({
      'contacts.1.value': 'validation.email',
      'contacts.3.value': 'customers.errors.phone',
      'contacts.4.value': 'customers.errors.phone',
      'contacts.6.typeId': 'validation.required',
      'contacts.6.value': 'validation.required',
    });
  });

  it('produces bodies the contracts schema accepts', () => {
    const body = formToBody({
      ...EMPTY_CUSTOMER_FORM,
      identificationTypeId: 25,
      identificationNumber: '1020-30',
      firstName: 'Ana',
      lastName: 'Pérez',
      labelIds: [60],
      ownerUserId: 3,
      related: [{ id: 7, fullName: 'Luis', identificationNumber: '99' }],
      contacts: [{ ...newContactRow(16), value: 'ana@correo.test', cityId: '' }],
    });
    expect(body.relatedCustomerIds).toEqual([7]);
    expect(body.contacts?.[0]).toMatchObject({ typeId: 16, cityId: null });
    expect(customerBodySchema.safeParse(body).success).toBe(true);
  });

  it('reports a bad identification number with the customers.identificationFormat key', () => {
    const parsed = customerBodySchema.safeParse(
      formToBody({
        ...EMPTY_CUSTOMER_FORM,
        identificationTypeId: 1,
        identificationNumber: 'ab c!',
        firstName: 'a',
        lastName: 'b',
      }),
    );
    expect(parsed.error?.issues[0]?.message).toBe('i18n:customers.identificationFormat');
  });
});

describe('kanban optimistic move', () => {
  const customer = (id: number, labelId: number): CustomerListItem => ({
    id,
    identificationType: { id: 1, abbr: 'CC', name: 'Cédula' },
    identificationNumber: String(1000 + id),
    fullName: `Customer ${id}`,
    firstName: 'C',
    lastName: String(id),
    labels: [
      { id: labelId, name: `L${labelId}`, color: null },
      { id: 99, name: 'Other', color: null },
    ],
    primaryEmail: null,
    primaryPhone: null,
    owner: null,
    createdAt: '2026-01-01T00:00:00Z',
  });
  const board: KanbanColumn[] = [
    {
      label: { id: 1, name: 'New', color: '#1e88e5', sortOrder: 1 },
      total: 5,
      customers: [customer(10, 1), customer(11, 1)],
    },
    { label: { id: 2, name: 'Won', color: '#43a047', sortOrder: 2 }, total: 1, customers: [customer(20, 2)] },
  ];

  it('moves the card to the top of the target column and fixes the totals and labels', () => {
    const next = moveKanbanCard(board, 11, 1, 2);
    expect(next[0]?.customers.map((item) => item.id)).toEqual([10]);
    expect(next[0]?.total).toBe(4);
    expect(next[1]?.customers.map((item) => item.id)).toEqual([11, 20]);
    expect(next[1]?.total).toBe(2);
    expect(next[1]?.customers[0]?.labels.map((label) => label.id).sort()).toEqual([2, 99]);
    // The original board is untouched (it is the rollback snapshot).
    expect(board[0]?.customers).toHaveLength(2);
    expect(board[1]?.total).toBe(1);
  });

  it('leaves the board as it is for the same column or an unknown card', () => {
    expect(moveKanbanCard(board, 11, 1, 1)).toEqual(board);
    expect(moveKanbanCard(board, 42, 1, 2)).toEqual(board);
    expect(moveKanbanCard(board, 10, 3, 2)).toEqual(board);
  });

  it('reads only well-formed drag payloads', () => {
    expect(parseDragPayload('{"customerId":3,"fromLabelId":1}')).toEqual({ customerId: 3, fromLabelId: 1 });
    expect(parseDragPayload('{"customerId":"3"}')).toBeNull();
    expect(parseDragPayload('nope')).toBeNull();
    expect(parseDragPayload(null)).toBeNull();
  });
});

describe('helpers', () => {
  it('remembers the list or kanban view', () => {
    window.localStorage.removeItem('customersView');
    expect(readCustomersView()).toBe('list');
    writeCustomersView('kanban');
    expect(window.localStorage.getItem('customersView')).toBe('kanban');
    expect(readCustomersView()).toBe('kanban');
  });

  it('reads download names from content-disposition', () => {
    expect(fileNameFromDisposition('attachment; filename="clientes-2026-01-01.xlsx"', 'x.xlsx')).toBe(
      'clientes-2026-01-01.xlsx',
    );
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''informe%20errores.xlsx", 'x.xlsx')).toBe(
      'informe errores.xlsx',
    );
    expect(fileNameFromDisposition(null, 'x.xlsx')).toBe('x.xlsx');
  });

  it('picks a readable text colour for label chips', () => {
    expect(contrastText('#1e88e5')).toBe('#ffffff');
    expect(contrastText('#fdd835')).toBe('#000000de');
    expect(contrastText(null)).toBeNull();
    expect(contrastText('blue')).toBeNull();
  });
});
