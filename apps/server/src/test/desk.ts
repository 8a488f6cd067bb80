import { type InteractionMessage, REALTIME_EVENTS, type Ticket, type TicketEvent } from '@atiende/contracts';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import type { signedIn, TestApp } from './app.js';

export type Actor = Awaited<ReturnType<typeof signedIn>>;

export function caller(t: TestApp) {
  return {
    post: (url: string, actor: Actor, payload?: object, locale = 'es') =>
      t.app.inject({ method: 'POST', url, headers: { ...actor.headers, 'x-locale': locale }, payload: payload ?? {} }),
    put: (url: string, actor: Actor, payload?: object, locale = 'es') =>
      t.app.inject({ method: 'PUT', url, headers: { ...actor.headers, 'x-locale': locale }, payload: payload ?? {} }),
    get: (url: string, actor: Actor, locale = 'es') =>
      t.app.inject({ method: 'GET', url, headers: { ...actor.headers, 'x-locale': locale } }),
    delete: (url: string, actor: Actor, locale = 'es') =>
      t.app.inject({ method: 'DELETE', url, headers: { ...actor.headers, 'x-locale': locale } }),
  };
}

/** A channel (web chat unless told; `channelConfig` for providers) and an inbound campaign whose agents serve it. */
export async function deskCampaign(
  t: TestApp,
  admin: Actor,
  options: {
    agents: Actor[];
    supervisors?: Actor[];
    config?: object;
    channelType?: string;
    channelConfig?: object;
    businessHours?: object;
  } = { agents: [] },
) {
  const { post } = caller(t);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const channel = await post('/api/v2/channels', admin, {
    name: `Canal ${stamp}`,
    type: options.channelType ?? 'webchat',
    direction: 'inbound',
    ...(options.channelConfig ? { config: options.channelConfig } : {}),
    ...(options.businessHours ? { businessHours: options.businessHours } : {}),
  });
  if (channel.statusCode !== 201) throw new Error(`channel not created: ${channel.body}`);
  const channelId = channel.json().result.id as number;
  const campaign = await post('/api/v2/campaigns', admin, {
    name: `Campaña ${stamp}`,
    type: 'inbound',
    channelIds: [channelId],
    agents: options.agents.map((agent) => ({ userId: agent.id, channelIds: [channelId] })),
    supervisorIds: (options.supervisors ?? []).map((supervisor) => supervisor.id),
    config: { ticketCombination: 'customer-channel', ...options.config },
  });
  if (campaign.statusCode !== 201) throw new Error(`campaign not created: ${campaign.body}`);
  return { channelId, campaignId: campaign.json().result.id as number };
}

/** A Socket.IO client of the actor (reconnection off unless asked). */
export function connect(t: TestApp, actor: Actor, options: { reconnection?: boolean } = {}): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(t.url(), {
      auth: { token: actor.token },
      transports: ['websocket'],
      reconnection: options.reconnection ?? false,
    });
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

/** Collects every event of the given name a socket receives. */
export function collect<T = Record<string, unknown>>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls every 100 ms until the probe gives a value (background jobs, providers, sockets); fails after the timeout. */
export async function waitFor<T>(
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  what: string,
  timeoutMs = 25_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const value = await probe();
    if (value) return value;
    await settle(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The ticket a provider's message landed in (NaN when it was not stored). */
export async function ticketOfMessage(t: TestApp, channelId: number, providerMessageId: string): Promise<number> {
  const [row] = (
    await t.ctx.db.execute(
      sql`select ticket_id from messages where channel_id = ${channelId} and provider_message_id = ${providerMessageId}`,
    )
  ).rows as { ticket_id: string }[];
  return Number(row?.ticket_id);
}

/** Every message of a ticket's conversations, oldest first per conversation, as `GET /tickets/:id` shows them. */
export async function messagesOf(t: TestApp, actor: Actor, ticketId: number): Promise<InteractionMessage[]> {
  const view = (await caller(t).get(`/api/v2/tickets/${ticketId}`, actor)).json().result as Ticket;
  return view.interactions.flatMap((interaction) => interaction.messages);
}

/** A user on a new role holding exactly these permissions, signed in. */
export async function signedInWith(t: TestApp, admin: Actor, permissions: string[]): Promise<Actor> {
  const { post, put } = caller(t);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const role = (await post('/api/v2/roles', admin, { name: `rol-${stamp}`, label: `Rol ${stamp}` })).json().result.id;
  const granted = await put(`/api/v2/roles/${role}/permissions`, admin, { permissions });
  if (granted.statusCode !== 200) throw new Error(`permissions not granted: ${granted.body}`);
  const password = 'Clave.Segura.2026';
  const email = `u${stamp}@test.atiende`;
  const user = await post('/api/v2/users', admin, {
    name: `Usuario ${stamp}`,
    email,
    password,
    password_confirmation: password,
    roleIds: [role],
  });
  if (user.statusCode !== 201) throw new Error(`user not created: ${user.body}`);
  const session = await t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password } });
  const token = session.json().result.token as string;
  return { id: user.json().result.id, email, password, token, headers: { authorization: `Bearer ${token}` } };
}

/** An event to probe delivery with (any user may get it; the web only shows a notice): payloads are typed. */
export const PROBE = REALTIME_EVENTS.ticketExit;

/** A well-formed ticket event for room tests (the payload is what the event map requires). */
export function probeTicketEvent(campaignId: number, ticketId: number): TicketEvent {
  return { tipo: 'abierto', casoId: ticketId, campanaId: campaignId, asignado: null, asignadoNombre: null };
}
