import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../core/i18n';
import { byTestId } from '../../test/dom';
import { AuthButton, AuthTextField, PasswordField } from './ui';

let root: Root | null = null;

function mount(node: ReactNode) {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  act(() => root?.render(node));
}
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('the sign-in pages’ controls (without MUI)', () => {
  it('labels the input, marks it invalid and describes it with its error, else with its hint', () => {
    let error: string | undefined = 'Este campo es obligatorio';
    const render = () => <AuthTextField label="Correo" testId="email" required error={error} helperText="Tu correo" />;
    mount(render());
    const input = byTestId('email') as HTMLInputElement;
    const label = document.querySelector<HTMLLabelElement>(`label[for="${input.id}"]`);
    expect(label?.textContent).toBe('Correo *');
    expect(input.required).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.closest('[data-invalid="true"]')).not.toBeNull();
    const described = () => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(described()).toBe('Este campo es obligatorio');

    error = undefined;
    act(() => root?.render(render()));
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(described()).toBe('Tu correo');
  });

  it('shows and hides the password with a named button', () => {
    mount(<PasswordField label="Contraseña" testId="password" value="secreto" onChange={() => {}} />);
    const input = byTestId('password') as HTMLInputElement;
    expect(input.type).toBe('password');
    expect(input.maxLength).toBe(128);
    const toggle = input.parentElement?.querySelector('button') as HTMLButtonElement;
    expect(toggle.getAttribute('aria-label')).toBe('Mostrar contraseña');
    act(() => toggle.click());
    expect(input.type).toBe('text');
    expect(toggle.getAttribute('aria-label')).toBe('Ocultar contraseña');
  });

  it('blocks a loading button and announces it', () => {
    const onClick = vi.fn();
    let loading = true;
    const render = () => (
      <AuthButton testId="submit" variant="contained" loading={loading} onClick={onClick}>
        Ingresar
      </AuthButton>
    );
    mount(render());
    const button = byTestId('submit') as HTMLButtonElement;
    expect(button.type).toBe('button');
    expect(button.disabled).toBe(true);
    expect(button.querySelector('[role="progressbar"]')?.getAttribute('aria-label')).toBe('Cargando…');
    act(() => button.click());
    expect(onClick).not.toHaveBeenCalled();

    loading = false;
    act(() => root?.render(render()));
    expect(button.disabled).toBe(false);
    expect(button.querySelector('[role="progressbar"]')).toBeNull();
    act(() => button.click());
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
