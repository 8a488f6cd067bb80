import { BUILT_IN_ROLE_LABELS, BUILT_IN_ROLES } from '@atiende/contracts';
import type { TFunction } from 'i18next';

/**
 * A role's label in the UI language: a built-in role that still has the label it was created with is named in
 * the UI language ("Administrator" in English); a label an administrator wrote is shown as written.
 */
export function roleLabel(role: { name: string; label: string }, t: TFunction): string {
  const builtIn = BUILT_IN_ROLES.find((name) => name === role.name);
  return builtIn && role.label === BUILT_IN_ROLE_LABELS[builtIn] ? t(`roles.${builtIn}`) : role.label;
}
