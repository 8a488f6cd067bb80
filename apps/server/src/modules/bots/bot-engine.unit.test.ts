import { type BotFlow, botFlowSchema } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import {
  type BotPorts,
  type BotState,
  chosenOption,
  MAX_STEPS_PER_TURN,
  runBotTurn,
  validateAnswer,
} from './bot-engine.js';

const at = { x: 0, y: 0 };
type NodeInput = { id: string; data: Record<string, unknown> };
const flowOf = (startNodeId: string, nodes: NodeInput[], edges: [string, string, string][]): BotFlow =>
  botFlowSchema.parse({
    startNodeId,
    nodes: nodes.map((node) => ({ ...node, position: at })),
    edges: edges.map(([source, sourceHandle, target], index) => ({ id: `e${index}`, source, sourceHandle, target })),
  });

/** Ports whose answers the test sets; each call is recorded. */
function ports(
  options: {
    open?: boolean;
    web?: unknown | null;
    intent?: { intent: string; parameters: Record<string, string> } | null;
  } = {},
) {
  const calls: { kind: string; detail: unknown }[] = [];
  const value: BotPorts = {
    businessOpen: async () => {
      calls.push({ kind: 'hours', detail: null });
      return options.open ?? true;
    },
    webService: async (request) => {
      calls.push({ kind: 'web', detail: request });
      return options.web === undefined ? { ok: true } : options.web;
    },
    detectIntent: async (text, languageCode) => {
      calls.push({ kind: 'intent', detail: { text, languageCode } });
      return options.intent ?? null;
    },
  };
  return { value, calls };
}

/** Runs the turns: the start, then one per answer; returns each turn. */
async function converse(flow: BotFlow, answers: string[], port = ports().value) {
  const turns = [await runBotTurn(flow, null, null, port)];
  let state: BotState = turns[0].state;
  for (const answer of answers) {
    const turn = await runBotTurn(flow, state, answer, port);
    turns.push(turn);
    state = turn.state;
  }
  return turns;
}

const texts = (turn: { outputs: { kind: string; text: string }[] }) => turn.outputs.map((output) => output.text);

