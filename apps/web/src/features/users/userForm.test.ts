import { createUserBodySchema, updateProfileBodySchema } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_USER_FORM, formToBody } from './userForm';

describe('formToBody', () => {
  const filled = {
    ...EMPTY_USER_FORM,
    name: 'Ana Pérez',
    email: 'ana@atiende.test',
    password: 'Secreta.2026',
    password_confirmation: 'Secreta.2026',
    roleIds: [2],
  };

  it('builds a create body the contracts schema accepts (blank username left out, blank birthday null)', () => {
    const body = formToBody(filled, 'create');
    expect(body.username).toBeUndefined();
    expect(body.birthday).toBeNull();
    expect(createUserBodySchema.safeParse(body).success).toBe(true);
  });

  it('reports mismatching passwords on the confirmation with the i18n key', () => {
    const parsed = createUserBodySchema.safeParse(formToBody({ ...filled, password_confirmation: 'x' }, 'create'));
    expect(parsed.success).toBe(false);
    const issue = parsed.error?.issues.find((item) => item.path[0] === 'password_confirmation');
    expect(issue?.message).toBe('i18n:auth.passwordsDoNotMatch');
  });

  it('profile bodies carry no admin fields', () => {
    const body = formToBody(filled, 'profile');
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('roleIds');
    expect(updateProfileBodySchema.safeParse(body).success).toBe(true);
  });
});
