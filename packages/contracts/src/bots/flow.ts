import { z } from 'zod';
import { multiLine, singleLine } from '../text.js';

/**
 * A bot's flow, as the bot builder draws it and the runtime walks it: nodes (the spec's types) joined by edges that
 * leave a node by one of its outlets (`sourceHandle`). Every version of a bot stores one flow as JSON.
 *
 * Outlets by node type (what the editor draws and `botFlowProblems` checks):
 * - say, ask, fallback: `next`
 * - list: `option:<option id>` for each option, and `other` (an answer that is none of them)
 * - catch: `when:<rule id>` for each rule, and `else`
 * - validator: `valid`, `invalid` (after the retries)
 * - scheduled: `open`, `closed` (the channel's business hours)
 * - webService: `success`, `error` (timeout, refused address, HTTP error)
 * - dialogFlow: `matched`, `fallback` (Dialogflow found no intent)
 * - action and goTo: none (an action ends the bot's part; goTo jumps to its target node)
 */
export const BOT_NODE_TYPES = [
  'say',
  'ask',
  'list',
  'catch',
  'validator',
  'action',
  'goTo',
  'fallback',
  'scheduled',
  'webService',
  'dialogFlow',
] as const;
export type BotNodeType = (typeof BOT_NODE_TYPES)[number];

/** What an action node does with the conversation (spec section 4). */
export const BOT_ACTIONS = [
  'transferToAgent',
  'transferToCampaign',
  'finishConversation',
  'releaseConversation',
] as const;
export type BotAction = (typeof BOT_ACTIONS)[number];

export const BOT_VALIDATORS = ['email', 'phone', 'number', 'date', 'document', 'regex', 'options'] as const;
export const BOT_CATCH_OPERATORS = [
  'equals',
  'contains',
  'startsWith',
  'matches',
  'exists',
  'greaterThan',
  'lessThan',
] as const;
export const BOT_HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const BOT_LIMITS = {
  nodes: 300,
  edges: 1000,
  text: 4096,
  listOptions: 10,
  catchRules: 20,
  retries: 5,
  webServiceTimeoutMs: 30_000,
  mappings: 30,
  headers: 20,
} as const;

/** Node ids and variable names: short, readable, safe in a template (`{{pedido.estado}}`). */
const nodeId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { message: 'i18n:bots.nodeIdFormat' });
const variableName = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,39}(\.[a-z0-9_]{1,40}){0,3}$/, { message: 'i18n:bots.variableFormat' });
const text = multiLine().trim().min(1).max(BOT_LIMITS.text);
const optionalText = multiLine().trim().max(BOT_LIMITS.text).default('');
const label = singleLine().trim().min(1).max(24);

const say = z.object({ type: z.literal('say'), text });
const ask = z.object({ type: z.literal('ask'), text, variable: variableName });
const list = z.object({
  type: z.literal('list'),
  text,
  /** The label of the button that opens the list where the channel has one (WhatsApp). */
  button: singleLine().trim().max(20).default(''),
  variable: variableName.optional(),
  options: z
    .array(
      z.object({
        id: nodeId,
        title: label,
        description: singleLine().trim().max(72).default(''),
      }),
    )
    .min(1)
    .max(BOT_LIMITS.listOptions),
});
const catchNode = z.object({
  type: z.literal('catch'),
  rules: z
    .array(
      z.object({
        id: nodeId,
        variable: variableName,
        operator: z.enum(BOT_CATCH_OPERATORS),
        value: singleLine().max(500).default(''),
      }),
    )
    .min(1)
    .max(BOT_LIMITS.catchRules),
});
const validator = z.object({
  type: z.literal('validator'),
  text,
  variable: variableName,
  kind: z.enum(BOT_VALIDATORS),
  /** regex: the pattern the answer must match; options: the answers accepted. */
  pattern: singleLine().max(500).default(''),
  options: z.array(singleLine().trim().min(1).max(100)).max(50).default([]),
  errorText: text,
  retries: z.number().int().min(0).max(BOT_LIMITS.retries).default(2),
});
const action = z.object({
  type: z.literal('action'),
  action: z.enum(BOT_ACTIONS),
  /** transferToCampaign: where the ticket goes. */
  campaignId: z.number().int().positive().optional(),
  /** Said before the action. */
  text: optionalText,
});
const goTo = z.object({ type: z.literal('goTo'), target: nodeId });
const fallback = z.object({ type: z.literal('fallback'), text });
const scheduled = z.object({ type: z.literal('scheduled') });
const webService = z.object({
  type: z.literal('webService'),
  method: z.enum(BOT_HTTP_METHODS),
  /** May use variables: `https://api.example.com/orders/{{pedido}}`. */
  url: singleLine().trim().min(1).max(2000),
  headers: z
    .array(z.object({ name: singleLine().trim().min(1).max(100), value: singleLine().max(2000) }))
    .max(BOT_LIMITS.headers)
    .default([]),
  body: multiLine().max(BOT_LIMITS.text).default(''),
  timeoutMs: z.number().int().min(500).max(BOT_LIMITS.webServiceTimeoutMs).default(5000),
  /** JSON paths of the answer (`data.status`) into variables. */
  mappings: z
    .array(z.object({ variable: variableName, path: singleLine().trim().min(1).max(200) }))
    .max(BOT_LIMITS.mappings)
    .default([]),
});
const dialogFlow = z.object({
  type: z.literal('dialogFlow'),
  /** What the customer is asked first (empty: the last answer goes to Dialogflow). */
  text: optionalText,
  languageCode: z.enum(['es', 'en']).default('es'),
  /** The intent's name and parameters land in these variables. */
  intentVariable: variableName.default('intencion'),
});

