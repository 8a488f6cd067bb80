import { type WhatsappTemplate, whatsappTemplateBodySchema } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import {
  bodyParts,
  bodyVariables,
  buttonsLimit,
  buttonValueError,
  emptyWhatsappTemplateForm,
  exampleValues,
  formToBody,
  formToBubble,
  initialButtons,
  insertAt,
  nextCallToAction,
  nextVariable,
  sendValues,
  templateToBubble,
  toTemplateName,
  type WhatsappTemplateFormState,
} from './model';

const filledForm = (): WhatsappTemplateFormState => ({
  ...emptyWhatsappTemplateForm('es'),
  channelId: 4,
  name: 'confirmacion_pedido',
  headerType: 'text',
  headerText: 'Tu pedido',
  body: 'Hola {{1}}, tu pedido {{2}} va en camino',
  footer: 'Atiende',
  examples: { 1: 'María', 2: 'A-1001', 3: 'left over from an earlier body' },
  buttonsType: 'callToAction',
  buttons: [
    { kind: 'url', text: 'Ver pedido', value: ' https://tienda.example/pedidos ' },
    { kind: 'phone', text: 'Llamar', value: '+57 (300) 123-4567' },
  ],
});

describe('template name', () => {
  it('is folded to what Meta accepts: lower case, no accents, _ for spaces and dashes, nothing else', () => {
    expect(toTemplateName('Confirmación de Pedido')).toBe('confirmacion_de_pedido');
    expect(toTemplateName('Aviso-Envío  2026!')).toBe('aviso_envio_2026');
    expect(toTemplateName('ya_valido_1')).toBe('ya_valido_1');
    expect(toTemplateName('x'.repeat(600))).toHaveLength(512);
  });
});

describe('body variables', () => {
  it('lists the variables in numeric order and numbers the next one after the highest', () => {
    expect(bodyVariables('{{2}} y {{1}} y {{2}}')).toEqual([1, 2]);
    expect(bodyVariables('sin variables')).toEqual([]);
    expect(nextVariable('')).toBe(1);
    expect(nextVariable('Hola {{1}}, {{3}}')).toBe(4);
  });

  it('inserts a variable at the cursor, replacing the selection, and says where the cursor goes', () => {
    expect(insertAt('Hola ', 5, 5, '{{1}}')).toEqual({ text: 'Hola {{1}}', caret: 10 });
    expect(insertAt('Hola NOMBRE!', 5, 11, '{{1}}')).toEqual({ text: 'Hola {{1}}!', caret: 10 });
    // No cursor (never focused): at the end; positions out of range are clamped.
    expect(insertAt('Hola ', null, undefined, '{{1}}')).toEqual({ text: 'Hola {{1}}', caret: 10 });
    expect(insertAt('ab', -3, 99, '{{1}}')).toEqual({ text: '{{1}}', caret: 5 });
  });

  it('splits the body into text and variables, a variable without value kept as {{n}}', () => {
    expect(bodyParts('Hola {{1}}, pedido {{ 2 }}.', ['María', '  '])).toEqual([
      { kind: 'text', text: 'Hola ' },
      { kind: 'variable', number: 1, filled: true, text: 'María' },
      { kind: 'text', text: ', pedido ' },
      { kind: 'variable', number: 2, filled: false, text: '{{2}}' },
      { kind: 'text', text: '.' },
    ]);
    expect(bodyParts('', [])).toEqual([]);
  });
});

describe('buttons', () => {
  it('start with one row of the kind the type allows, up to Meta’s limits', () => {
    expect(initialButtons('none')).toEqual([]);
    expect(initialButtons('callToAction')).toEqual([{ kind: 'url', text: '', value: '' }]);
    expect(initialButtons('quickReplies')).toEqual([{ kind: 'quickReply', text: '', value: '' }]);
    expect([buttonsLimit('none'), buttonsLimit('callToAction'), buttonsLimit('quickReplies')]).toEqual([0, 2, 3]);
  });

  it('offer the call to action kind not used yet', () => {
    expect(nextCallToAction([{ kind: 'url', text: 'Web', value: '' }]).kind).toBe('phone');
    expect(nextCallToAction([{ kind: 'phone', text: 'Llamar', value: '' }]).kind).toBe('url');
  });

  it('find the error of a URL or phone field under either name', () => {
    expect(buttonValueError({ 'buttons.0.url': 'URL no válida' }, 0)).toBe('URL no válida');
    expect(buttonValueError({ 'buttons.1.phone': 'Formato' }, 1)).toBe('Formato');
    expect(buttonValueError({ 'buttons.1.phone': 'Formato' }, 0)).toBeUndefined();
  });
});

