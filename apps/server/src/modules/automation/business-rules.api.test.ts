import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BusinessRule, RuleExecution } from '@atiende/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../test/app.js';
import {
  type Actor,
  caller,
  collect,
  connect,
  deskCampaign,
  messagesOf,
  signedInWith,
  waitFor,
} from '../../test/desk.js';
import { waitForMail } from '../../test/mailbox.js';

// Business rules on the real API: permissions and another campaign's rules, validation in both languages, each
// action from a real event (a customer's message, a ticket created, updated, escalated, a task, an assignment), the
// loop guard, an automation on a controlled clock, and webhooks (signed, retried after a failure, loopback refused).

let t: TestApp;
let admin: Actor;
let agent: Actor;
let supervisor: Actor;
let api: ReturnType<typeof caller>;
let desk: { channelId: number; campaignId: number };
let other: { channelId: number; campaignId: number };

interface Hook {
  url: string;
  calls: { body: string; signature: string | undefined }[];
  /** Answers these statuses first, then 200. */
  failFirst: number[];
  close(): Promise<void>;
}
let hook: Hook;

async function startHook(): Promise<Hook> {
  const state: Hook = { url: '', calls: [], failFirst: [], close: async () => {} };
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      state.calls.push({ body, signature: request.headers['x-atiende-signature'] as string | undefined });
      response.statusCode = state.failFirst.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/atiende`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}

let sequence = 0;
const unique = (prefix: string) => `${prefix}-${Date.now()}-${++sequence}`;

async function receive(text: string, channelId = desk.channelId) {
  return t.services.inbound.receive(channelId, {
    providerMessageId: unique('in'),
    from: `${unique('cliente')}@cliente.test`,
    text,
    subject: 'Consulta',
  });
}

async function createRule(body: Record<string, unknown>, actor = admin): Promise<BusinessRule> {
  const response = await api.post('/api/v2/business-rules', actor, {
    campaignId: desk.campaignId,
    enabled: true,
    conditions: { match: 'all', conditions: [] },
    ...body,
  });
  if (response.statusCode !== 201) throw new Error(`rule not created: ${response.body}`);
  return response.json().result;
}

async function disable(rule: BusinessRule) {
  const { id, campaign, lastRunAt, createdAt, updatedAt, actions, ...rest } = rule;
  await api.put(`/api/v2/business-rules/${id}`, admin, {
    ...rest,
    campaignId: campaign.id,
    actions: actions.map((action) => (action.type === 'webhook' ? { type: 'webhook', url: action.url } : action)),
    enabled: false,
  });
}

async function executionsOf(ruleId: number): Promise<RuleExecution[]> {
  return (await api.get(`/api/v2/business-rules/${ruleId}/executions`, admin)).json().result.data;
}

/** The rule's execution on the ticket once it settled (webhooks may still be queued). */
function executionOn(ruleId: number, ticketId: number, what: string): Promise<RuleExecution> {
  return waitFor(async () => {
    const found = (await executionsOf(ruleId)).find((execution) => execution.ticket.id === ticketId);
    return found && found.detail !== 'Interrumpida antes de terminar' ? found : null;
  }, what);
}

async function ticket(id: number) {
  return (await api.get(`/api/v2/tickets/${id}`, admin)).json().result;
}

beforeAll(async () => {
  hook = await startHook();
  t = await createTestApp({ listen: true, allowOutbound: [hook.url] });
  api = caller(t);
  admin = await signedIn(t, 'admin');
  agent = await signedIn(t, 'agent');
  supervisor = await signedIn(t, 'super');
  desk = await deskCampaign(t, admin, { agents: [agent], supervisors: [supervisor], config: { autoAssign: false } });
  other = await deskCampaign(t, admin, { agents: [], config: { autoAssign: false } });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await hook?.close();
});

describe('business rules as records', () => {
  it('refuses who lacks the permission, and hides another campaign’s rules', async () => {
    expect((await api.get('/api/v2/business-rules', agent)).statusCode).toBe(403);
    expect((await api.post('/api/v2/business-rules', agent, {})).statusCode).toBe(403);
    expect((await api.get('/api/v2/automation/options', agent)).statusCode).toBe(403);
    expect((await api.post('/api/v2/business-rules/preview', agent, {})).statusCode).toBe(403);
    const keeper = await signedInWith(t, admin, [
      'ver-menu-business-rule',
      'agregar-business-rule',
      'editar-business-rule',
    ]);
    const own = await deskCampaign(t, admin, { agents: [keeper], config: { autoAssign: false } });
    const mine = await createRule(
      {
        campaignId: own.campaignId,
        name: 'Mía',
        kind: 'trigger',
        triggerEvent: 'ticketCreated',
        actions: [{ type: 'setPriority', priority: 2 }],
      },
      keeper,
    );
    const theirs = await createRule({
      campaignId: other.campaignId,
      name: 'Ajena',
      kind: 'trigger',
      triggerEvent: 'ticketCreated',
      actions: [{ type: 'setPriority', priority: 2 }],
    });
    await disable(theirs);
    expect((await api.get(`/api/v2/business-rules/${theirs.id}`, keeper)).statusCode).toBe(404);
    expect(
      (await api.put(`/api/v2/business-rules/${theirs.id}`, keeper, { ...theirs, campaignId: other.campaignId }))
        .statusCode,
    ).toBe(404);
    expect((await api.delete(`/api/v2/business-rules/${theirs.id}`, keeper)).statusCode).toBe(404);
    expect((await api.get(`/api/v2/business-rules/${theirs.id}/executions`, keeper)).statusCode).toBe(404);
    const listed = (await api.get('/api/v2/business-rules?sizePerPage=100', keeper)).json().result
      .data as BusinessRule[];
    expect(listed.map((rule) => rule.id)).toEqual([mine.id]);
    // Nobody writes a rule for, or sends tickets to, a campaign outside their scope.
    const elsewhere = await api.post('/api/v2/business-rules', keeper, {
      campaignId: other.campaignId,
      name: 'X',
      kind: 'trigger',
      triggerEvent: 'ticketCreated',
      conditions: { match: 'all', conditions: [] },
      actions: [{ type: 'close' }],
    });
    expect(elsewhere.statusCode).toBe(422);
    const moving = await api.post('/api/v2/business-rules', keeper, {
      campaignId: own.campaignId,
      name: 'X',
      kind: 'trigger',
      triggerEvent: 'ticketCreated',
      conditions: { match: 'all', conditions: [] },
      actions: [{ type: 'transferToCampaign', campaignId: other.campaignId }],
    });
    expect(moving.statusCode).toBe(422);
    expect(moving.json().result.fields[0].field).toBe('actions.0.campaignId');
    await disable(mine);
    expect((await api.get(`/api/v2/automation/options?campaignId=${other.campaignId}`, keeper)).statusCode).toBe(404);
    const options = (await api.get(`/api/v2/automation/options?campaignId=${own.campaignId}`, keeper)).json().result;
    expect(options.campaigns.map((campaign: { id: number }) => campaign.id)).toEqual([own.campaignId]);
    expect(options.users.map((user: { id: number }) => user.id)).toContain(keeper.id);
  });

  it('answers bad input with translated field errors, and saves nothing', async () => {
    const bad = {
      campaignId: desk.campaignId,
      name: '',
      kind: 'automation',
      conditions: {
        match: 'all',
        conditions: [
          { field: 'ticket.status', type: 'enum', operator: 'changedTo', value: 1 },
          { field: 'ticket.createdAt', type: 'datetime', operator: 'contains', value: 'x' },
          { field: 'ticket.priority', type: 'enum', operator: 'equals', value: 7 },
        ],
      },
      actions: [],
    };
    const es = await api.post('/api/v2/business-rules', admin, bad, 'es');
    expect(es.statusCode).toBe(422);
    const esFields = Object.fromEntries(
      es.json().result.fields.map((field: { field: string; message: string }) => [field.field, field.message]),
    );
    expect(esFields.name).toBe('Escriba el nombre de la regla');
    expect(esFields.actions).toBe('Agregue al menos una acción');
    expect(esFields['conditions.conditions.1.operator']).toBe('El operador no aplica a este campo');
    expect(esFields['conditions.conditions.2.value']).toBe('Elija uno de los valores ofrecidos');
    // The rules between fields, once each field is valid.
    const noSchedule = await api.post('/api/v2/business-rules', admin, {
      campaignId: desk.campaignId,
      name: 'Sin frecuencia',
      kind: 'automation',
      conditions: { match: 'all', conditions: [] },
      actions: [{ type: 'close' }],
    });
    expect(noSchedule.json().result.fields).toEqual([
      { field: 'everyMinutes', message: 'Indique cada cuántos minutos se evalúa (mínimo 5)' },
    ]);
    const changedTo = (locale: string) =>
      api.post(
        '/api/v2/business-rules',
        admin,
        {
          campaignId: desk.campaignId,
          name: 'Cambio programado',
          kind: 'automation',
          everyMinutes: 5,
          conditions: { match: 'all', conditions: [bad.conditions.conditions[0]] },
          actions: [{ type: 'close' }],
        },
        locale,
      );
    expect((await changedTo('es')).json().result.fields).toEqual([
      { field: 'conditions', message: '«Cambió a» solo se puede usar en reglas que se activan por un evento' },
    ]);
    expect((await changedTo('en')).json().result.fields).toEqual([
      { field: 'conditions', message: '“Changed to” can only be used by rules an event triggers' },
    ]);
    const en = await api.post('/api/v2/business-rules', admin, bad, 'en');
    const enMessages = en.json().result.fields.map((field: { message: string }) => field.message);
    expect(enMessages).toContain('Enter the rule’s name');
    expect(enMessages).toContain('The operator does not apply to this field');
    // A form field the campaign's form does not have; text with a control character.
    const unknownField = await api.post('/api/v2/business-rules', admin, {
      campaignId: desk.campaignId,
      name: 'Campo',
      kind: 'trigger',
      triggerEvent: 'taskCreated',
      conditions: { match: 'all', conditions: [{ field: 'form.no_existe', type: 'text', operator: 'isEmpty' }] },
      actions: [{ type: 'close' }],
    });
    expect(unknownField.statusCode).toBe(422);
    expect(unknownField.json().result.fields[0]).toEqual({
      field: 'conditions.conditions.0.field',
      message: 'El formulario de la campaña no tiene ese campo',
    });
    const control = await api.post('/api/v2/business-rules', admin, {
      campaignId: desk.campaignId,
      name: 'Regla\u0000',
      kind: 'trigger',
      triggerEvent: 'taskCreated',
      conditions: { match: 'all', conditions: [] },
      actions: [{ type: 'close' }],
    });
    expect(control.statusCode).toBe(422);
    const listed = (
      await api.get(`/api/v2/business-rules?campaignId=${desk.campaignId}&searchText=Campo`, admin)
    ).json().result.data;
    expect(listed).toEqual([]);
  });

  it('refuses a webhook to a loopback, private or metadata address unless the operator allowed it', async () => {
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://10.0.0.8/hook',
      'http://169.254.169.254/latest',
      'http://localhost:3000/',
    ]) {
      const response = await api.post('/api/v2/business-rules', admin, {
        campaignId: desk.campaignId,
        name: 'Webhook local',
        kind: 'trigger',
        triggerEvent: 'ticketCreated',
        conditions: { match: 'all', conditions: [] },
        actions: [{ type: 'webhook', url }],
      });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().result.fields[0]).toEqual({
        field: 'actions.0.url',
        message: 'Esa dirección no está permitida: apunta a la propia red o a una dirección privada',
      });
    }
  });

  it('previews how many open tickets match now', async () => {
    const marker = unique('previsualizar');
    await receive(`Hola ${marker}`);
    await receive(`Otra ${marker}`);
    const preview = await api.post('/api/v2/business-rules/preview', admin, {
      campaignId: desk.campaignId,
      conditions: {
        match: 'all',
        conditions: [{ field: 'message.text', type: 'text', operator: 'contains', value: marker }],
      },
    });
    expect(preview.json().result).toEqual({ count: 2, capped: false });
  });
});

describe('trigger rules', () => {
  it('run every action on a customer’s message, once, logged on the rule and the ticket', async () => {
    const marker = unique('URGENTE');
    const label = (await api.get(`/api/v2/automation/options?campaignId=${desk.campaignId}`, admin)).json().result
      .labels[0] as { id: number };
    const rule = await createRule({
      name: 'Mensajes urgentes',
      kind: 'trigger',
      triggerEvent: 'messageReceived',
      conditions: {
        match: 'all',
        conditions: [{ field: 'message.text', type: 'text', operator: 'contains', value: marker.toLowerCase() }],
      },
      actions: [
        { type: 'setPriority', priority: 2 },
        { type: 'addCustomerLabel', labelId: label.id },
        { type: 'addTask', notes: 'Llamar al cliente hoy', nextTaskInMinutes: 60 },
        { type: 'notifySupervisors', message: 'Llegó un mensaje urgente' },
        { type: 'sendEmail', to: ['jefe@empresa.test'], subject: 'Caso urgente', body: 'Revise el caso.' },
        { type: 'webhook', url: hook.url, secret: 'un-secreto-de-webhook-largo' },
      ],
    });
    expect(rule.actions[5]).toEqual({ type: 'webhook', url: hook.url, timeoutSeconds: 10, hasSecret: true });
    expect(JSON.stringify(rule)).not.toContain('un-secreto');
    const socket = await connect(t, supervisor);
    const notices = collect(socket, 'rule-notice');
    const since = Date.now();
    const calls = hook.calls.length;
    const received = await receive(`Necesito ayuda ${marker}`);
    await receive('Un mensaje que no coincide');

    const execution = await executionOn(rule.id, received.ticketId, 'the rule’s execution');
    expect(execution.trigger).toBe('messageReceived');
    expect(execution.ticket.id).toBe(received.ticketId);
    const done = await waitFor(async () => {
      const found = (await executionsOf(rule.id)).find((entry) => entry.id === execution.id);
      return found?.actions[5].outcome === 'done' ? found : null;
    }, 'the webhook delivered');
    expect(done.status).toBe('succeeded');
    expect(done.actions.map((action) => action.outcome)).toEqual(['done', 'done', 'done', 'done', 'queued', 'done']);
    expect((await executionsOf(rule.id)).filter((entry) => entry.ticket.id !== received.ticketId)).toEqual([]);

    const view = await ticket(received.ticketId);
    expect(view.priority).toBe(2);
    expect(view.tasks.map((task: { notes: string | null }) => task.notes)).toContain('Llamar al cliente hoy');
    expect(view.nextTaskAt).not.toBeNull();
    const customer = (await api.get(`/api/v2/customers/${view.customer.id}`, admin)).json().result;
    expect(customer.labels.map((entry: { id: number }) => entry.id)).toContain(label.id);
    await waitFor(() => notices.length > 0, 'the supervisors’ notice');
    expect(notices[0]).toMatchObject({
      rule: 'Mensajes urgentes',
      ticketId: received.ticketId,
      message: 'Llegó un mensaje urgente',
    });
    socket.disconnect();
    const mail = await waitForMail(t.outbox, 'jefe@empresa.test', { since });
    expect(mail.subject).toContain('Caso urgente');
    const call = hook.calls[calls];
    const expected = `sha256=${createHmac('sha256', 'un-secreto-de-webhook-largo').update(call.body).digest('hex')}`;
    expect(call.signature).toBe(expected);
    expect(JSON.parse(call.body)).toMatchObject({ rule: { id: rule.id }, ticket: { id: received.ticketId } });
    const onTicket = (await api.get(`/api/v2/tickets/${received.ticketId}/rule-executions`, admin)).json().result.data;
    expect(onTicket.map((entry: RuleExecution) => entry.id)).toContain(execution.id);
    // Another user's ticket: who may not read it does not see its executions.
    const outsider = await signedIn(t, 'agent');
    expect((await api.get(`/api/v2/tickets/${received.ticketId}/rule-executions`, outsider)).statusCode).toBe(404);
    // An update without the secret keeps it.
    const { id, campaign, lastRunAt, createdAt, updatedAt, actions, ...rest } = rule;
    const updated = await api.put(`/api/v2/business-rules/${id}`, admin, {
      ...rest,
      campaignId: campaign.id,
      enabled: false,
      actions: actions.map((action) => (action.type === 'webhook' ? { type: 'webhook', url: action.url } : action)),
    });
    expect(updated.json().result.actions[5].hasSecret).toBe(true);
  });

  it('send a message template filled for the ticket on its conversation', async () => {
    const marker = unique('plantilla');
    const template = await api.post('/api/v2/templates', admin, {
      name: `Acuse ${marker}`,
      channelType: null,
      body: 'Hola {{cliente.nombre}}, recibimos su mensaje; su caso es el #{{caso.numero}}.',
      allCampaigns: true,
      campaignIds: [],
      enabled: true,
    });
    expect(template.statusCode).toBe(201);
    const templateId = template.json().result.id as number;
    const options = (await api.get(`/api/v2/automation/options?campaignId=${desk.campaignId}`, admin)).json().result;
    expect(options.templates.map((entry: { id: number }) => entry.id)).toContain(templateId);
    const unknown = await api.post('/api/v2/business-rules', admin, {
      campaignId: desk.campaignId,
      name: 'Plantilla inexistente',
      kind: 'trigger',
      triggerEvent: 'messageReceived',
      conditions: { match: 'all', conditions: [] },
      actions: [{ type: 'sendTemplate', templateId: 999_999_999 }],
    });
    expect(unknown.json().result.fields).toEqual([
      { field: 'actions.0.templateId', message: 'La plantilla no existe, está deshabilitada o no es de esta campaña' },
    ]);
    const rule = await createRule({
      name: 'Acuse de recibo',
      kind: 'trigger',
      triggerEvent: 'messageReceived',
      conditions: {
        match: 'all',
        conditions: [{ field: 'message.text', type: 'text', operator: 'contains', value: marker }],
      },
      actions: [{ type: 'sendTemplate', templateId }],
    });
    const received = await receive(`Hola ${marker}`);
    const execution = await executionOn(rule.id, received.ticketId, 'the template sent');
    expect(execution.actions).toEqual([{ type: 'sendTemplate', outcome: 'queued', detail: null }]);
    const number = (await ticket(received.ticketId)).number;
    const messages = await messagesOf(t, admin, received.ticketId);
    const sent = messages.find((message) => message.direction === 1);
    expect(sent?.text).toContain(`su caso es el #${number}`);
    await disable(rule);
  });

  it('escalate a ticket and assign it by skill to an available agent who has it', async () => {
    const options = (await api.get(`/api/v2/automation/options?campaignId=${desk.campaignId}`, admin)).json().result;
    const skill = options.skills[0] as { id: number };
    expect(skill).toBeTruthy();
    // The agent has the skill (as the users form would save it) and is available.
    await t.ctx.db.$client.query('insert into user_skills (user_id, skill_id) values ($1, $2) on conflict do nothing', [
      agent.id,
      skill.id,
    ]);
    expect((await api.post('/api/v2/supervision/agente/estado', agent, { estado: 'A' })).statusCode).toBe(200);
    const marker = unique('habilidad');
    const rule = await createRule({
      name: 'Escalar y asignar por habilidad',
      kind: 'trigger',
      triggerEvent: 'messageReceived',
      conditions: {
        match: 'all',
        conditions: [{ field: 'message.text', type: 'text', operator: 'contains', value: marker }],
      },
      actions: [
        { type: 'setStatus', status: 2 },
        { type: 'assignBySkill', skillId: skill.id },
      ],
    });
    const received = await receive(`Consulta técnica ${marker}`);
    const execution = await executionOn(rule.id, received.ticketId, 'the escalation');
    expect(execution.status).toBe('succeeded');
    const view = await ticket(received.ticketId);
    expect(view.status).toBe(2);
    expect(view.assigned?.id).toBe(agent.id);
    // Nobody with a skill that no one has: the action says why and the rest is skipped.
    const unknownSkill = await api.post('/api/v2/business-rules', admin, {
      campaignId: desk.campaignId,
      name: 'Habilidad inexistente',
      kind: 'trigger',
      triggerEvent: 'messageReceived',
      conditions: { match: 'all', conditions: [] },
      actions: [{ type: 'assignBySkill', skillId: 999_999_999 }],
    });
    expect(unknownSkill.json().result.fields).toEqual([
      { field: 'actions.0.skillId', message: 'La habilidad no existe' },
    ]);
    await disable(rule);
  });

  it('assign on a new ticket, set the type when the priority changed to low, close on escalation', async () => {
    const types = (await api.get(`/api/v2/automation/options?campaignId=${desk.campaignId}`, admin)).json().result
      .ticketTypes as { id: number }[];
    const assign = await createRule({
      name: 'Asignar nuevos',
      kind: 'trigger',
      triggerEvent: 'ticketCreated',
      actions: [{ type: 'assignAgent', userId: agent.id }],
    });
    const typed = await createRule({
      name: 'Tipo al bajar prioridad',
      kind: 'trigger',
      triggerEvent: 'ticketUpdated',
      conditions: {
        match: 'all',
        conditions: [{ field: 'ticket.priority', type: 'enum', operator: 'changedTo', value: 0 }],
      },
      actions: [{ type: 'setType', typeId: types[0].id }],
    });
    const closing = await createRule({
      name: 'Cerrar escalados',
      kind: 'trigger',
      triggerEvent: 'statusChanged',
      conditions: {
        match: 'all',
        conditions: [{ field: 'ticket.status', type: 'enum', operator: 'changedTo', value: 2 }],
      },
      actions: [{ type: 'close' }],
    });
    const received = await receive('Caso nuevo para asignar');
    await executionOn(assign.id, received.ticketId, 'the assignment');
    expect((await ticket(received.ticketId)).assigned?.id).toBe(agent.id);
    await disable(assign);

    const current = await ticket(received.ticketId);
    const put = await api.put(`/api/v2/tickets/${received.ticketId}`, agent, {
      priority: 0,
      description: current.description,
    });
    expect(put.statusCode).toBe(200);
    await executionOn(typed.id, received.ticketId, 'the type set');
    expect((await ticket(received.ticketId)).type?.id).toBe(types[0].id);
    await disable(typed);

    expect((await api.post(`/api/v2/tickets/${received.ticketId}/escalate`, agent)).statusCode).toBe(200);
    await executionOn(closing.id, received.ticketId, 'the close');
    expect((await ticket(received.ticketId)).status).toBe(4);
    await disable(closing);
    // The history names the rule.
    const audit = (await api.get(`/api/v2/tickets/${received.ticketId}/history`, admin)).json().result;
    expect(JSON.stringify(audit)).toContain('Cerrar escalados');
  });

  it('move a ticket to another campaign when a task is added, and hand it back to the queue on assignment', async () => {
    const moving = await createRule({
      name: 'Mover con gestión',
      kind: 'trigger',
      triggerEvent: 'taskCreated',
      actions: [{ type: 'transferToCampaign', campaignId: other.campaignId }],
    });
    const received = await receive('Caso para mover');
    const task = await api.post(`/api/v2/tickets/${received.ticketId}/tasks`, admin, { values: {}, notes: 'Gestión' });
    expect(task.statusCode).toBeLessThan(300);
    await executionOn(moving.id, received.ticketId, 'the move');
    const moved = await ticket(received.ticketId);
    expect(moved.campaign.id).toBe(other.campaignId);
    expect(moved.assigned).toBeNull();
    await disable(moving);

    const requeue = await createRule({
      name: 'Reencolar',
      kind: 'trigger',
      triggerEvent: 'assigned',
      conditions: {
        match: 'all',
        conditions: [{ field: 'ticket.assignedUserId', type: 'reference', operator: 'equals', value: agent.id }],
      },
      actions: [{ type: 'assignByDistribution' }],
    });
    const second = await receive('Caso para reencolar');
    // Assigned as routing or a supervisor would: the `assigned` event reaches the rule.
    await t.services.tickets.automated.assign(second.ticketId, agent.id, { ruleName: 'prueba' });
    const execution = await executionOn(requeue.id, second.ticketId, 'the requeue');
    expect(execution.status).toBe('succeeded');
    const view = await ticket(second.ticketId);
    expect(view.assigned).toBeNull();
    await disable(requeue);
  });

  it('stop a loop: rules that trigger each other run once each per chain, and the rest is logged as skipped', async () => {
    const up = await createRule({
      name: 'Subir prioridad',
      kind: 'trigger',
      triggerEvent: 'ticketUpdated',
      conditions: {
        match: 'all',
        conditions: [{ field: 'ticket.priority', type: 'enum', operator: 'differs', value: 2 }],
      },
      actions: [{ type: 'setPriority', priority: 2 }],
    });
    const down = await createRule({
      name: 'Bajar prioridad',
      kind: 'trigger',
      triggerEvent: 'ticketUpdated',
      conditions: {
        match: 'all',
        conditions: [{ field: 'ticket.priority', type: 'enum', operator: 'equals', value: 2 }],
      },
      actions: [{ type: 'setPriority', priority: 0 }],
    });
    const received = await receive('Caso del ciclo');
    const current = await ticket(received.ticketId);
    await api.put(`/api/v2/tickets/${received.ticketId}`, admin, { priority: 0, description: current.description });
    const executions = async () =>
      [...(await executionsOf(up.id)), ...(await executionsOf(down.id))].filter(
        (entry) => entry.ticket.id === received.ticketId,
      );
    const guarded = await waitFor(async () => {
      const all = await executions();
      return all.some((entry) => entry.status === 'skipped') ? all : null;
    }, 'the loop guard');
    expect(guarded.find((entry) => entry.status === 'skipped')?.detail).toContain('protección contra ciclos');
    // It settles: two reads a second apart agree, and each rule acted a bounded number of times.
    const settled = await waitFor(async () => {
      const before = (await executions()).length;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const after = await executions();
      return after.length === before ? after : null;
    }, 'the chain to settle');
    expect(settled.filter((entry) => entry.status === 'succeeded').length).toBeGreaterThanOrEqual(2);
    expect(settled.length).toBeLessThanOrEqual(2 * 5);
    await disable(up);
    await disable(down);
  });
});

