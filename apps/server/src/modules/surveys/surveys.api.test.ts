import type { SurveyAnalysis, SurveyInput, SurveyLink } from '@atiende/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../test/app.js';
import { type Actor, caller, deskCampaign, messagesOf, signedInWith, waitFor } from '../../test/desk.js';
import { checkAnswers } from './surveys.answers.js';
import { surveysRepo } from './surveys.repo.js';

let t: TestApp;
let api: ReturnType<typeof caller>;
let admin: Actor;
let agent: Actor;
let lister: Actor;
let desk: { channelId: number; campaignId: number };

let sequence = 0;
const unique = (prefix: string) => `${prefix} ${Date.now()}-${++sequence}`;

const QUESTIONS: SurveyInput['questions'] = [
  { key: 'csat', label: '¿Qué tan satisfecho está?', type: 'csat', levels: 5, required: true, order: 0 },
  { key: 'nps', label: '¿Nos recomendaría?', type: 'nps', required: false, order: 1 },
  {
    key: 'canal',
    label: '¿Por dónde nos contactó?',
    type: 'radio',
    options: [{ label: 'Chat' }, { label: 'Correo' }, { label: 'Teléfono' }],
    order: 2,
  },
  {
    key: 'temas',
    label: 'Temas',
    type: 'checkbox',
    options: [{ label: 'Pagos' }, { label: 'Envíos' }, { label: 'Garantía' }],
    order: 3,
  },
  { key: 'comentario', label: 'Comentarios', type: 'textarea', order: 4 },
  { key: 'correo', label: 'Correo', type: 'email', order: 5 },
];