describe('form to request body', () => {
  it('sends one example per body variable, the buttons in the API shape and passes the shared schema', () => {
    const body = formToBody(filledForm());
    expect(body).toEqual({
      channelId: 4,
      name: 'confirmacion_pedido',
      category: 'UTILITY',
      language: 'es',
      headerType: 'text',
      headerText: 'Tu pedido',
      body: 'Hola {{1}}, tu pedido {{2}} va en camino',
      footer: 'Atiende',
      examples: ['María', 'A-1001'],
      buttonsType: 'callToAction',
      buttons: [
        { kind: 'url', text: 'Ver pedido', url: 'https://tienda.example/pedidos' },
        { kind: 'phone', text: 'Llamar', phone: '+573001234567' },
      ],
    });
    expect(whatsappTemplateBodySchema.safeParse(body).success).toBe(true);
  });

  it('leaves out the header text without a text header, an empty footer and buttons of type none', () => {
    const body = formToBody({
      ...filledForm(),
      headerType: 'none',
      footer: '  ',
      buttonsType: 'none',
      buttons: [{ kind: 'quickReply', text: 'Sí', value: '' }],
    });
    expect(body.headerText).toBeUndefined();
    expect(body.footer).toBeUndefined();
    expect(body.buttons).toEqual([]);
  });

  it('reads "required" for a channel not chosen and a missing example', () => {
    const result = whatsappTemplateBodySchema.safeParse(
      formToBody({ ...filledForm(), channelId: '', examples: { 1: 'María' } }),
    );
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['channelId', 'examples.1']));
    expect(result.error?.issues.find((issue) => issue.path[0] === 'channelId')?.code).toBe('invalid_type');
  });
});

describe('bubble', () => {
  it('shows the form with its examples in place of the variables', () => {
    expect(formToBubble(filledForm())).toEqual({
      header: 'Tu pedido',
      body: 'Hola {{1}}, tu pedido {{2}} va en camino',
      footer: 'Atiende',
      buttons: [
        { kind: 'url', text: 'Ver pedido' },
        { kind: 'phone', text: 'Llamar' },
      ],
      values: ['María', 'A-1001', 'left over from an earlier body'],
    });
    expect(exampleValues({ 2: 'b' })).toEqual(['', 'b']);
    expect(exampleValues({})).toEqual([]);
  });

  it('shows a saved template with its examples, or with the values an agent types', () => {
    const template: WhatsappTemplate = {
      id: 3,
      name: 'aviso',
      channel: { id: 4, name: 'WhatsApp ventas' },
      category: 'UTILITY',
      language: 'es',
      headerType: 'none',
      headerText: null,
      body: 'Hola {{1}}',
      footer: null,
      examples: ['María'],
      buttonsType: 'quickReplies',
      buttons: [{ kind: 'quickReply', text: 'Sí' }],
      status: 'approved',
      rejectionReason: null,
      providerTemplateId: 'tmpl-1',
      variables: 1,
      createdBy: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(templateToBubble(template)).toEqual({
      header: null,
      body: 'Hola {{1}}',
      footer: null,
      buttons: [{ kind: 'quickReply', text: 'Sí' }],
      values: ['María'],
    });
    expect(templateToBubble(template, ['Ana']).values).toEqual(['Ana']);
  });
});

describe('send values', () => {
  it('gives one trimmed value per variable and names the empty ones', () => {
    expect(sendValues({ 1: ' Ana ', 3: 'x' }, 3)).toEqual({ values: ['Ana', '', 'x'], missing: [2] });
    expect(sendValues({}, 0)).toEqual({ values: [], missing: [] });
  });
});