export const botNodeDataSchema = z.discriminatedUnion('type', [
  say,
  ask,
  list,
  catchNode,
  validator,
  action,
  goTo,
  fallback,
  scheduled,
  webService,
  dialogFlow,
]);
export type BotNodeData = z.output<typeof botNodeDataSchema>;

export const botNodeSchema = z.object({
  id: nodeId,
  position: z.object({ x: z.number().finite(), y: z.number().finite() }),
  data: botNodeDataSchema,
});
export type BotNode = z.output<typeof botNodeSchema>;

export const botEdgeSchema = z.object({
  id: singleLine().min(1).max(100),
  source: nodeId,
  sourceHandle: singleLine().min(1).max(60).default('next'),
  target: nodeId,
});
export type BotEdge = z.output<typeof botEdgeSchema>;

/** A flow: where it starts and its nodes and edges. A flow with no node is refused ("Bot needs at least one node"). */
export const botFlowSchema = z
  .object({
    startNodeId: nodeId,
    nodes: z.array(botNodeSchema).min(1, { message: 'i18n:bots.needsNode' }).max(BOT_LIMITS.nodes),
    edges: z.array(botEdgeSchema).max(BOT_LIMITS.edges).default([]),
  })
  .superRefine((flow, context) => {
    const ids = new Set<string>();
    for (const node of flow.nodes) {
      if (ids.has(node.id)) context.addIssue({ code: 'custom', path: ['nodes'], message: 'i18n:bots.duplicateNode' });
      ids.add(node.id);
    }
  });
export type BotFlow = z.output<typeof botFlowSchema>;

/** The outlets a node has (see the module comment). */
export function botNodeOutlets(data: BotNodeData): string[] {
  switch (data.type) {
    case 'say':
    case 'ask':
    case 'fallback':
      return ['next'];
    case 'list':
      return [...data.options.map((option) => `option:${option.id}`), 'other'];
    case 'catch':
      return [...data.rules.map((rule) => `when:${rule.id}`), 'else'];
    case 'validator':
      return ['valid', 'invalid'];
    case 'scheduled':
      return ['open', 'closed'];
    case 'webService':
      return ['success', 'error'];
    case 'dialogFlow':
      return ['matched', 'fallback'];
    case 'action':
    case 'goTo':
      return [];
  }
}

export const BOT_FLOW_PROBLEMS = [
  'noStart',
  'unreachable',
  'missingTarget',
  'unknownTarget',
  'unknownOutlet',
  'goToUnknown',
  'campaignRequired',
] as const;
export type BotFlowProblemCode = (typeof BOT_FLOW_PROBLEMS)[number];
export interface BotFlowProblem {
  code: BotFlowProblemCode;
  nodeId?: string;
  outlet?: string;
}

/**
 * What keeps a flow from being published (a draft may have them): the start node missing, nodes no path reaches,
 * outlets with no edge (a branch that leads nowhere), edges to nodes or from outlets that do not exist, goTo to an
 * unknown node, a transfer to a campaign without the campaign. Unreachable and missing targets are what the editor
 * marks on the nodes.
 */
export function botFlowProblems(flow: BotFlow): BotFlowProblem[] {
  const problems: BotFlowProblem[] = [];
  const nodes = new Map(flow.nodes.map((node) => [node.id, node]));
  if (!nodes.has(flow.startNodeId)) problems.push({ code: 'noStart' });
  const outgoing = new Map<string, Map<string, string>>();
  for (const edge of flow.edges) {
    const source = nodes.get(edge.source);
    if (!source || !nodes.has(edge.target)) {
      problems.push({ code: 'unknownTarget', nodeId: edge.source, outlet: edge.sourceHandle });
      continue;
    }
    if (!botNodeOutlets(source.data).includes(edge.sourceHandle)) {
      problems.push({ code: 'unknownOutlet', nodeId: edge.source, outlet: edge.sourceHandle });
      continue;
    }
    const byOutlet = outgoing.get(edge.source) ?? new Map<string, string>();
    byOutlet.set(edge.sourceHandle, edge.target);
    outgoing.set(edge.source, byOutlet);
  }
  for (const node of flow.nodes) {
    for (const outlet of botNodeOutlets(node.data)) {
      if (!outgoing.get(node.id)?.has(outlet)) problems.push({ code: 'missingTarget', nodeId: node.id, outlet });
    }
    if (node.data.type === 'goTo' && !nodes.has(node.data.target)) {
      problems.push({ code: 'goToUnknown', nodeId: node.id });
    }
    if (node.data.type === 'action' && node.data.action === 'transferToCampaign' && !node.data.campaignId) {
      problems.push({ code: 'campaignRequired', nodeId: node.id });
    }
  }
  // Reachability from the start, through edges and goTo jumps.
  const reached = new Set<string>();
  const queue = nodes.has(flow.startNodeId) ? [flow.startNodeId] : [];
  while (queue.length) {
    const id = queue.pop() as string;
    if (reached.has(id)) continue;
    reached.add(id);
    for (const target of outgoing.get(id)?.values() ?? []) queue.push(target);
    const data = nodes.get(id)?.data;
    if (data?.type === 'goTo' && nodes.has(data.target)) queue.push(data.target);
  }
  for (const node of flow.nodes) {
    if (!reached.has(node.id)) problems.push({ code: 'unreachable', nodeId: node.id });
  }
  return problems;
}