describe('the bot engine', () => {
  it('says, asks into a variable and uses it, then transfers to an agent', async () => {
    const flow = flowOf(
      'hi',
      [
        { id: 'hi', data: { type: 'say', text: '¡Hola!' } },
        { id: 'name', data: { type: 'ask', text: '¿Cómo se llama?', variable: 'nombre' } },
        {
          id: 'bye',
          data: { type: 'action', action: 'transferToAgent', text: 'Gracias, {{nombre}}. Le atiende un asesor.' },
        },
      ],
      [
        ['hi', 'next', 'name'],
        ['name', 'next', 'bye'],
      ],
    );
    const [start, answer] = await converse(flow, ['  Ana  ']);
    expect(texts(start)).toEqual(['¡Hola!', '¿Cómo se llama?']);
    expect(start.state.waitingAt).toBe('name');
    expect(start.ending).toBeNull();
    expect(texts(answer)).toEqual(['Gracias, Ana. Le atiende un asesor.']);
    expect(answer.ending).toEqual({ action: 'transferToAgent' });
    expect(answer.state).toEqual({ waitingAt: null, variables: { nombre: 'Ana' }, retries: 0 });
    expect(answer.path).toEqual(['name', 'bye']);
  });

  it('offers a list and follows the option chosen by reply id, number or title; anything else goes to “other”', async () => {
    const flow = flowOf(
      'menu',
      [
        {
          id: 'menu',
          data: {
            type: 'list',
            text: '¿Qué desea?',
            button: 'Ver',
            variable: 'opcion',
            options: [
              { id: 'pedido', title: 'Mi pedido' },
              { id: 'compra', title: 'Comprar', description: 'Nuestros productos' },
            ],
          },
        },
        { id: 'status', data: { type: 'action', action: 'finishConversation', text: 'Su pedido va en camino.' } },
        { id: 'sales', data: { type: 'action', action: 'transferToCampaign', campaignId: 7 } },
        { id: 'sorry', data: { type: 'fallback', text: 'No le entendí.' } },
        { id: 'again', data: { type: 'goTo', target: 'menu' } },
      ],
      [
        ['menu', 'option:pedido', 'status'],
        ['menu', 'option:compra', 'sales'],
        ['menu', 'other', 'sorry'],
        ['sorry', 'next', 'again'],
      ],
    );
    const [start] = await converse(flow, []);
    expect(start.outputs).toEqual([
      {
        kind: 'list',
        text: '¿Qué desea?',
        button: 'Ver',
        options: [
          { id: 'pedido', title: 'Mi pedido', description: '' },
          { id: 'compra', title: 'Comprar', description: 'Nuestros productos' },
        ],
      },
    ]);
    for (const answer of ['opt:pedido', '1', 'mi PEDIDO']) {
      const [, chosen] = await converse(flow, [answer]);
      expect(chosen.ending, answer).toEqual({ action: 'finishConversation' });
      expect(chosen.state.variables.opcion).toBe('Mi pedido');
    }
    const [, sales] = await converse(flow, ['2']);
    expect(sales.ending).toEqual({ action: 'transferToCampaign', campaignId: 7 });
    // Not an option: the fallback, then the list again (a goTo back), waiting at the list.
    const [, other] = await converse(flow, ['¿tienen envíos?']);
    expect(texts(other)).toEqual(['No le entendí.', '¿Qué desea?']);
    expect(other.state.waitingAt).toBe('menu');
    expect(other.ending).toBeNull();
  });

  it('validates answers, asks again up to its retries, then leaves by “invalid”', async () => {
    const flow = flowOf(
      'mail',
      [
        {
          id: 'mail',
          data: {
            type: 'validator',
            text: '¿Su correo?',
            variable: 'correo',
            kind: 'email',
            errorText: 'Ese correo no es válido.',
            retries: 1,
          },
        },
        { id: 'ok', data: { type: 'action', action: 'releaseConversation', text: 'Le escribiremos a {{correo}}.' } },
        { id: 'ko', data: { type: 'action', action: 'transferToAgent' } },
      ],
      [
        ['mail', 'valid', 'ok'],
        ['mail', 'invalid', 'ko'],
      ],
    );
    const [, first, second] = await converse(flow, ['ana@', 'tampoco']);
    expect(texts(first)).toEqual(['Ese correo no es válido.']);
    expect(first.state).toMatchObject({ waitingAt: 'mail', retries: 1 });
    expect(second.ending).toEqual({ action: 'transferToAgent' });
    const [, , good] = await converse(flow, ['x', 'Ana@Correo.Test']);
    expect(texts(good)).toEqual(['Le escribiremos a ana@correo.test.']);
    expect(good.ending).toEqual({ action: 'releaseConversation' });
  });

  it('knows each validator: e-mail, phone, number, date, document, regular expression and options', () => {
    const none = { pattern: '', options: [] };
    expect(validateAnswer('email', 'ana@correo.test', none)).toBe('ana@correo.test');
    expect(validateAnswer('email', 'ana@correo', none)).toBeNull();
    expect(validateAnswer('phone', '+57 (300) 123-4567', none)).toBe('+573001234567');
    expect(validateAnswer('phone', '12', none)).toBeNull();
    expect(validateAnswer('number', '1 234,5', none)).toBe('1234.5');
    expect(validateAnswer('number', 'doce', none)).toBeNull();
    expect(validateAnswer('date', '29/02/2024', none)).toBe('2024-02-29');
    expect(validateAnswer('date', '2023-02-29', none)).toBeNull();
    expect(validateAnswer('document', '1.020.304.050', none)).toBe('1020304050');
    expect(validateAnswer('document', '12', none)).toBeNull();
    expect(validateAnswer('regex', 'AB-123', { pattern: '^[A-Z]{2}-\\d{3}$', options: [] })).toBe('AB-123');
    expect(validateAnswer('regex', 'ab-123', { pattern: '^[A-Z]{2}-\\d{3}$', options: [] })).toBeNull();
    expect(validateAnswer('regex', 'x', { pattern: '([', options: [] })).toBeNull();
    expect(validateAnswer('options', ' si ', { pattern: '', options: ['Sí', 'No'] })).toBe('Sí');
    expect(validateAnswer('options', 'quizá', { pattern: '', options: ['Sí', 'No'] })).toBeNull();
    expect(chosenOption([{ id: 'a', title: 'Uno' }], '9')).toBeNull();
  });

  it('branches on conditions over variables, on business hours, and on a web service’s answer mapped into variables', async () => {
    const flow = flowOf(
      'order',
      [
        { id: 'order', data: { type: 'ask', text: '¿Número de pedido?', variable: 'pedido' } },
        {
          id: 'lookup',
          data: {
            type: 'webService',
            method: 'GET',
            url: 'https://api.tienda.test/pedidos/{{pedido}}',
            headers: [{ name: 'x-pedido', value: '{{pedido}}' }],
            mappings: [
              { variable: 'estado', path: 'data.status' },
              { variable: 'total', path: 'data.total' },
            ],
          },
        },
        {
          id: 'rules',
          data: {
            type: 'catch',
            rules: [
              { id: 'big', variable: 'total', operator: 'greaterThan', value: '1000' },
              { id: 'sent', variable: 'estado', operator: 'equals', value: 'ENVIADO' },
            ],
          },
        },
        { id: 'hours', data: { type: 'scheduled' } },
        { id: 'vip', data: { type: 'action', action: 'transferToAgent', text: 'Pedido grande ({{total}}).' } },
        { id: 'shipped', data: { type: 'action', action: 'finishConversation', text: 'Su pedido está {{estado}}.' } },
        { id: 'open', data: { type: 'action', action: 'transferToAgent' } },
        { id: 'closed', data: { type: 'action', action: 'finishConversation', text: 'Estamos cerrados.' } },
        { id: 'down', data: { type: 'action', action: 'transferToAgent', text: 'No pude consultar su pedido.' } },
      ],
      [
        ['order', 'next', 'lookup'],
        ['lookup', 'success', 'rules'],
        ['lookup', 'error', 'down'],
        ['rules', 'when:big', 'vip'],
        ['rules', 'when:sent', 'shipped'],
        ['rules', 'else', 'hours'],
        ['hours', 'open', 'open'],
        ['hours', 'closed', 'closed'],
      ],
    );
    const shipped = ports({ web: { data: { status: 'enviado', total: 80 } } });
    const [, answer] = await converse(flow, ['A-77'], shipped.value);
    expect(shipped.calls[0]).toEqual({
      kind: 'web',
      detail: {
        method: 'GET',
        url: 'https://api.tienda.test/pedidos/A-77',
        headers: [{ name: 'x-pedido', value: 'A-77' }],
        body: '',
        timeoutMs: 5000,
      },
    });
    expect(texts(answer)).toEqual(['Su pedido está enviado.']);
    const [, big] = await converse(flow, ['A-78'], ports({ web: { data: { status: 'NUEVO', total: 2500 } } }).value);
    expect(texts(big)).toEqual(['Pedido grande (2500).']);
    const [, closed] = await converse(
      flow,
      ['A-79'],
      ports({ web: { data: { status: 'NUEVO', total: 5 } }, open: false }).value,
    );
    expect(texts(closed)).toEqual(['Estamos cerrados.']);
    const [, open] = await converse(flow, ['A-80'], ports({ web: { data: {} }, open: true }).value);
    expect(open.ending).toEqual({ action: 'transferToAgent' });
    expect(open.path).toEqual(['order', 'lookup', 'rules', 'hours', 'open']);
    const [, down] = await converse(flow, ['A-81'], ports({ web: null }).value);
    expect(texts(down)).toEqual(['No pude consultar su pedido.']);
  });

  it('asks Dialogflow for the intent and keeps it and its parameters', async () => {
    const flow = flowOf(
      'nlu',
      [
        {
          id: 'nlu',
          data: { type: 'dialogFlow', text: 'Cuénteme qué necesita.', languageCode: 'es', intentVariable: 'intencion' },
        },
        {
          id: 'known',
          data: {
            type: 'action',
            action: 'finishConversation',
            text: 'Entendí: {{intencion}} de {{intencion.producto}}.',
          },
        },
        { id: 'unknown', data: { type: 'action', action: 'transferToAgent' } },
      ],
      [
        ['nlu', 'matched', 'known'],
        ['nlu', 'fallback', 'unknown'],
      ],
    );
    const understood = ports({ intent: { intent: 'comprar', parameters: { producto: 'nevera', 'Bad Name': 'x' } } });
    const [start, answer] = await converse(flow, ['quiero una nevera'], understood.value);
    expect(texts(start)).toEqual(['Cuénteme qué necesita.']);
    expect(understood.calls).toEqual([{ kind: 'intent', detail: { text: 'quiero una nevera', languageCode: 'es' } }]);
    expect(texts(answer)).toEqual(['Entendí: comprar de nevera.']);
    expect(answer.state.variables).toEqual({ intencion: 'comprar', 'intencion.producto': 'nevera' });
    const [, lost] = await converse(flow, ['asdf'], ports({ intent: null }).value);
    expect(lost.ending).toEqual({ action: 'transferToAgent' });
  });

  it('stops a goTo loop without the customer after a bounded number of steps and hands over to a person', async () => {
    const flow = flowOf(
      'a',
      [
        { id: 'a', data: { type: 'goTo', target: 'b' } },
        { id: 'b', data: { type: 'goTo', target: 'a' } },
      ],
      [],
    );
    const [turn] = await converse(flow, []);
    expect(turn.ending).toEqual({ action: 'transferToAgent', reason: 'loop' });
    expect(turn.path).toHaveLength(MAX_STEPS_PER_TURN);
  });

  it('hands over to a person when an outlet leads nowhere (a draft) or the waiting node is gone', async () => {
    const flow = flowOf('hi', [{ id: 'hi', data: { type: 'say', text: 'Hola' } }], []);
    const [turn] = await converse(flow, []);
    expect(texts(turn)).toEqual(['Hola']);
    expect(turn.ending).toEqual({ action: 'transferToAgent', reason: 'brokenFlow' });
    // A state from an older version whose node no longer exists: the flow starts over.
    const restarted = await runBotTurn(flow, { waitingAt: 'gone', variables: {}, retries: 0 }, 'hola', ports().value);
    expect(texts(restarted)).toEqual(['Hola']);
  });
});