async function createSurvey(values: Partial<SurveyInput> = {}) {
  const response = await api.post('/api/v2/surveys', admin, {
    name: unique('Encuesta'),
    questions: QUESTIONS,
    ...values,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().result as { id: number; publicUrl: string; questions: { key: string }[] };
}

const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

async function customerTicket() {
  const received = await t.services.inbound.receive(desk.channelId, {
    providerMessageId: unique('in'),
    from: `${unique('cliente').replace(/\W/g, '')}@cliente.test`,
    text: 'Hola',
    subject: 'Consulta',
  });
  const row = (
    await t.ctx.db.execute<{ customer_id: string }>(
      sql`select customer_id from tickets where id = ${received.ticketId}`,
    )
  ).rows[0];
  return { ticketId: received.ticketId, customerId: Number(row.customer_id) };
}

async function personalLink(surveyId: number, body: object) {
  const response = await api.post(`/api/v2/surveys/${surveyId}/links`, admin, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().result as SurveyLink;
}

const submit = (token: string, answers: object, options: { cookie?: string; locale?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/public/surveys/${token}/responses`,
    headers: { 'x-locale': options.locale ?? 'es', ...(options.cookie ? { cookie: options.cookie } : {}) },
    payload: { answers },
  });

const view = (token: string, cookie?: string, locale = 'es') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v2/public/surveys/${token}`,
    headers: { 'x-locale': locale, ...(cookie ? { cookie } : {}) },
  });

const formPost = (token: string, body: string, cookie?: string, query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/s/${token}${query}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    payload: body,
  });

const cookieOf = (response: { headers: Record<string, unknown> }) =>
  String(response.headers['set-cookie'] ?? '').split(';')[0];

const count = async (query: ReturnType<typeof sql>) => Number((await t.ctx.db.execute<{ n: number }>(query)).rows[0].n);

beforeAll(async () => {
  t = await createTestApp();
  api = caller(t);
  admin = await signedIn(t, 'admin');
  agent = await signedIn(t, 'agent');
  lister = await signedInWith(t, admin, ['ver-lista-encuestas']);
  desk = await deskCampaign(t, admin, {
    agents: [],
    config: { autoAssign: false, closeWithoutTask: true, closeWithoutCustomerInfo: true },
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('surveys: who may do what', () => {
  it('checks every staff route’s permission, and answers 404 for another or an unknown survey', async () => {
    const survey = await createSurvey();
    const other = await createSurvey();
    const { customerId } = await customerTicket();
    const link = await personalLink(other.id, { customerId });

    expect((await api.get('/api/v2/surveys', agent)).statusCode).toBe(403);
    expect((await api.post('/api/v2/surveys', agent, { name: 'No', questions: QUESTIONS })).statusCode).toBe(403);
    const list = await api.get('/api/v2/surveys?searchText=Encuesta', lister);
    expect(list.statusCode).toBe(200);
    for (const path of ['', '/links', '/analysis', '/participants', '/report']) {
      expect((await api.get(`/api/v2/surveys/${survey.id}${path}`, lister)).statusCode, path).toBe(403);
    }
    expect(
      (await api.put(`/api/v2/surveys/${survey.id}`, lister, { name: 'X', questions: QUESTIONS })).statusCode,
    ).toBe(403);
    expect((await api.post(`/api/v2/surveys/${survey.id}/links`, lister, { customerId })).statusCode).toBe(403);

    for (const path of ['', '/links', '/analysis', '/participants', '/report']) {
      expect((await api.get(`/api/v2/surveys/999999999${path}`, admin)).statusCode, path).toBe(404);
    }
    expect((await api.put('/api/v2/surveys/999999999', admin, { name: 'Nada', questions: QUESTIONS })).statusCode).toBe(
      404,
    );
    expect((await api.post('/api/v2/surveys/999999999/links', admin, { customerId })).statusCode).toBe(404);
    // Another survey's links are not this one's.
    const links = (await api.get(`/api/v2/surveys/${survey.id}/links`, admin)).json().result;
    expect(links.data.map((item: SurveyLink) => item.id)).not.toContain(link.id);
    expect((await api.get(`/api/v2/surveys/${other.id}/links`, admin)).json().result.data[0].id).toBe(link.id);
  });

  it('answers bad input with translated field errors (es and en) and saves nothing', async () => {
    const before = await count(sql`select count(*)::int as n from surveys`);
    const none = await api.post('/api/v2/surveys', admin, { name: 'Sin preguntas', questions: [] });
    expect(none.statusCode).toBe(422);
    expect(JSON.stringify(none.json())).toContain('Agregue al menos una pregunta');
    const duplicate = await api.post(
      '/api/v2/surveys',
      admin,
      {
        name: 'Repetida',
        primaryColor: 'azul',
        questions: [
          { key: 'a', label: 'Uno', type: 'text' },
          { key: 'a', label: 'Dos', type: 'radio', options: [] },
          { key: 'Mal clave', label: '', type: 'text' },
        ],
      },
      'en',
    );
    expect(duplicate.statusCode).toBe(422);
    const messages = JSON.stringify(duplicate.json().result.fields);
    expect(messages).toContain('Two questions have the same key');
    expect(messages).toContain('Colour as #RRGGBB');
    expect(messages).toContain('Add at least one option');
    expect(messages).toContain('Write the question');
    expect(messages).toContain('The key starts with a lowercase letter');
    const survey = await createSurvey();
    const link = await api.post(`/api/v2/surveys/${survey.id}/links`, admin, {}, 'en');
    expect(link.statusCode).toBe(422);
    expect(link.json().result.fields).toEqual([{ field: 'customerId', message: 'Choose a customer or a ticket' }]);
    const unknownTicket = await api.post(`/api/v2/surveys/${survey.id}/links`, admin, { ticketId: 999_999_999 });
    expect(unknownTicket.json().result.fields).toEqual([{ field: 'ticketId', message: 'El caso no existe' }]);
    const unknownCustomer = await api.post(`/api/v2/surveys/${survey.id}/links`, admin, { customerId: 999_999_999 });
    expect(unknownCustomer.statusCode).toBe(422);
    expect(await count(sql`select count(*)::int as n from surveys`)).toBe(before + 1);
    // A campaign cannot send a survey that does not exist.
    const campaign = await api.post('/api/v2/campaigns', admin, {
      name: unique('Campaña'),
      type: 'inbound',
      channelIds: [desk.channelId],
      config: { surveyId: 999_999_999 },
    });
    expect(campaign.statusCode).toBe(422);
    expect(campaign.json().result.fields).toEqual([{ field: 'config.surveyId', message: 'La encuesta no existe' }]);
  });

  it('keeps answers by question key when the survey is edited; a ticket’s link belongs to the ticket’s customer', async () => {
    const survey = await createSurvey({ responseType: 'multiple' });
    const { ticketId, customerId } = await customerTicket();
    const link = await personalLink(survey.id, { ticketId, customerId: 1 });
    expect(link).toMatchObject({ ticketId, customer: { id: customerId }, expiresAt: null });
    expect((await submit(tokenOf(link.url), { csat: 5, nps: 10 })).statusCode).toBe(200);
    const edited = await api.put(`/api/v2/surveys/${survey.id}`, admin, {
      name: 'Editada',
      questions: QUESTIONS.filter((question) => question.key !== 'nps'),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const analysis = (await api.get(`/api/v2/surveys/${survey.id}/analysis`, admin)).json().result as SurveyAnalysis;
    expect(analysis.questions.map((question) => question.key)).not.toContain('nps');
    expect(analysis.questions[0]).toMatchObject({ key: 'csat', answered: 1, average: 5 });
    const participants = (await api.get(`/api/v2/surveys/${survey.id}/participants`, admin)).json().result;
    expect(participants.data[0]).toMatchObject({
      ticketId,
      customer: { id: customerId },
      answers: { csat: 5, nps: 10 },
    });
  });
});

describe('surveys: answering', () => {
  it('unique: one response per participant (personal link, and a browser on the general link)', async () => {
    const survey = await createSurvey({ responseType: 'unique' });
    const { customerId } = await customerTicket();
    const link = tokenOf((await personalLink(survey.id, { customerId })).url);
    const first = await submit(link, { csat: 4, canal: 'Chat' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result.confirmationMessage).toBe('¡Gracias por responder la encuesta!');
    const again = await submit(link, { csat: 5 }, { locale: 'en' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This survey has already been answered. Thank you!');
    expect((await view(link)).json().result).toMatchObject({ answered: true, previous: null });

    const general = tokenOf(survey.publicUrl);
    const browser = await submit(general, { csat: 3 });
    expect(browser.statusCode).toBe(200);
    const cookie = cookieOf(browser);
    expect(String(browser.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
    expect((await submit(general, { csat: 3 }, { cookie })).statusCode).toBe(409);
    // Another browser is another participant.
    expect((await submit(general, { csat: 2 })).statusCode).toBe(200);
    expect(await count(sql`select count(*)::int as n from survey_responses where survey_id = ${survey.id}`)).toBe(3);
  });

  it('multiple: every submission is a new response', async () => {
    const survey = await createSurvey({ responseType: 'multiple' });
    const { customerId } = await customerTicket();
    const link = tokenOf((await personalLink(survey.id, { customerId })).url);
    for (const csat of [1, 2, 3]) expect((await submit(link, { csat })).statusCode).toBe(200);
    expect((await view(link)).json().result).toMatchObject({ answered: false, previous: null });
    expect(await count(sql`select count(*)::int as n from survey_responses where survey_id = ${survey.id}`)).toBe(3);
    expect(await count(sql`select count(*)::int as n from survey_answers where survey_id = ${survey.id}`)).toBe(3);
  });

  it('multipleReplaceLast: a new submission replaces the participant’s last; previous answers only their own', async () => {
    const survey = await createSurvey({ responseType: 'multipleReplaceLast' });
    const { customerId } = await customerTicket();
    const link = tokenOf((await personalLink(survey.id, { customerId })).url);
    expect((await submit(link, { csat: 1, comentario: 'Primera' })).statusCode).toBe(200);
    expect((await submit(link, { csat: 5, temas: ['Pagos', 'Envíos'] })).statusCode).toBe(200);
    expect((await view(link)).json().result.previous).toEqual({ csat: 5, temas: ['Pagos', 'Envíos'] });

    const general = tokenOf(survey.publicUrl);
    const mine = await submit(general, { csat: 2, comentario: 'Mío' });
    const cookie = cookieOf(mine);
    expect((await submit(general, { csat: 3, comentario: 'Mío otra vez' }, { cookie })).statusCode).toBe(200);
    expect((await view(general, cookie)).json().result.previous).toEqual({ csat: 3, comentario: 'Mío otra vez' });
    // No cookie, another browser's cookie: nobody else's answers.
    expect((await view(general)).json().result.previous).toBeNull();
    const stranger = cookieOf(await submit(general, { csat: 4 }));
    expect((await view(general, stranger)).json().result.previous).toEqual({ csat: 4 });
    expect(JSON.stringify((await view(general, stranger)).json())).not.toContain('Mío');

    const analysis = (await api.get(`/api/v2/surveys/${survey.id}/analysis`, admin)).json().result as SurveyAnalysis;
    expect(analysis.responses).toBe(3);
    expect(analysis.questions[0].distribution.map((entry) => entry.count)).toEqual([0, 0, 1, 1, 1]);
  });

  it('checks answers against the questions, saving nothing on an error', async () => {
    const survey = await createSurvey({ responseType: 'multiple' });
    const general = tokenOf(survey.publicUrl);
    const refused = await submit(
      general,
      { nps: 11, canal: 'Fax', temas: ['Pagos', 'Otro'], correo: 'no-es-correo', desconocida: 'x' },
      { locale: 'en' },
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().result.fields).toEqual([
      { field: 'answers.csat', message: 'This field is required' },
      { field: 'answers.nps', message: 'Choose a value on the scale' },
      { field: 'answers.canal', message: 'Choose one of the options' },
      { field: 'answers.temas', message: 'Choose among the options' },
      { field: 'answers.correo', message: 'Enter a valid email' },
    ]);
    const hostile = await submit(general, { csat: 3, comentario: 'a\u0000b' });
    expect(hostile.statusCode).toBe(422);
    expect(JSON.stringify(hostile.json())).toContain('Contiene caracteres que no están permitidos');
    const long = await submit(general, { csat: 3, comentario: 'x'.repeat(6000) });
    expect(long.statusCode).toBe(422);
    expect(await count(sql`select count(*)::int as n from survey_responses where survey_id = ${survey.id}`)).toBe(0);
    // Unknown keys are ignored; the stored answers are the known ones.
    expect((await submit(general, { csat: '4', desconocida: 'x' })).statusCode).toBe(200);
    const stored = await t.ctx.db.execute<{ answers: object }>(
      sql`select answers from survey_responses where survey_id = ${survey.id}`,
    );
    expect(stored.rows[0].answers).toEqual({ csat: 4 });
  });

  it('refuses unknown tokens and disabled surveys (404) and expired links in both modes (410)', async () => {
    expect((await view('no-existe-este-token')).statusCode).toBe(404);
    expect((await submit('no-existe-este-token', { csat: 1 })).statusCode).toBe(404);
    const disabled = await createSurvey({ enabled: false });
    expect((await view(tokenOf(disabled.publicUrl))).statusCode).toBe(404);

    // From the survey's creation: every link, old or new.
    const bySurvey = await createSurvey({ expirationDays: 5, expirationFrom: 'survey', responseType: 'multiple' });
    const { customerId } = await customerTicket();
    const fresh = tokenOf((await personalLink(bySurvey.id, { customerId })).url);
    expect((await submit(fresh, { csat: 3 })).statusCode).toBe(200);
    await t.ctx.db.execute(sql`update surveys set created_at = now() - interval '6 days' where id = ${bySurvey.id}`);
    const expired = await submit(fresh, { csat: 3 }, { locale: 'en' });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe('This survey link has expired and no longer takes answers');
    expect((await view(tokenOf(bySurvey.publicUrl))).statusCode).toBe(410);
    const page = await t.app.inject({ method: 'GET', url: `/s/${fresh}?lang=en` });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('data-testid="survey-expired"');
    expect((await formPost(fresh, 'q_csat=3')).statusCode).toBe(410);

    // From the link's creation: an old link expires, a new one of the same survey does not.
    const byLink = await createSurvey({ expirationDays: 5, expirationFrom: 'link', responseType: 'multiple' });
    const old = await personalLink(byLink.id, { customerId });
    const recent = await personalLink(byLink.id, { customerId });
    expect(new Date(recent.expiresAt as string).getTime() - new Date(recent.createdAt).getTime()).toBe(5 * 86_400_000);
    await t.ctx.db.execute(sql`update survey_links set created_at = now() - interval '6 days' where id = ${old.id}`);
    expect((await submit(tokenOf(old.url), { csat: 3 })).statusCode).toBe(410);
    expect((await submit(tokenOf(recent.url), { csat: 3 })).statusCode).toBe(200);
    // The general link counts from the survey's creation.
    expect((await submit(tokenOf(byLink.publicUrl), { csat: 3 })).statusCode).toBe(200);
    await t.ctx.db.execute(sql`update surveys set created_at = now() - interval '6 days' where id = ${byLink.id}`);
    expect((await submit(tokenOf(byLink.publicUrl), { csat: 3 })).statusCode).toBe(410);
    expect((await submit(tokenOf(recent.url), { csat: 3 })).statusCode).toBe(200);
  });
});

describe('surveys: the public page', () => {
  it('renders an accessible form in es or en, with the survey’s colour, and switches language', async () => {
    const survey = await createSurvey({ primaryColor: '#aa3300', description: 'Su opinión <b>cuenta</b>' });
    const token = tokenOf(survey.publicUrl);
    const es = await t.app.inject({ method: 'GET', url: `/s/${token}`, headers: { 'accept-language': 'en-US,en' } });
    expect(es.statusCode).toBe(200);
    expect(es.headers['content-type']).toContain('text/html');
    expect(es.body).toContain('<html lang="en"');
    expect(es.body).toContain('--primary: #aa3300');
    expect(es.body).toContain('Su opinión &#60;b&#62;cuenta&#60;/b&#62;');
    expect(es.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(es.body).toMatch(/<fieldset[^>]*data-testid="survey-q-nps"/);
    expect(es.body).toContain('<legend id="q-nps-label">');
    expect(es.body).toContain('Not at all likely');
    expect(es.body).toContain('data-testid="survey-q-nps-0"');
    expect(es.body).toContain('data-testid="survey-q-nps-10"');
    expect(es.body).toContain('data-testid="survey-q-csat-5"');
    expect(es.body).not.toContain('data-testid="survey-q-csat-6"');
    expect(es.body).toContain('<label for="q-correo">');
    expect(es.body).toContain('data-testid="survey-submit"');
    expect(es.body).not.toContain('<script');
    const spanish = await t.app.inject({
      method: 'GET',
      url: `/s/${token}?lang=es`,
      headers: { 'accept-language': 'en' },
    });
    expect(spanish.body).toContain('<html lang="es"');
    expect(spanish.body).toContain('Nada probable');
    expect(spanish.body).toContain('Muy probable');
    expect(spanish.body).toContain(`href="/s/${token}?lang=en"`);
    const missing = await t.app.inject({ method: 'GET', url: '/s/nada-que-ver' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('data-testid="survey-not-found"');
  });

  it('validates the form like the JSON route: errors with values kept, escaped; then the confirmation', async () => {
    const survey = await createSurvey({ responseType: 'unique', confirmationMessage: 'Gracias <de verdad>' });
    const token = tokenOf(survey.publicUrl);
    const wrong = await formPost(
      token,
      new URLSearchParams([
        ['lang', 'es'],
        ['q_nps', '12'],
        ['q_comentario', '<script>alert(1)</script>'],
        ['q_correo', 'mal\u0000correo'],
        ['q_temas', 'Pagos'],
        ['q_temas', 'Envíos'],
      ]).toString(),
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain('data-testid="survey-errors"');
    expect(wrong.body).toContain('data-testid="survey-error-csat">Este campo es obligatorio');
    expect(wrong.body).toContain('data-testid="survey-error-nps">Elija un valor de la escala');
    expect(wrong.body).toContain('data-testid="survey-error-correo">Contiene caracteres que no están permitidos');
    expect(wrong.body).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(wrong.body).not.toContain('<script>alert(1)</script>');
    expect(wrong.body).toMatch(/value="Pagos"[^>]*checked/);
    expect(wrong.body).toMatch(/value="Envíos"[^>]*checked/);
    expect(wrong.body).toContain('aria-invalid="true"');
    expect(await count(sql`select count(*)::int as n from survey_responses where survey_id = ${survey.id}`)).toBe(0);

    const done = await formPost(
      token,
      'lang=en&q_csat=5&q_nps=9&q_canal=Chat&q_temas=Pagos&q_temas=Garant%C3%ADa&q_comentario=%3Cscript%3Ex%3C%2Fscript%3E',
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain('data-testid="survey-confirmation"');
    expect(done.body).toContain('Gracias &#60;de verdad&#62;');
    const cookie = cookieOf(done);
    const stored = await t.ctx.db.execute<{ answers: object }>(
      sql`select answers from survey_responses where survey_id = ${survey.id}`,
    );
    expect(stored.rows[0].answers).toEqual({
      csat: 5,
      nps: 9,
      canal: 'Chat',
      temas: ['Pagos', 'Garantía'],
      comentario: '<script>x</script>',
    });
    // Unique: the same browser is refused, through the page and through the JSON route.
    const again = await formPost(token, 'q_csat=4', cookie);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('data-testid="survey-answered"');
    expect((await t.app.inject({ method: 'GET', url: `/s/${token}`, headers: { cookie } })).body).toContain(
      'data-testid="survey-answered"',
    );
    expect((await submit(token, { csat: 4 }, { cookie })).statusCode).toBe(409);
  });

  it('multiple and multipleReplaceLast through the form; the page shows the participant’s own previous answers', async () => {
    const multiple = await createSurvey({ responseType: 'multiple' });
    const token = tokenOf(multiple.publicUrl);
    const first = await formPost(token, 'q_csat=2');
    const cookie = cookieOf(first);
    expect((await formPost(token, 'q_csat=3', cookie)).statusCode).toBe(200);
    expect(await count(sql`select count(*)::int as n from survey_responses where survey_id = ${multiple.id}`)).toBe(2);

    const replace = await createSurvey({ responseType: 'multipleReplaceLast' });
    const replaceToken = tokenOf(replace.publicUrl);
    const mine = cookieOf(await formPost(replaceToken, 'q_csat=1&q_comentario=Secreto+m%C3%ADo'));
    expect((await formPost(replaceToken, 'q_csat=4&q_comentario=Ahora+bien', mine)).statusCode).toBe(200);
    expect(await count(sql`select count(*)::int as n from survey_responses where survey_id = ${replace.id}`)).toBe(1);
    const own = await t.app.inject({ method: 'GET', url: `/s/${replaceToken}`, headers: { cookie: mine } });
    expect(own.body).toContain('Ahora bien');
    expect(own.body).toMatch(/value="4"[^>]*checked/);
    const someoneElse = await t.app.inject({ method: 'GET', url: `/s/${replaceToken}` });
    expect(someoneElse.body).not.toContain('Ahora bien');
    expect(someoneElse.body).not.toContain('Secreto');
  });
});

describe('surveys: results', () => {
  let survey: { id: number; publicUrl: string };
  const TOTAL = 200;

  beforeAll(async () => {
    survey = await createSurvey({ responseType: 'multiple' });
    const found = await surveysRepo.find(t.ctx.db, survey.id);
    const questions = found?.survey.questions ?? [];
    const general = await t.ctx.db.execute<{ id: string }>(
      sql`select id from survey_links where survey_id = ${survey.id} and kind = 'general'`,
    );
    const linkId = Number(general.rows[0].id);
    const { customerId, ticketId } = await customerTicket();
    const personal = await personalLink(survey.id, { ticketId });
    // 200 deterministic responses over 20 days, some questions skipped.
    await t.ctx.db.transaction(async (tx) => {
      for (let index = 0; index < TOTAL; index += 1) {
        const answers: Record<string, unknown> = { csat: (index % 5) + 1 };
        if (index % 3 !== 0) answers.nps = (index * 7) % 11;
        if (index % 4 !== 0) answers.canal = ['Chat', 'Correo', 'Teléfono'][index % 3];
        if (index % 2 === 0) answers.temas = index % 6 === 0 ? ['Pagos', 'Envíos'] : ['Garantía'];
        if (index % 10 === 0) answers.comentario = `Comentario ${index}`;
        const checked = checkAnswers(questions, answers as never);
        expect(checked.errors).toEqual([]);
        const isPersonal = index % 8 === 0;
        await surveysRepo.insertResponse(
          tx,
          {
            surveyId: survey.id,
            linkId: isPersonal ? personal.id : linkId,
            participant: isPersonal ? `link:${personal.id}` : `browser:p${index % 50}`,
            customerId: isPersonal ? customerId : null,
            ticketId: isPersonal ? ticketId : null,
            campaignId: isPersonal ? desk.campaignId : null,
            source: isPersonal ? 'personal' : 'general',
            answers: checked.answers,
            submittedAt: new Date(Date.now() - (index % 20) * 86_400_000 - 3_600_000),
          },
          checked.rows,
        );
      }
    });
  });

  /** The expected figures, computed in SQL from the stored responses' jsonb (not from survey_answers). */
  async function expected(where: ReturnType<typeof sql>) {
    const scale = async (key: string) =>
      (
        await t.ctx.db.execute<{ value: number; n: number }>(sql`
          select (answers ->> ${key})::int as value, count(*)::int as n from survey_responses r
          where ${where} and answers ? ${key} group by 1 order by 1`)
      ).rows;
    const stats = async (key: string) =>
      (
        await t.ctx.db.execute<{ answered: number; average: number }>(sql`
          select count(*)::int as answered, round(avg((answers ->> ${key})::numeric), 2)::float8 as average
          from survey_responses r where ${where} and answers ? ${key}`)
      ).rows[0];
    const totals = (
      await t.ctx.db.execute<{ responses: number; participants: number }>(sql`
        select count(*)::int as responses, count(distinct participant)::int as participants
        from survey_responses r where ${where}`)
    ).rows[0];
    const options = (
      await t.ctx.db.execute<{ label: string; n: number }>(sql`
        select o as label, count(*)::int as n from survey_responses r, jsonb_array_elements_text(answers -> 'temas') o
        where ${where} group by 1`)
    ).rows;
    const perDay = (
      await t.ctx.db.execute<{ date: string; count: number }>(sql`
        select to_char((submitted_at at time zone (select time_zone from business order by id limit 1))::date,
          'YYYY-MM-DD') as date, count(*)::int as count
        from survey_responses r where ${where} group by 1 order by 1`)
    ).rows;
    return {
      totals,
      csat: await scale('csat'),
      nps: await scale('nps'),
      csatStats: await stats('csat'),
      npsStats: await stats('nps'),
      options,
      perDay,
    };
  }

  it('computes the figures in SQL: averages, distributions, CSAT, NPS, per day', async () => {
    const analysis = (await api.get(`/api/v2/surveys/${survey.id}/analysis`, admin)).json().result as SurveyAnalysis;
    const sqlFigures = await expected(sql`r.survey_id = ${survey.id}`);
    expect(analysis.responses).toBe(TOTAL);
    expect(analysis.participants).toBe(sqlFigures.totals.participants);
    expect(analysis.linksSent).toBe(1);
    expect(analysis.linksAnswered).toBe(1);
    expect(analysis.perDay).toEqual(sqlFigures.perDay);
    const [csat, nps, canal, temas, comentario] = analysis.questions;
    expect(csat.answered).toBe(sqlFigures.csatStats.answered);
    expect(csat.average).toBeCloseTo(sqlFigures.csatStats.average, 2);
    expect(csat.distribution).toEqual(sqlFigures.csat.map((row) => ({ label: String(row.value), count: row.n })));
    const top = sqlFigures.csat.filter((row) => row.value >= 4).reduce((sum, row) => sum + row.n, 0);
    expect(csat.satisfaction).toBeCloseTo((top / sqlFigures.csatStats.answered) * 100, 2);
    expect(nps.answered).toBe(sqlFigures.npsStats.answered);
    expect(nps.skipped).toBe(TOTAL - sqlFigures.npsStats.answered);
    expect(nps.average).toBeCloseTo(sqlFigures.npsStats.average, 2);
    const npsCount = (test: (value: number) => boolean) =>
      sqlFigures.nps.filter((row) => test(row.value)).reduce((sum, row) => sum + row.n, 0);
    const promoters = npsCount((value) => value >= 9);
    const detractors = npsCount((value) => value <= 6);
    expect(nps.nps).toEqual({
      promoters,
      passives: npsCount((value) => value === 7 || value === 8),
      detractors,
      score: expect.closeTo(((promoters - detractors) / sqlFigures.npsStats.answered) * 100, 2),
    });
    expect(nps.distribution).toHaveLength(11);
    expect(canal.distribution.map((entry) => entry.label)).toEqual(['Chat', 'Correo', 'Teléfono']);
    expect(canal.distribution.reduce((sum, entry) => sum + entry.count, 0)).toBe(canal.answered);
    expect(temas.distribution).toEqual(
      ['Pagos', 'Envíos', 'Garantía'].map((label) => ({
        label,
        count: sqlFigures.options.find((row) => row.label === label)?.n ?? 0,
      })),
    );
    expect(comentario.latest).toHaveLength(20);
    expect(comentario.latest[0].value).toMatch(/^Comentario \d+$/);

    // Filters: personal responses of the campaign, in a period.
    const from = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    const filtered = (
      await api.get(
        `/api/v2/surveys/${survey.id}/analysis?source=personal&campaignId=${desk.campaignId}&from=${from}`,
        admin,
      )
    ).json().result as SurveyAnalysis;
    const filteredSql = await expected(
      sql`r.survey_id = ${survey.id} and r.source = 'personal' and r.campaign_id = ${desk.campaignId}
        and r.submitted_at >= (${from}::date)::timestamp at time zone (select time_zone from business order by id limit 1)`,
    );
    expect(filtered.responses).toBe(filteredSql.totals.responses);
    expect(filtered.perDay).toEqual(filteredSql.perDay);
    expect(filtered.questions[0].average).toBeCloseTo(filteredSql.csatStats.average, 2);
    const general = (await api.get(`/api/v2/surveys/${survey.id}/analysis?source=general`, admin)).json().result;
    expect(general.responses).toBe(TOTAL - TOTAL / 8);
    expect(general.linksSent).toBe(0);
  });

  it('pages the participants newest first', async () => {
    const seen: number[] = [];
    let previous = Number.POSITIVE_INFINITY;
    for (let page = 1; page <= 4; page += 1) {
      const response = await api.get(`/api/v2/surveys/${survey.id}/participants?page=${page}&sizePerPage=50`, admin);
      expect(response.statusCode).toBe(200);
      const result = response.json().result;
      expect(result.total).toBe(TOTAL);
      expect(result.data).toHaveLength(50);
      for (const row of result.data) {
        const at = new Date(row.submittedAt).getTime();
        expect(at).toBeLessThanOrEqual(previous);
        previous = at;
        seen.push(row.responseId);
      }
    }
    expect(new Set(seen).size).toBe(TOTAL);
    const personal = (await api.get(`/api/v2/surveys/${survey.id}/participants?source=personal`, admin)).json().result;
    expect(personal.total).toBe(TOTAL / 8);
    expect(personal.data[0]).toMatchObject({ source: 'personal', customer: { id: expect.any(Number) } });
  });

  it('downloads the xlsx report in the caller’s language', async () => {
    for (const [locale, names] of [
      ['es', ['Resumen', 'Respuestas']],
      ['en', ['Summary', 'Responses']],
    ] as const) {
      const response = await api.get(`/api/v2/surveys/${survey.id}/report`, admin, locale);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as never);
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(names);
      const summary = workbook.getWorksheet(names[0]);
      expect(summary?.getRow(2).getCell(1).value).toBe('¿Qué tan satisfecho está?');
      expect(summary?.getRow(2).getCell(3).value).toBe(TOTAL);
      const responses = workbook.getWorksheet(names[1]);
      expect(responses?.rowCount).toBe(TOTAL + 1);
      const header = responses?.getRow(1).values as unknown[];
      expect(header).toContain('¿Nos recomendaría?');
      expect(header).toContain(locale === 'es' ? 'Fecha' : 'Date');
      expect(responses?.getRow(2).getCell(2).value).toBeInstanceOf(Date);
    }
  });
});

describe('surveys: sent when a ticket closes', () => {
  it('sends the campaign’s survey message with a personal link once, whatever retries', async () => {
    const survey = await createSurvey({ responseType: 'unique' });
    const closing = await deskCampaign(t, admin, {
      agents: [],
      config: {
        autoAssign: false,
        closeWithoutTask: true,
        closeWithoutCustomerInfo: true,
        surveyId: survey.id,
        surveyMessage: 'Califíquenos: {{encuesta.enlace}} ¡Gracias!',
      },
    });
    const campaign = (await api.get(`/api/v2/surveys/${survey.id}`, admin)).json().result;
    expect(campaign.campaigns).toEqual([{ id: closing.campaignId, name: expect.any(String) }]);
    const received = await t.services.inbound.receive(closing.channelId, {
      providerMessageId: unique('close'),
      from: `${unique('cierre').replace(/\W/g, '')}@cliente.test`,
      text: 'Hola',
      subject: 'Consulta',
    });
    const closed = await api.post(`/api/v2/tickets/${received.ticketId}/close`, admin, {});
    expect(closed.statusCode, closed.body).toBe(200);
    const surveyMessages = async () =>
      (await messagesOf(t, admin, received.ticketId)).filter(
        (message) => message.direction === 1 && message.text?.startsWith('Califíquenos:'),
      );
    const [sent] = await waitFor(async () => {
      const found = await surveyMessages();
      return found.length ? found : null;
    }, 'the survey message');
    const url = /http:\/\/localhost:3000\/s\/([A-Za-z0-9_-]{32})/.exec(sent.text ?? '');
    expect(url).not.toBeNull();
    expect(sent.text).toBe(`Califíquenos: ${url?.[0]} ¡Gracias!`);
    // The link is the ticket's customer's, about the ticket.
    const link = (await api.get(`/api/v2/surveys/${survey.id}/links`, admin)).json().result.data[0] as SurveyLink;
    expect(link).toMatchObject({ ticketId: received.ticketId, url: url?.[0] });

    // A retried job, a second close event: nothing more.
    await t.ctx.events.emit('ticket.closed', { ticketId: received.ticketId });
    await t.ctx.jobs.send('surveys.close', { ticketId: received.ticketId });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await surveyMessages()).toHaveLength(1);
    expect(await count(sql`select count(*)::int as n from survey_links where ticket_id = ${received.ticketId}`)).toBe(
      1,
    );
    // Answering through it counts for the campaign.
    expect((await submit(url?.[1] as string, { csat: 5 })).statusCode).toBe(200);
    const analysis = (
      await api.get(`/api/v2/surveys/${survey.id}/analysis?campaignId=${closing.campaignId}`, admin)
    ).json().result as SurveyAnalysis;
    expect(analysis).toMatchObject({ responses: 1, linksSent: 1, linksAnswered: 1 });
  });
});
