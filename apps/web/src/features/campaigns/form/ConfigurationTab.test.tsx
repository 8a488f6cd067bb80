import { act, useState } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../core/i18n';
import { byTestId, calls, envelope, mount, settle, type, waitUntil } from '../../../test/dom';
import { type CampaignFormState, emptyCampaignForm } from '../model';
import { ConfigurationPanel } from './ConfigurationTab';

vi.mock('../../../app/queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../app/queries')>()),
  usePermissions: () => ({ granted: new Set(), roles: [], isAgent: false, can: () => true, ready: true }),
}));

const surveys = [
  { id: 3, name: 'Postventa', enabled: true },
  { id: 5, name: 'NPS trimestral', enabled: true },
];

let root: Root | null = null;
const fetchMock = vi.fn();
let latest: CampaignFormState;

function Harness({ initial }: { initial: CampaignFormState }) {
  const [state, setState] = useState(initial);
  latest = state;
  return <ConfigurationPanel state={state} set={(change) => setState(change)} errors={{}} />;
}

async function render(initial = emptyCampaignForm()) {
  root = mount(<Harness initial={initial} />).root;
  await waitUntil(() => calls(fetchMock).some((call) => call.includes('/surveys')));
  await settle();
}

beforeEach(async () => {
  await i18n.changeLanguage('es');
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input: string) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/surveys')) return envelope({ data: surveys, total: 2, page: 1, sizePerPage: 200 });
    return envelope({ data: [], total: 0, page: 1, sizePerPage: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

function choose(testId: string) {
  act(() => {
    byTestId('campaign-survey-select')?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
  });
  act(() => byTestId(testId)?.click());
}

describe('ConfigurationPanel: the survey when a ticket closes', () => {
  it('offers the enabled surveys and "none"; the message shows once a survey is chosen', async () => {
    await render();
    expect(calls(fetchMock)).toContain(
      'GET /api/v2/surveys?enabled=true&page=1&sizePerPage=200&sortName=name&sortOrder=asc',
    );
    expect(byTestId('campaign-survey-select')?.textContent).toContain('Ninguna');
    expect(byTestId('campaign-config-surveyMessage')).toBeNull();

    choose('campaign-survey-option-5');
    await settle();
    expect(latest.config.surveyId).toBe(5);
    expect(byTestId('campaign-survey-select')?.textContent).toBe('NPS trimestral');
    const message = byTestId('campaign-config-surveyMessage') as HTMLTextAreaElement;
    expect(message.value).toContain('{{encuesta.enlace}}');
    // The help names the placeholder as it is typed (not interpolated away).
    expect(message.closest('.MuiFormControl-root')?.textContent).toContain('{{encuesta.enlace}} se reemplaza');
    type(message, '¿Nos califica? {{encuesta.enlace}}');
    expect(latest.config.surveyMessage).toBe('¿Nos califica? {{encuesta.enlace}}');

    choose('campaign-survey-option-none');
    await settle();
    expect(latest.config.surveyId).toBeNull();
    expect(byTestId('campaign-config-surveyMessage')).toBeNull();
  });

  it('keeps a chosen survey that is no longer enabled', async () => {
    const initial = emptyCampaignForm();
    await render({ ...initial, config: { ...initial.config, surveyId: 9 } });
    expect(byTestId('campaign-survey-select')?.textContent).toBe('Encuesta #9 (deshabilitada o no disponible)');
    expect(byTestId('campaign-config-surveyMessage')).not.toBeNull();
  });
});
