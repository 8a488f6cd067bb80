import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Logger } from 'pino';
import { createClient } from 'redis';
import { Server } from 'socket.io';

export interface SocketIdentity {
  userId: number;
  sessionId: string;
  permissions?: ReadonlySet<string>;
}

export type ResolveSocketIdentity = (token: string) => Promise<SocketIdentity | null>;
/** The campaign rooms a user belongs to, computed by the server at the handshake. */
export type ResolveCampaignRooms = (identity: SocketIdentity) => Promise<number[]>;

/** Rooms are computed by the server from the identity; clients never name rooms. */
export const rooms = {
  user: (userId: number) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  /** The spec's notificacion-campana-{id} channel. */
  campaign: (campaignId: number) => `notificacion-campana-${campaignId}`,
};

export interface Realtime {
  io: Server;
  toUser(userId: number, event: string, payload: object): void;
  toCampaign(campaignId: number, event: string, payload: object): void;
  toAll(event: string, payload: object): void;
  disconnectSessions(sessionIds: readonly string[]): void;
  close(): Promise<void>;
}

function bearerFrom(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return value.startsWith('Bearer ') ? value.slice(7) : value;
}

export async function attachRealtime(options: {
  server: HttpServer;
  resolveIdentity: ResolveSocketIdentity;
  resolveCampaigns?: ResolveCampaignRooms;
  redisUrl?: string;
  logger: Logger;
}): Promise<Realtime> {
  const io = new Server(options.server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
  const redisClients: { quit(): Promise<unknown> }[] = [];
  if (options.redisUrl) {
    const pub = createClient({ url: options.redisUrl });
    const sub = pub.duplicate();
    pub.on('error', (error) => options.logger.error({ err: error }, 'redis (publish) error'));
    sub.on('error', (error) => options.logger.error({ err: error }, 'redis (subscribe) error'));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    redisClients.push(pub, sub);
    options.logger.info('realtime fans out through Redis');
  }

  io.use(async (socket, next) => {
    const token =
      bearerFrom((socket.handshake.auth as { token?: unknown } | undefined)?.token) ??
      bearerFrom(socket.handshake.headers.authorization);
    const identity = token ? await options.resolveIdentity(token).catch(() => null) : null;
    if (!identity) {
      next(new Error('UNAUTHENTICATED'));
      return;
    }
    socket.data.identity = identity;
    socket.data.campaignIds = (await options.resolveCampaigns?.(identity).catch(() => [])) ?? [];
    next();
  });

  io.on('connection', (socket) => {
    const identity = socket.data.identity as SocketIdentity;
    const campaignIds = socket.data.campaignIds as number[];
    socket.join([rooms.user(identity.userId), rooms.session(identity.sessionId), ...campaignIds.map(rooms.campaign)]);
  });

  return {
    io,
    toUser: (userId, event, payload) => {
      io.to(rooms.user(userId)).emit(event, payload);
    },
    toCampaign: (campaignId, event, payload) => {
      io.to(rooms.campaign(campaignId)).emit(event, payload);
    },
    toAll: (event, payload) => {
      io.emit(event, payload);
    },
    disconnectSessions: (sessionIds) => {
      if (sessionIds.length === 0) return;
      io.in(sessionIds.map(rooms.session)).disconnectSockets(true);
    },
    async close() {
      // io.close() would also close the HTTP server, which Fastify owns and closes itself.
      io.local.disconnectSockets(true);
      io.engine.close();
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    },
  };
}
