import type { BotAction, BotFlow, BotNode, BotNodeData } from '@atiende/contracts';

/**
 * The bot runtime's engine: one turn of a conversation with a bot's flow, with no I/O of its own. Given where the
 * conversation waits and its variables, and what the customer just wrote (nothing when the bot starts), it walks the
 * flow until a node waits for the customer again or an action ends the bot's part, and says what to send. The
 * runtime (next slice) stores the state per conversation and delivers the messages; the ports reach the outside
 * (business hours, web services, Dialogflow) so tests drive every branch.
 */

export interface BotState {
  /** The node waiting for the customer's answer; null before the start. */
  waitingAt: string | null;
  variables: Record<string, string>;
  /** How many wrong answers the waiting validator has had. */
  retries: number;
}

export type BotOutput =
  | { kind: 'text'; text: string }
  | {
      kind: 'list';
      text: string;
      button: string;
      options: { id: string; title: string; description: string }[];
    };

export interface BotEnding {
  action: BotAction;
  campaignId?: number;
  /**
   * Why the bot stopped when no action node said so: a goTo loop without the customer, a broken flow, the
   * customer's silence (the runtime's sweep).
   */
  reason?: 'loop' | 'brokenFlow' | 'silence';
}

export interface BotTurn {
  outputs: BotOutput[];
  state: BotState;
  /** Set when the bot's part is over (the runtime then transfers, finishes or releases). */
  ending: BotEnding | null;
  /** The nodes walked this turn, in order (the transcript and the tests read it). */
  path: string[];
}

export interface BotPorts {
  /** Whether the conversation's channel is within its business hours now. */
  businessOpen(): Promise<boolean>;
  /** Calls a web service node (URL, headers and body already filled); null when it failed or was refused. */
  webService(request: {
    method: string;
    url: string;
    headers: { name: string; value: string }[];
    body: string;
    timeoutMs: number;
  }): Promise<unknown | null>;
  /** Dialogflow's detectIntent for the text; null when no intent matched or the call failed. */
  detectIntent(
    text: string,
    languageCode: string,
  ): Promise<{ intent: string; parameters: Record<string, string> } | null>;
}

/** Steps a turn may take without the customer: more means a goTo loop, and the bot hands over to a person. */
export const MAX_STEPS_PER_TURN = 50;
const MAX_INPUT = 1000;

const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

/** `{{name}}` replaced by the variable's value ('' when unknown). */
export function fillBotText(text: string, variables: Record<string, string>): string {
  return text.replace(/\{\{\s*([a-z][a-z0-9_.]*)\s*\}\}/g, (_, name: string) => variables[name] ?? '');
}

/** A user's regular expression, compiled safely: null when it is not one. */
function regexOf(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return null;
  }
}

/** The answer a validator keeps (normalised), or null when it is not valid. */
export function validateAnswer(
  kind: Extract<BotNodeData, { type: 'validator' }>['kind'],
  input: string,
  node: { pattern: string; options: string[] },
): string | null {
  const value = input.trim().slice(0, MAX_INPUT);
  switch (kind) {
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value) ? value.toLowerCase() : null;
    case 'phone': {
      const digits = value.replace(/[\s().-]/g, '');
      return /^\+?\d{7,15}$/.test(digits) ? digits : null;
    }
    case 'number': {
      const normalised = value.replace(/\s/g, '').replace(',', '.');
      return /^-?\d+(\.\d+)?$/.test(normalised) ? normalised : null;
    }
    case 'date': {
      const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      const local = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
      const [year, month, day] = iso
        ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
        : local
          ? [Number(local[3]), Number(local[2]), Number(local[1])]
          : [0, 0, 0];
      const date = new Date(Date.UTC(year, month - 1, day));
      if (!year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
      return date.toISOString().slice(0, 10);
    }
    case 'document': {
      const compact = value.replace(/[\s.-]/g, '');
      return /^[A-Za-z0-9]{5,20}$/.test(compact) ? compact.toUpperCase() : null;
    }
    case 'regex': {
      const regex = regexOf(node.pattern);
      // Short answers only: a person's pattern is not trusted to be fast on long input.
      return regex && value.length <= 200 && regex.test(value) ? value : null;
    }
    case 'options':
      return node.options.find((option) => fold(option) === fold(value)) ?? null;
  }
}

