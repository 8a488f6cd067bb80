import { emailSchema, PHONE_PATTERN } from '@atiende/contracts';
import { type ContactRow, contactKind } from './model';

// Apart from model.ts, which the ticket view loads: the e-mail check brings zod, which only the customer form needs.
/**
 * Per-type checks of the contact rows the schema cannot do (it does not know the type codes).
 * Returns field (`contacts.<i>.value`, `contacts.<i>.typeId`) → translation key.
 */
export function validateContacts(
  rows: readonly Pick<ContactRow, 'typeId' | 'value'>[],
  codeOf: (typeId: number) => string | null | undefined,
): Record<string, string> {
  const errors: Record<string, string> = {};
  rows.forEach((row, index) => {
    if (row.typeId === '') errors[`contacts.${index}.typeId`] = 'validation.required';
    const value = row.value.trim();
    if (!value) {
      errors[`contacts.${index}.value`] = 'validation.required';
      return;
    }
    if (row.typeId === '') return;
    const kind = contactKind(codeOf(row.typeId));
    if (kind === 'email' && !emailSchema.safeParse(value).success) {
      errors[`contacts.${index}.value`] = 'validation.email';
    } else if (kind === 'phone' && !PHONE_PATTERN.test(value)) {
      errors[`contacts.${index}.value`] = 'customers.errors.phone';
    }
  });
  return errors;
}
