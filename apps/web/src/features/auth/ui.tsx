import { type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed, MountWhenOpened } from '../../ui/lazy';
import './auth.css';

// The sign-in pages' controls, drawn with plain elements and auth.css instead of MUI: the login page is the first
// thing anyone downloads, and MUI with its styling engine is about 50 KB of gzip (docs/performance.md). They follow
// the theme's colours (ui/plain.css) and MUI's outlined field and button shapes, so the app looks one.

/** Material icons' 24×24 paths (Apache 2.0, as in @mui/icons-material), drawn without MUI's SvgIcon. */
export const ICONS = {
  visibility:
    'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3',
  visibilityOff:
    'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z',
  translate:
    'm12.87 15.07-2.54-2.51.03-.03c1.74-1.94 2.98-4.17 3.71-6.53H17V4h-7V2H8v2H1v1.99h11.17C11.5 7.92 10.44 9.75 9 11.35 8.07 10.32 7.3 9.19 6.69 8h-2c.73 1.63 1.73 3.17 2.98 4.56l-5.09 5.02L4 19l5-5 3.11 3.11zM18.5 10h-2L12 22h2l1.12-3h4.75L21 22h2zm-2.62 7 1.62-4.33L19.12 17z',
  lock: 'M18 8h-1V6c0-2.76-2.24-5-5-5S7 3.24 7 6v2H6c-1.1 0-2 .9-2 2v10c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V10c0-1.1-.9-2-2-2M9 6c0-1.66 1.34-3 3-3s3 1.34 3 3v2H9zm9 14H6V10h12zm-6-3c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2',
} as const;

export function Icon({ name, size = 24 }: { name: keyof typeof ICONS; size?: number }) {
  return (
    <svg className="auth-icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={ICONS[name]} />
    </svg>
  );
}

export interface AuthTextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  /** Goes on the <input>. */
  testId: string;
  /** The error shown under the field; the field is then marked invalid. */
  error?: string;
  /** Shown under the field when there is no error. */
  helperText?: string;
  /** A button at the field's end (the password's show/hide). */
  endAdornment?: ReactNode;
}

/** A labelled outlined input with its error or hint below, wired for assistive technology. */
export function AuthTextField({
  label,
  testId,
  error,
  helperText,
  endAdornment,
  id,
  required,
  ...input
}: AuthTextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helper = error ?? helperText;
  const helperId = helper ? `${inputId}-helper-text` : undefined;
  return (
    <div className="auth-field" data-invalid={error ? 'true' : undefined} data-disabled={input.disabled || undefined}>
      <label className="auth-label" htmlFor={inputId}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <div className="auth-input-box">
        <input
          {...input}
          id={inputId}
          required={required}
          className="auth-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={helperId}
          data-testid={testId}
        />
        {endAdornment}
      </div>
      <p className="auth-helper" id={helperId}>
        {helper}
      </p>
    </div>
  );
}

/** A password input with a show/hide button. */
export function PasswordField(props: Omit<AuthTextFieldProps, 'type' | 'endAdornment'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <AuthTextField
      maxLength={128}
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <button
          type="button"
          className="auth-icon-button auth-input-end"
          aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          onClick={() => setVisible((shown) => !shown)}
          disabled={props.disabled}
        >
          <Icon name={visible ? 'visibilityOff' : 'visibility'} size={20} />
        </button>
      }
    />
  );
}

export interface AuthButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'contained' | 'outlined' | 'text';
  size?: 'small' | 'medium' | 'large';
  fullWidth?: boolean;
  /** Shows a spinner instead of the label and blocks the button, like MUI's loading button. */
  loading?: boolean;
  testId?: string;
}

export function AuthButton({
  variant = 'text',
  size = 'medium',
  fullWidth,
  loading,
  testId,
  className,
  children,
  disabled,
  type = 'button',
  ...button
}: AuthButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      {...button}
      type={type}
      className={['auth-button', className].filter(Boolean).join(' ')}
      data-variant={variant}
      data-size={size}
      data-full-width={fullWidth || undefined}
      data-loading={loading || undefined}
      disabled={disabled || loading}
      data-testid={testId}
    >
      <span className="auth-button-label">{children}</span>
      {loading ? <span className="auth-button-spinner" role="progressbar" aria-label={t('common.loading')} /> : null}
    </button>
  );
}

// The languages' menu is MUI's, loaded the first time the button opens it (app/layout/LanguageMenuList.tsx).
const LanguageMenuList = lazyNamed(() => import('../../app/layout/LanguageMenuList'), 'LanguageMenuList');

/** The language switch of the sign-in pages: the header's menu behind a plain round button. */
export function AuthLanguageButton() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <button
        type="button"
        className="auth-icon-button auth-language"
        aria-label={t('header.language')}
        title={t('header.language')}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="header-language"
      >
        <Icon name="translate" />
      </button>
      <MountWhenOpened when={anchor !== null}>
        <LanguageMenuList anchor={anchor} onClose={() => setAnchor(null)} />
      </MountWhenOpened>
    </>
  );
}
