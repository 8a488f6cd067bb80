import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { rebaseDraft, useDraft } from './useDraft';

interface Profile {
  nombre: string;
  phone: string;
  configuracion: { mfa: boolean; timeout: number };
  roles: string[];
}

const stored: Profile = {
  nombre: 'Atiende',
  phone: '601',
  configuracion: { mfa: false, timeout: 2 },
  roles: ['admin'],
};

describe('rebaseDraft', () => {
  it('takes the server’s new values for untouched fields and keeps the edited ones', () => {
    const draft = { ...stored, phone: '602 typed', configuracion: { mfa: true, timeout: 2 } };
    const after: Profile = {
      nombre: 'Atiende SAS',
      phone: '601',
      configuracion: { mfa: false, timeout: 4 },
      roles: [],
    };
    expect(rebaseDraft(draft, stored, after)).toEqual({
      nombre: 'Atiende SAS',
      phone: '602 typed',
      configuracion: { mfa: true, timeout: 4 },
      roles: [],
    });
  });

  it('is the server’s record when nothing was edited', () => {
    const after = { ...stored, nombre: 'Otro' };
    expect(rebaseDraft({ ...stored }, stored, after)).toBe(after);
  });
});

let root: Root | null = null;
let container: HTMLDivElement;
let setDraft: ((change: (draft: Profile) => Profile) => void) | null = null;

function Harness({ fromServer }: { fromServer: Profile }) {
  const [draft, set] = useDraft(fromServer);
  setDraft = set;
  return <output data-testid="draft">{JSON.stringify(draft)}</output>;
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container?.remove();
});

describe('useDraft', () => {
  it('keeps what the user typed when the record comes back from the server (an image upload)', () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    container = document.createElement('div');
    document.body.appendChild(container);
    const read = () => JSON.parse(container.querySelector('[data-testid="draft"]')?.textContent ?? '{}') as Profile;
    act(() => {
      root = createRoot(container);
      root.render(<Harness fromServer={stored} />);
    });
    act(() => setDraft?.((draft) => ({ ...draft, phone: '300 unsaved' })));

    // The same record again (a refetch builds a new object): nothing changes.
    act(() => root?.render(<Harness fromServer={{ ...stored }} />));
    expect(read().phone).toBe('300 unsaved');

    // A colleague renamed the business meanwhile: the name follows, the typed phone stays.
    act(() => root?.render(<Harness fromServer={{ ...stored, nombre: 'Atiende SAS' }} />));
    expect(read()).toEqual({ ...stored, nombre: 'Atiende SAS', phone: '300 unsaved' });
  });
});