describe('automation rules', () => {
  it('fire once per ticket when the time condition is met, on a controlled clock', async () => {
    const marker = unique('sin-respuesta');
    const rule = await createRule({
      name: 'Sin respuesta en 2 horas',
      kind: 'automation',
      everyMinutes: 5,
      conditions: {
        match: 'all',
        conditions: [
          { field: 'message.text', type: 'text', operator: 'contains', value: marker },
          { field: 'message.direction', type: 'enum', operator: 'equals', value: 0 },
          { field: 'message.at', type: 'datetime', operator: 'olderThan', value: { amount: 2, unit: 'hours' } },
        ],
      },
      actions: [{ type: 'setPriority', priority: 2 }],
    });
    const received = await receive(`Espero respuesta ${marker}`);
    const start = Date.now();
    expect(await t.services.rules.runDue(new Date(start + 60 * 60_000))).toBe(0);
    // Not due again until its next run, whatever the tickets.
    expect(await t.services.rules.runDue(new Date(start + 61 * 60_000))).toBe(0);
    expect(await t.services.rules.runDue(new Date(start + 3 * 60 * 60_000))).toBe(1);
    const execution = await executionOn(rule.id, received.ticketId, 'the automation');
    expect(execution.trigger).toBe('schedule');
    expect((await ticket(received.ticketId)).priority).toBe(2);
    // Once per ticket.
    expect(await t.services.rules.runDue(new Date(start + 4 * 60 * 60_000))).toBe(0);
    await disable(rule);
  });
});

describe('webhooks', () => {
  it('retry a failed call and log each attempt’s outcome', async () => {
    const marker = unique('webhook');
    const rule = await createRule({
      name: 'Webhook que falla una vez',
      kind: 'trigger',
      triggerEvent: 'messageReceived',
      conditions: {
        match: 'all',
        conditions: [{ field: 'message.text', type: 'text', operator: 'contains', value: marker }],
      },
      actions: [{ type: 'webhook', url: hook.url, timeoutSeconds: 5 }],
    });
    hook.failFirst.push(500);
    const calls = hook.calls.length;
    const received = await receive(`Hola ${marker}`);
    const delivered = await waitFor(
      async () => {
        const found = (await executionsOf(rule.id)).find((entry) => entry.ticket.id === received.ticketId);
        return found?.actions[0].outcome === 'done' ? found : null;
      },
      'the retried webhook',
      60_000,
    );
    expect(delivered.actions[0].detail).toBe('HTTP 200');
    expect(hook.calls.length - calls).toBe(2);
    expect(hook.calls[calls].signature).toBeUndefined();
    await disable(rule);
  }, 90_000);
});