type CatchRule = Extract<BotNodeData, { type: 'catch' }>['rules'][number];

function ruleMatches(rule: CatchRule, variables: Record<string, string>): boolean {
  const value = variables[rule.variable] ?? '';
  const expected = fillBotText(rule.value, variables);
  switch (rule.operator) {
    case 'equals':
      return fold(value) === fold(expected);
    case 'contains':
      return fold(value).includes(fold(expected));
    case 'startsWith':
      return fold(value).startsWith(fold(expected));
    case 'matches': {
      const regex = regexOf(expected);
      return Boolean(regex && value.length <= 200 && regex.test(value));
    }
    case 'exists':
      return value.trim() !== '';
    case 'greaterThan':
    case 'lessThan': {
      const left = Number(value.replace(',', '.'));
      const right = Number(expected.replace(',', '.'));
      if (!Number.isFinite(left) || !Number.isFinite(right) || value.trim() === '') return false;
      return rule.operator === 'greaterThan' ? left > right : left < right;
    }
  }
}

/** The list option an answer names: its reply id (`opt:<id>` or the id), its number (1-based) or its title. */
export function chosenOption(options: { id: string; title: string }[], input: string) {
  const answer = input.trim();
  const byId = options.find((option) => answer === `opt:${option.id}` || answer === option.id);
  if (byId) return byId;
  if (/^\d{1,2}$/.test(answer)) return options[Number(answer) - 1] ?? null;
  return options.find((option) => fold(option.title) === fold(answer)) ?? null;
}

/** A value at a dotted JSON path (`data.items.0.status`), as text; undefined when absent. */
function valueAt(json: unknown, path: string): string | undefined {
  let current: unknown = json;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  if (current === undefined || current === null) return undefined;
  return typeof current === 'object' ? JSON.stringify(current) : String(current);
}

/**
 * Runs one turn: from the start (`input` null and no state) or from where the conversation waits. `secrets` fill
 * `{{secreto.<name>}}` in web services' URL, headers and body only: never in anything said to the customer.
 */
