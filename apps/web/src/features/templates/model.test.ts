import { type MessageTemplate, TEMPLATE_VARIABLES, templateBodySchema } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import {
  emptyTemplateForm,
  filterOffered,
  insertVariable,
  previewParts,
  SAMPLE_VALUES,
  sampleValues,
  templateFormToBody,
  templateToForm,
  unknownVariables,
} from './model';

const template: MessageTemplate = {
  id: 7,
  name: 'Bienvenida',
  channelType: 'webchat',
  body: 'Hola {{cliente.nombre}}',
  allCampaigns: false,
  campaigns: [
    { id: 3, name: 'Ventas' },
    { id: 5, name: 'Soporte' },
  ],
  enabled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};

describe('template form', () => {
  it('round-trips a template and sends campaigns only when not for every campaign', () => {
    const state = templateToForm(template);
    expect(state).toEqual({
      name: 'Bienvenida',
      channelType: 'webchat',
      enabled: false,
      allCampaigns: false,
      campaignIds: [3, 5],
      body: 'Hola {{cliente.nombre}}',
    });
    expect(templateFormToBody(state)).toMatchObject({ channelType: 'webchat', campaignIds: [3, 5] });
    expect(templateFormToBody({ ...state, allCampaigns: true, channelType: '' })).toMatchObject({
      channelType: null,
      allCampaigns: true,
      campaignIds: [],
    });
  });

  it('validates with the shared schema: a new form needs a name and a message', () => {
    const empty = templateBodySchema.safeParse(templateFormToBody(emptyTemplateForm()));
    expect(empty.success).toBe(false);
    const fields = empty.error?.issues.map((issue) => issue.path.join('.'));
    expect(fields).toEqual(expect.arrayContaining(['name', 'body']));
    const unknown = templateBodySchema.safeParse(
      templateFormToBody({ ...emptyTemplateForm(), name: 'Hola', body: 'Hola {{cliente.edad}}' }),
    );
    expect(unknown.error?.issues).toEqual([
      expect.objectContaining({ path: ['body'], message: 'i18n:templates.unknownVariable' }),
    ]);
  });
});

describe('insertVariable', () => {
  it('inserts at the cursor and puts the cursor after the variable', () => {
    expect(insertVariable('Hola , bienvenida', 5, 5, 'cliente.nombre')).toEqual({
      text: 'Hola {{cliente.nombre}}, bienvenida',
      caret: 23,
    });
  });

  it('replaces the selection', () => {
    expect(insertVariable('Hola NOMBRE!', 5, 11, 'cliente.nombre').text).toBe('Hola {{cliente.nombre}}!');
  });

  it('appends when there is no cursor, and clamps positions outside the text', () => {
    expect(insertVariable('Hola ', null, null, 'caso.numero')).toEqual({ text: 'Hola {{caso.numero}}', caret: 20 });
    expect(insertVariable('ab', 10, 20, 'caso.numero').text).toBe('ab{{caso.numero}}');
    expect(insertVariable('ab', -4, 1, 'caso.numero').text).toBe('{{caso.numero}}b');
    expect(insertVariable('', 0, 0, 'empresa.nombre')).toEqual({ text: '{{empresa.nombre}}', caret: 18 });
  });
});

describe('preview', () => {
  it('splits text and variables, filling known ones and keeping unknown ones as written', () => {
    const parts = previewParts('Hola {{ cliente.nombre }}, caso {{caso.numero}}. {{cliente.edad}}!', {
      'cliente.nombre': 'Ana',
      'caso.numero': '1001',
    });
    expect(parts).toEqual([
      { kind: 'text', text: 'Hola ' },
      { kind: 'variable', name: 'cliente.nombre', known: true, text: 'Ana' },
      { kind: 'text', text: ', caso ' },
      { kind: 'variable', name: 'caso.numero', known: true, text: '1001' },
      { kind: 'text', text: '. ' },
      { kind: 'variable', name: 'cliente.edad', known: false, text: '{{cliente.edad}}' },
      { kind: 'text', text: '!' },
    ]);
    expect(previewParts('', {})).toEqual([]);
    expect(previewParts('Solo texto', {})).toEqual([{ kind: 'text', text: 'Solo texto' }]);
  });

  it('names the unknown variables once each', () => {
    expect(unknownVariables('{{a.b}} {{cliente.nombre}} {{A.B}} {{x}}')).toEqual(['a.b', 'x']);
    expect(unknownVariables('Hola {{cliente.nombre}}')).toEqual([]);
  });

  it('has a sample value for every variable in both languages', () => {
    for (const values of Object.values(SAMPLE_VALUES)) {
      expect(Object.keys(values).sort()).toEqual([...TEMPLATE_VARIABLES].sort());
      expect(Object.values(values).every(Boolean)).toBe(true);
    }
    expect(sampleValues('en-US')).toBe(SAMPLE_VALUES.en);
    expect(sampleValues('es')).toBe(SAMPLE_VALUES.es);
  });
});

describe('filterOffered', () => {
  const offered = [
    { id: 1, name: 'Saludo inicial', filled: 'Hola María, ¿en qué le ayudo?' },
    { id: 2, name: 'Despedida', filled: 'Gracias por escribir a Atiende' },
  ];

  it('matches every typed word in the name or the filled text, ignoring accents and case', () => {
    expect(filterOffered(offered, '').map((row) => row.id)).toEqual([1, 2]);
    expect(filterOffered(offered, 'maria').map((row) => row.id)).toEqual([1]);
    expect(filterOffered(offered, 'DESPEDIDA atiende').map((row) => row.id)).toEqual([2]);
    expect(filterOffered(offered, 'saludo atiende')).toEqual([]);
  });
});
