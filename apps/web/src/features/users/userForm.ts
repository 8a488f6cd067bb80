import type { CreateUserBody, UpdateProfileBody, UpdateUserBody, UserDetail } from '@atiende/contracts';

export type UserFormMode = 'create' | 'edit' | 'profile';

export interface UserFormState {
  name: string;
  username: string;
  email: string;
  password: string;
  password_confirmation: string;
  roleIds: number[];
  skillIds: number[];
  extension: string;
  position: string;
  department: string;
  birthday: string;
  phone: string;
  mobilephone: string;
  address: string;
  facebook: string;
  twitter: string;
  instagram: string;
  mfa: boolean;
  enabled: boolean;
}

export const PROFILE_TEXT_FIELDS = [
  'extension',
  'position',
  'department',
  'phone',
  'mobilephone',
  'address',
  'facebook',
  'twitter',
  'instagram',
] as const;

export const EMPTY_USER_FORM: UserFormState = {
  name: '',
  username: '',
  email: '',
  password: '',
  password_confirmation: '',
  roleIds: [],
  skillIds: [],
  extension: '',
  position: '',
  department: '',
  birthday: '',
  phone: '',
  mobilephone: '',
  address: '',
  facebook: '',
  twitter: '',
  instagram: '',
  mfa: false,
  enabled: true,
};

export function userToForm(user: UserDetail): UserFormState {
  return {
    ...EMPTY_USER_FORM,
    name: user.nombre,
    username: user.username ?? '',
    email: user.email,
    roleIds: user.roles.map((role) => role.id),
    skillIds: user.skills.map((skill) => skill.id),
    extension: user.extension ?? '',
    position: user.position ?? '',
    department: user.department ?? '',
    birthday: user.birthday ? user.birthday.slice(0, 10) : '',
    phone: user.phone ?? '',
    mobilephone: user.mobilephone ?? '',
    address: user.address ?? '',
    facebook: user.facebook ?? '',
    twitter: user.twitter ?? '',
    instagram: user.instagram ?? '',
    mfa: user.mfa,
    enabled: user.enabled,
  };
}

/** The request body for the form's mode (blank username left out; blank optional texts become null on the server). */
export function formToBody(state: UserFormState, mode: 'create'): CreateUserBody;
export function formToBody(state: UserFormState, mode: 'edit'): UpdateUserBody;
export function formToBody(state: UserFormState, mode: 'profile'): UpdateProfileBody;
export function formToBody(
  state: UserFormState,
  mode: UserFormMode,
): CreateUserBody | UpdateUserBody | UpdateProfileBody {
  const profile: UpdateProfileBody = {
    name: state.name,
    username: state.username.trim() ? state.username : undefined,
    birthday: state.birthday || null,
  };
  for (const field of PROFILE_TEXT_FIELDS) profile[field] = state[field];
  if (mode === 'profile') return profile;
  const admin: UpdateUserBody = {
    ...profile,
    email: state.email,
    roleIds: state.roleIds,
    skillIds: state.skillIds,
    mfa: state.mfa,
    enabled: state.enabled,
  };
  if (mode === 'edit') return admin;
  return { ...admin, password: state.password, password_confirmation: state.password_confirmation };
}