export async function runBotTurn(
  flow: BotFlow,
  previous: BotState | null,
  input: string | null,
  ports: BotPorts,
  secrets: Record<string, string> = {},
): Promise<BotTurn> {
  const nodes = new Map(flow.nodes.map((node) => [node.id, node]));
  const targets = new Map<string, string>();
  for (const edge of flow.edges) targets.set(`${edge.source}\u0000${edge.sourceHandle}`, edge.target);
  const next = (node: BotNode, outlet: string) => targets.get(`${node.id}\u0000${outlet}`) ?? null;

  const state: BotState = previous
    ? { waitingAt: previous.waitingAt, variables: { ...previous.variables }, retries: previous.retries }
    : { waitingAt: null, variables: {}, retries: 0 };
  const outputs: BotOutput[] = [];
  const path: string[] = [];
  const say = (text: string) => {
    const filled = fillBotText(text, state.variables).trim();
    if (filled) outputs.push({ kind: 'text', text: filled });
  };
  const finish = (ending: BotEnding): BotTurn => ({
    outputs,
    state: { ...state, waitingAt: null, retries: 0 },
    ending,
    path,
  });
  const wait = (node: BotNode): BotTurn => ({ outputs, state: { ...state, waitingAt: node.id }, ending: null, path });

  /** Dialogflow's intent for the words into the node's variables; whether one matched. */
  const understand = async (data: Extract<BotNodeData, { type: 'dialogFlow' }>, words: string) => {
    const found = words.trim() ? await ports.detectIntent(words.slice(0, MAX_INPUT), data.languageCode) : null;
    if (!found) return false;
    state.variables[data.intentVariable] = found.intent;
    for (const [name, value] of Object.entries(found.parameters)) {
      if (/^[a-z][a-z0-9_]{0,39}$/.test(name)) state.variables[`${data.intentVariable}.${name}`] = value;
    }
    return true;
  };

  let current: string | null;
  // First, the answer to the node that waited for it.
  const waiting = state.waitingAt ? nodes.get(state.waitingAt) : undefined;
  if (!waiting) {
    current = flow.startNodeId;
  } else {
    const answer = (input ?? '').slice(0, MAX_INPUT);
    path.push(waiting.id);
    const data = waiting.data;
    state.waitingAt = null;
    switch (data.type) {
      case 'ask':
        state.variables[data.variable] = answer.trim();
        current = next(waiting, 'next');
        break;
      case 'list': {
        const option = chosenOption(data.options, answer);
        if (option && data.variable) state.variables[data.variable] = option.title;
        current = next(waiting, option ? `option:${option.id}` : 'other');
        break;
      }
      case 'validator': {
        const valid = validateAnswer(data.kind, answer, data);
        if (valid !== null) {
          state.variables[data.variable] = valid;
          state.retries = 0;
          current = next(waiting, 'valid');
        } else if (state.retries < data.retries) {
          state.retries += 1;
          say(data.errorText);
          return wait(waiting);
        } else {
          state.retries = 0;
          current = next(waiting, 'invalid');
        }
        break;
      }
      case 'dialogFlow':
        current = next(waiting, (await understand(data, answer)) ? 'matched' : 'fallback');
        break;
      default:
        current = null;
    }
  }

  for (let steps = 0; ; steps += 1) {
    if (steps >= MAX_STEPS_PER_TURN) return finish({ action: 'transferToAgent', reason: 'loop' });
    const node = current ? nodes.get(current) : undefined;
    // An outlet leading nowhere (a draft, or a node deleted since): a person takes over.
    if (!node) return finish({ action: 'transferToAgent', reason: 'brokenFlow' });
    path.push(node.id);
    const data = node.data;
    switch (data.type) {
      case 'say':
      case 'fallback':
        say(data.text);
        current = next(node, 'next');
        break;
      case 'ask':
        say(data.text);
        return wait(node);
      case 'list':
        outputs.push({
          kind: 'list',
          text: fillBotText(data.text, state.variables),
          button: data.button,
          options: data.options.map((option) => ({
            id: option.id,
            title: option.title,
            description: option.description,
          })),
        });
        return wait(node);
      case 'validator':
        state.retries = 0;
        say(data.text);
        return wait(node);
      case 'catch': {
        const rule = data.rules.find((candidate) => ruleMatches(candidate, state.variables));
        current = next(node, rule ? `when:${rule.id}` : 'else');
        break;
      }
      case 'action':
        say(data.text);
        return finish({
          action: data.action,
          ...(data.action === 'transferToCampaign' && data.campaignId ? { campaignId: data.campaignId } : {}),
        });
      case 'goTo':
        current = data.target;
        break;
      case 'scheduled':
        current = next(node, (await ports.businessOpen()) ? 'open' : 'closed');
        break;
      case 'webService': {
        const withSecrets = {
          ...state.variables,
          ...Object.fromEntries(Object.entries(secrets).map(([name, value]) => [`secreto.${name}`, value])),
        };
        const answer = await ports.webService({
          method: data.method,
          url: fillBotText(data.url, withSecrets),
          headers: data.headers.map((header) => ({
            name: header.name,
            value: fillBotText(header.value, withSecrets),
          })),
          body: fillBotText(data.body, withSecrets),
          timeoutMs: data.timeoutMs,
        });
        if (answer !== null) {
          for (const mapping of data.mappings) {
            const value = valueAt(answer, mapping.path);
            if (value !== undefined) state.variables[mapping.variable] = value.slice(0, MAX_INPUT);
          }
        }
        current = next(node, answer === null ? 'error' : 'success');
        break;
      }
      case 'dialogFlow':
        if (data.text) {
          say(data.text);
          return wait(node);
        }
        // No question of its own: the customer's last words go to Dialogflow.
        current = next(node, (await understand(data, input ?? '')) ? 'matched' : 'fallback');
        break;
    }
  }
}
