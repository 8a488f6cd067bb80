import { type WhatsappTemplate, whatsappTemplateBodySchema } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import i18n from './i18n';
import {
  bodyParts,
  bodyVariables,
  buttonsLimit,
  buttonValueError,
  emptyWhatsappTemplateForm,
  exampleValues,
  formMediaUse,
  formToBody,
  formToBubble,
  headerTypesOf,
  initialButtons,
  insertAt,
  mediaFileProblem,
  nextCallToAction,
  nextVariable,
  sendValues,
  templateToBubble,
  toTemplateName,
  updateForm,
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

function savedTemplate(): WhatsappTemplate {
  return {
    id: 3,
    name: 'aviso',
    channel: { id: 4, name: 'WhatsApp ventas' },
    type: 'template',
    category: 'UTILITY',
    language: 'es',
    headerType: 'none',
    headerText: null,
    body: 'Hola {{1}}',
    footer: null,
    examples: ['María'],
    buttonsType: 'quickReplies',
    buttons: [{ kind: 'quickReply', text: 'Sí' }],
    media: null,
    mediaType: null,
    quickReplies: [],
    interactiveType: null,
    replyButtons: [],
    listButton: null,
    sections: [],
    sessionOnly: false,
    status: 'approved',
    rejectionReason: null,
    providerTemplateId: 'tmpl-1',
    variables: 1,
    createdBy: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

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
      type: 'template',
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
      media: null,
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
    const template = savedTemplate();
    expect(templateToBubble(template)).toEqual({
      header: null,
      media: null,
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

describe('template types', () => {
  const translate = (message: string | undefined) =>
    message?.startsWith('i18n:') ? i18n.getFixedT('es')(message.slice('i18n:'.length)) : message;
  const issues = (state: WhatsappTemplateFormState) =>
    (whatsappTemplateBodySchema.safeParse(formToBody(state)).error?.issues ?? []).map((issue) => ({
      path: issue.path.join('.'),
      message: translate(issue.message),
    }));
  const base = { ...emptyWhatsappTemplateForm('es'), channelId: 4, name: 'plantilla', body: 'Hola' };

  it('refuses 16 quick replies, 11 list options and a media template without its file, in words', () => {
    expect(
      issues({ ...base, type: 'text', quickReplies: Array.from({ length: 16 }, (_, index) => `R${index}`) }),
    ).toContainEqual({ path: 'quickReplies', message: 'Se admiten hasta 15 respuestas rápidas' });
    expect(
      issues({
        ...base,
        type: 'interactive',
        interactiveType: 'list',
        listButton: 'Ver',
        sections: [
          { title: 'A', options: Array.from({ length: 6 }, (_, index) => ({ title: `A${index}`, description: '' })) },
          { title: 'B', options: Array.from({ length: 5 }, (_, index) => ({ title: `B${index}`, description: '' })) },
        ],
      }),
    ).toContainEqual({ path: 'sections', message: 'La lista admite hasta 10 opciones en total' });
    expect(issues({ ...base, type: 'media', mediaType: 'video' })).toContainEqual({
      path: 'media',
      message: 'Suba el archivo de la plantilla',
    });
    expect(issues({ ...base, headerType: 'video' })).toContainEqual({
      path: 'media',
      message: 'Suba el archivo de la plantilla',
    });
  });

  it('sends only what each type uses', () => {
    const media = {
      key: 'plantillas-whatsapp/0123456789abcdef01234567.mp3',
      filename: 'a.mp3',
      contentType: 'audio/mpeg',
      size: 9,
      localUrl: null,
    };
    const audio = formToBody({ ...base, type: 'media', mediaType: 'audio', media, category: 'MARKETING', footer: 'x' });
    expect(audio).toMatchObject({
      type: 'media',
      mediaType: 'audio',
      body: '',
      media: { key: media.key, filename: 'a.mp3' },
    });
    expect(audio).not.toHaveProperty('category');
    expect(audio).not.toHaveProperty('footer');
    expect(whatsappTemplateBodySchema.safeParse(audio).success).toBe(true);
    const buttons = formToBody({
      ...base,
      type: 'interactive',
      interactiveType: 'buttons',
      replyButtons: ['Sí', 'No'],
    });
    expect(buttons).toMatchObject({ replyButtons: ['Sí', 'No'], sections: [], listButton: undefined });
    expect(whatsappTemplateBodySchema.safeParse(buttons).success).toBe(true);
  });

  it('keeps the form coherent: a header the type lacks goes to none, the file goes when its use changes', () => {
    const media = { key: 'k', filename: 'a.png', contentType: 'image/png', size: 1, localUrl: 'blob:a' };
    const withImage = { ...base, headerType: 'image' as const, media };
    expect(formMediaUse(withImage)).toBe('header-image');
    expect(updateForm(withImage, { body: 'Otro' }).media).toBe(media);
    expect(updateForm(withImage, { headerType: 'video' }).media).toBeNull();
    const interactive = updateForm(withImage, { type: 'interactive' });
    expect(interactive).toMatchObject({ headerType: 'none', media: null });
    expect(headerTypesOf('interactive')).toEqual(['none', 'text']);
  });

  it('checks a picked file against its use before uploading', () => {
    expect(mediaFileProblem({ type: 'image/png', size: 10 }, 'image')).toBeNull();
    expect(mediaFileProblem({ type: 'application/pdf', size: 10 }, 'header-image')?.values).toEqual({
      types: 'JPG, PNG',
    });
    expect(mediaFileProblem({ type: 'video/mp4', size: 17 * 1024 * 1024 }, 'video')).toEqual({
      key: 'whatsappTemplates.media.tooLarge',
      values: { max: 16 },
    });
    // Unknown to the browser: the server reads the content.
    expect(mediaFileProblem({ type: '', size: 10 }, 'audio')).toBeNull();
  });

  it('previews a saved chat template: a media file fetched from the API, quick replies by how WhatsApp gets them', () => {
    const saved = {
      ...savedTemplate(),
      type: 'media' as const,
      mediaType: 'image' as const,
      media: { filename: 'a.png', contentType: 'image/png', size: 3, url: 'whatsapp-templates/3/media' },
    };
    expect(templateToBubble(saved).media).toEqual({
      kind: 'image',
      filename: 'a.png',
      apiPath: 'whatsapp-templates/3/media',
    });
    const text = { ...savedTemplate(), type: 'text' as const, quickReplies: ['a', 'b', 'c', 'd'] };
    expect(templateToBubble(text).list?.sections[0].options.map((option) => option.title)).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
    expect(templateToBubble({ ...text, quickReplies: ['a', 'b'] }).buttons.map((button) => button.text)).toEqual([
      'a',
      'b',
    ]);
    expect(
      templateToBubble({ ...text, quickReplies: Array.from({ length: 11 }, (_, i) => `${i}`) }).numbered,
    ).toHaveLength(11);
    const list = {
      ...savedTemplate(),
      type: 'interactive' as const,
      interactiveType: 'list' as const,
      listButton: 'Ver',
      sections: [{ title: 'S', options: [{ title: 'o', description: 'd' }] }],
    };
    expect(templateToBubble(list).list).toEqual({ button: 'Ver', sections: list.sections });
  });
});
