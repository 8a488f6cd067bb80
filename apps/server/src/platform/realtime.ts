import type { Server as HttpServer } from 'node:http';
import type { RealtimeEventName, RealtimePayload } from '@atiende/contracts';
import { createAdapter as createPostgresAdapter } from '@socket.io/postgres-adapter';
import { createAdapter as createRedisAdapter } from '@socket.io/redis-adapter';
import pg from 'pg';
import type { Logger } from 'pino';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import { type ClusterMessage, MessageType } from 'socket.io-adapter';
import type { RealtimeFanout } from './config.js';
import type { EventLog, ResumePoint, Stamp } from './event-log.js';

export interface SocketIdentity {
  userId: number;
  sessionId: string;
  permissions?: ReadonlySet<string>;
}

export type ResolveSocketIdentity = (token: string) => Promise<SocketIdentity | null>;
/** The campaign rooms a user belongs to, computed by the server at the handshake. */
export type ResolveCampaignRooms = (identity: SocketIdentity) => Promise<number[]>;
/** The campaigns whose every ticket the user may see (their content events). */
export type ResolveReadableCampaigns = (identity: SocketIdentity) => Promise<number[]>;

/** Rooms are computed by the server from the identity; clients never name rooms. */
export const rooms = {
  user: (userId: number) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  /** The spec's notificacion-campana-{id} channel. */
  campaign: (campaignId: number) => `notificacion-campana-${campaignId}`,
  /** Supervisors' live screens: everything (holders of ver-todos-casos) or one campaign's agents. */
  supervision: 'supervision',
  supervisionOf: (campaignId: number) => `supervision-campana-${campaignId}`,
  /** Who may see every ticket of a campaign: its supervisors, holders of ver-todos-casos, and its agents when the
   * campaign allows all tickets. Events that carry ticket content go here and to the assignee's own room. */
  campaignReaders: (campaignId: number) => `casos-campana-${campaignId}`,
};

/** Client → server: "the newest event I saw is this one" (`{lastSeq, lastAt}`, sent on every reconnect). */
export const RESUME_EVENT = 'resume';
/** Handshake refusal while the database cannot be reached: the client retries, the session stays. */
export const UNAVAILABLE_ERROR = 'UNAVAILABLE';
/** Server → client: the gap cannot be replayed (too old or too long): reload your lists. */
export const RESYNC_EVENT = 'resync';

export interface Realtime {
  io: Server;
  /**
   * Room events are sequenced: emitted with `seq` and `at` from the event log, which writes them just after (see
   * event-log.ts), so a client that reconnects gets what it missed. The promise settles once emitted (at once, unless
   * the process has no sequence numbers left and waits for a block); failures are logged, never thrown.
   */
  toUser<E extends RealtimeEventName>(userId: number, event: E, payload: RealtimePayload<E>): Promise<void>;
  toCampaign<E extends RealtimeEventName>(campaignId: number, event: E, payload: RealtimePayload<E>): Promise<void>;
  /** To the supervisors who watch any of these campaigns (and those who watch all). */
  toSupervisors<E extends RealtimeEventName>(
    campaignIds: readonly number[],
    event: E,
    payload: RealtimePayload<E>,
  ): Promise<void>;
  /** An event with ticket content: to whoever may read every ticket of the campaign, and to the assignee. */
  toTicketReaders<E extends RealtimeEventName>(
    campaignId: number,
    assignedUserId: number | null,
    event: E,
    payload: RealtimePayload<E>,
  ): Promise<void>;
  /**
   * Unsequenced, to one user's sockets: for what must never be replayed later (a call's connection setup, whose
   * descriptions are stale a minute on).
   */
  volatileToUser<E extends RealtimeEventName>(userId: number, event: E, payload: RealtimePayload<E>): void;
  /** Unsequenced, to the same readers: for notices worthless a second later (a visitor typing). */
  volatileToTicketReaders<E extends RealtimeEventName>(
    campaignId: number,
    assignedUserId: number | null,
    event: E,
    payload: RealtimePayload<E>,
  ): void;
  /** Unsequenced broadcast (business settings changed): a missed one only means a later refresh. */
  toAll<E extends RealtimeEventName>(event: E, payload: RealtimePayload<E>): void;
  /**
   * Recomputes the rooms of these users' open sockets, on every node, after their campaign memberships or
   * permissions changed: they leave what they may no longer see and join what they now may, without reconnecting.
   * `'all'` for changes that concern everyone (a campaign created, enabled or disabled). Failures are logged.
   */
  refreshRooms(userIds: readonly number[] | 'all'): Promise<void>;
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
  resolveReadableCampaigns?: ResolveReadableCampaigns;
  /** What the identity supervises: every campaign, some, or none (computed by the server at the handshake). */
  resolveSupervision?: (identity: SocketIdentity) => Promise<'all' | number[]>;
  /** The identity with its current permissions (read again when its rooms are refreshed). */
  reloadIdentity?: (identity: SocketIdentity) => Promise<SocketIdentity>;
  /** Where sequenced events are kept for replay; without it events are emitted unsequenced. */
  eventLog?: EventLog;
  /** How events reach the other nodes' sockets (config.ts); local when omitted. */
  fanout?: RealtimeFanout;
  logger: Logger;
}): Promise<Realtime> {
  const io = new Server(options.server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
  const closeFanout = await attachFanout(io, options.fanout ?? { kind: 'local' }, options.logger);

  /** The rooms every socket of this identity belongs to besides its own session's: user, campaigns, supervision. */
  const membershipRooms = async (identity: SocketIdentity): Promise<string[]> => {
    const [campaignIds, supervision, readable] = await Promise.all([
      options.resolveCampaigns?.(identity) ?? [],
      options.resolveSupervision?.(identity) ?? [],
      options.resolveReadableCampaigns?.(identity) ?? [],
    ]);
    return [
      rooms.user(identity.userId),
      ...campaignIds.map(rooms.campaign),
      ...readable.map(rooms.campaignReaders),
      ...(supervision === 'all' ? [rooms.supervision] : supervision.map(rooms.supervisionOf)),
    ];
  };

  io.use(async (socket, next) => {
    const token =
      bearerFrom((socket.handshake.auth as { token?: unknown } | undefined)?.token) ??
      bearerFrom(socket.handshake.headers.authorization);
    try {
      const identity = token ? await options.resolveIdentity(token) : null;
      if (!identity) {
        next(new Error('UNAUTHENTICATED'));
        return;
      }
      socket.data.identity = identity;
      socket.data.rooms = [rooms.session(identity.sessionId), ...(await membershipRooms(identity))];
      next();
    } catch (error) {
      // The database is unreachable (restarting): not a reason to sign the user out; the client tries again.
      options.logger.warn({ err: error }, 'realtime handshake failed; the client will retry');
      next(new Error(UNAVAILABLE_ERROR));
    }
  });

  /** The rooms a socket is in now (refreshRooms keeps them current; replay reads them). */
  const roomsOf = (socket: { id: string; rooms: Set<string> }): string[] =>
    [...socket.rooms].filter((room) => room !== socket.id);

  io.on('connection', (socket) => {
    socket.join(socket.data.rooms as string[]);
    socket.on(RESUME_EVENT, async (payload: { lastSeq?: unknown; lastAt?: unknown } | undefined) => {
      if (!options.eventLog || typeof payload !== 'object' || payload === null) return;
      const lastSeq = Number(payload.lastSeq);
      // Clients of the previous version send lastSeq alone; a lastAt that is not a number is answered with resync.
      const from: ResumePoint =
        payload.lastAt === undefined
          ? { lastSeq }
          : { lastSeq, lastAt: typeof payload.lastAt === 'number' ? payload.lastAt : Number.NaN };
      if (from.lastAt === undefined && (!Number.isSafeInteger(lastSeq) || lastSeq <= 0)) return;
      const resync = { lastSeq: Number.isSafeInteger(lastSeq) ? lastSeq : 0 };
      try {
        const missed = await options.eventLog.since(roomsOf(socket), from);
        if (missed === 'gap') {
          socket.emit(RESYNC_EVENT, resync);
          return;
        }
        for (const entry of missed) socket.emit(entry.event, { ...entry.payload, seq: entry.seq, at: entry.at });
      } catch (error) {
        options.logger.error({ err: error }, 'realtime replay failed');
        socket.emit(RESYNC_EVENT, resync);
      }
    });
  });

  const ticketReaderRooms = (campaignId: number, assignedUserId: number | null) => [
    rooms.campaignReaders(campaignId),
    ...(assignedUserId ? [rooms.user(assignedUserId)] : []),
  ];

  /**
   * Once closing, nothing more is emitted: work still finishing (a job delivering a message during shutdown) would
   * otherwise publish through a fan-out client that is already closed, a rejection nobody can catch.
   */
  let closed = false;
  const emitTo = (room: string | string[], event: RealtimeEventName, payload: object) => {
    if (!closed) io.to(room).emit(event, payload);
  };

  /**
   * Emitted at once with the number and time the log stamps it with; the log writes it in the background. Only
   * when no number can be had (none reserved and the database unreachable) does it go out unsequenced.
   */
  const sequenced = (room: string, event: RealtimeEventName, payload: object): Promise<void> => {
    if (!options.eventLog || closed) {
      emitTo(room, event, payload);
      return Promise.resolve();
    }
    const emitStamped = (stamp: Stamp) => emitTo(room, event, { ...payload, seq: stamp.seq, at: stamp.at });
    const stamped = options.eventLog.append(room, event, payload);
    if (!(stamped instanceof Promise)) {
      emitStamped(stamped);
      return Promise.resolve();
    }
    return stamped.then(emitStamped, (error: unknown) => {
      if (closed) return;
      options.logger.error({ err: error, room, event }, 'realtime event could not be sequenced; sent unsequenced');
      emitTo(room, event, payload);
    });
  };

  return {
    io,
    toUser: (userId, event, payload) => sequenced(rooms.user(userId), event, payload),
    toCampaign: (campaignId, event, payload) => sequenced(rooms.campaign(campaignId), event, payload),
    toTicketReaders: async (campaignId, assignedUserId, event, payload) => {
      // Logged per room like toSupervisors; a reader who is also the assignee may get it twice (idempotent patches).
      await Promise.all(ticketReaderRooms(campaignId, assignedUserId).map((room) => sequenced(room, event, payload)));
    },
    volatileToUser: (userId, event, payload) => emitTo(rooms.user(userId), event, payload),
    volatileToTicketReaders: (campaignId, assignedUserId, event, payload) => {
      emitTo(ticketReaderRooms(campaignId, assignedUserId), event, payload);
    },
    toSupervisors: async (campaignIds, event, payload) => {
      // One logged event per room (replay is per room); a supervisor of several of the campaigns may get it twice,
      // which is harmless for the state patches this carries.
      await Promise.all(
        [rooms.supervision, ...campaignIds.map(rooms.supervisionOf)].map((room) => sequenced(room, event, payload)),
      );
    },
    toAll: (event, payload) => {
      if (!closed) io.emit(event, payload);
    },
    async refreshRooms(userIds) {
      if (userIds !== 'all' && userIds.length === 0) return;
      try {
        // fetchSockets reaches every node through the adapter; join/leave on a remote socket are applied there.
        const sockets = await (userIds === 'all' ? io : io.in(userIds.map(rooms.user))).fetchSockets();
        const byUser = new Map<number, typeof sockets>();
        for (const socket of sockets) {
          const userId = (socket.data.identity as SocketIdentity).userId;
          byUser.set(userId, [...(byUser.get(userId) ?? []), socket]);
        }
        for (const userSockets of byUser.values()) {
          const stored = userSockets[0].data.identity as SocketIdentity;
          const identity = (await options.reloadIdentity?.(stored)) ?? stored;
          const shared = await membershipRooms(identity);
          for (const socket of userSockets) {
            const wanted = new Set([rooms.session((socket.data.identity as SocketIdentity).sessionId), ...shared]);
            const current = roomsOf(socket);
            const leaving = current.filter((room) => !wanted.has(room));
            const joining = [...wanted].filter((room) => !current.includes(room));
            for (const room of leaving) socket.leave(room);
            if (joining.length > 0) socket.join(joining);
          }
        }
      } catch (error) {
        options.logger.error({ err: error, userIds }, 'realtime rooms could not be refreshed');
      }
    },
    disconnectSessions: (sessionIds) => {
      if (sessionIds.length === 0) return;
      io.in(sessionIds.map(rooms.session)).disconnectSockets(true);
    },
    async close() {
      closed = true;
      // io.close() would also close the HTTP server, which Fastify owns and closes itself.
      io.local.disconnectSockets(true);
      await options.eventLog?.close();
      io.engine.close();
      await closeFanout();
    },
  };
}

/** Nodes that have not been heard from for this long are taken as gone (requests to every node stop waiting). */
const NODE_HEARTBEAT_MS = 2_000;
const NODE_TIMEOUT_MS = 6_000;

/**
 * Sets the adapter through which broadcasts, `disconnectSockets`, `fetchSockets` and remote `join`/`leave` reach
 * every node (every namespace: the staff's `/` and the visitors' `/visitor`). Returns what closes it.
 */
async function attachFanout(io: Server, fanout: RealtimeFanout, logger: Logger): Promise<() => Promise<void>> {
  if (fanout.kind === 'redis') {
    const pub = createClient({ url: fanout.url });
    const sub = pub.duplicate();
    pub.on('error', (error) => logger.error({ err: error }, 'redis (publish) error'));
    sub.on('error', (error) => logger.error({ err: error }, 'redis (subscribe) error'));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createRedisAdapter(pub, sub));
    logger.info('realtime fans out through Redis');
    // Quitting unsubscribes: the other nodes count subscribers, so they stop waiting for this one at once.
    return async () => {
      await Promise.all([pub, sub].map((client) => client.quit().catch(() => undefined)));
    };
  }
  if (fanout.kind === 'postgres') {
    // The adapter LISTENs on a client it checks out for good and NOTIFYs with pool.query, awaiting each NOTIFY before
    // it delivers to its own sockets. Two pools of one connection each: a listening connection the database dropped
    // (a restart) is given back to its pool as broken, which the adapter never does (it then reconnects by itself);
    // NOTIFYs go out in call order on one connection (a session-opened event reaches the other node before the
    // disconnect that follows it), those waiting while one is in flight together in one statement.
    const listenPool = new pg.Pool({ connectionString: fanout.url, max: 1 });
    const notifyPool = new pg.Pool({ connectionString: fanout.url, max: 1 });
    for (const pool of [listenPool, notifyPool]) {
      pool.on('error', () => undefined);
      pool.on('connect', (client) => {
        client.on('error', (error) => logger.warn({ err: error }, 'realtime fan-out connection lost; reconnecting'));
      });
    }
    const notify = batchedNotify(notifyPool);
    const listening = listeningConnections(listenPool);
    const pools = {
      connect: listening.connect,
      query(text: string, values?: unknown[]) {
        return text === ADAPTER_NOTIFY && values
          ? notify(String(values[0]), String(values[1]))
          : notifyPool.query(text, values);
      },
    };
    io.adapter(
      localFirst(
        // The adapter asks of its "pool" only connect() and query().
        createPostgresAdapter(pools as unknown as pg.Pool, {
          heartbeatInterval: NODE_HEARTBEAT_MS,
          heartbeatTimeout: NODE_TIMEOUT_MS,
          errorHandler: (error: unknown) => logger.warn({ err: error }, 'realtime fan-out through PostgreSQL failed'),
        }),
        logger,
      ),
    );
    logger.info('realtime fans out through PostgreSQL');
    return async () => {
      closeAdapters(io);
      listening.close();
      await Promise.all([listenPool.end(), notifyPool.end()].map((ending) => ending.catch(() => undefined)));
    };
  }
  return async () => {};
}

type AdapterFactory = ReturnType<typeof createPostgresAdapter>;

/**
 * A cluster adapter awaits each broadcast's publication (the NOTIFY's round trip) before it delivers to its own
 * sockets, only to learn the offset of Socket.IO's connection state recovery, which Atiende does not use (the event
 * log replays; the PostgreSQL adapter's offset is always empty). Broadcasts are published in the background instead,
 * so a node's own sockets get them at once, as with one node. Order holds: broadcasts still reach the NOTIFY queue in
 * call order, and joins, leaves and disconnects, which await their publication before acting locally, apply to local
 * sockets through `fetchSockets` (the socket itself) before anything broadcast after them.
 */
export function localFirst(factory: AdapterFactory, logger: Logger): AdapterFactory {
  return function adapterFor(namespace) {
    const adapter = factory(namespace);
    // `publishAndReturnOffset` is protected: it is what every publication of the cluster adapter goes through.
    const published = adapter as unknown as { publishAndReturnOffset(message: ClusterMessage): Promise<string> };
    const publish = published.publishAndReturnOffset.bind(adapter);
    published.publishAndReturnOffset = (message) => {
      if (message.type !== MessageType.BROADCAST) return publish(message);
      publish(message).catch((error: unknown) =>
        logger.warn({ err: error }, 'realtime fan-out through PostgreSQL failed to publish a broadcast'),
      );
      return Promise.resolve('');
    };
    return adapter;
  } as AdapterFactory;
}

/**
 * The adapter's listening connections, from a pool of one. A connection the database dropped (a restart) is given
 * back as broken, which the adapter never does (it then connects again by itself, every 1-3 s until it can).
 *
 * Closing: the adapter gives back the connection it holds, but one it is still setting up (connected, its LISTENs
 * in flight) it would keep for good, and `pool.end()` would wait for it forever; so `close` gives back whatever
 * connection is out. From then on `connect` never answers: the adapter's reconnection loop stops there instead of
 * trying every few seconds on an ended pool.
 */
export function listeningConnections(pool: Pick<pg.Pool, 'connect'>) {
  let closed = false;
  let current: pg.PoolClient | null = null;
  const never = () => new Promise<never>(() => undefined);
  const giveBack = (client: pg.PoolClient, error?: Error) => {
    try {
      client.release(error);
    } catch {
      // Already given back.
    }
  };
  return {
    async connect(): Promise<pg.PoolClient> {
      if (closed) return never();
      const client = await pool.connect();
      if (closed) {
        giveBack(client);
        return never();
      }
      current = client;
      client.once('end', () => {
        if (current === client) current = null;
        giveBack(client, new Error('the listening connection ended'));
      });
      return client;
    },
    close(): void {
      closed = true;
      if (current) giveBack(current, new Error('the realtime fan-out is closing'));
      current = null;
    },
  };
}

/** The statement @socket.io/postgres-adapter publishes with (channel, payload). */
const ADAPTER_NOTIFY = 'SELECT pg_notify($1, $2)';
/** NOTIFYs sent in one statement at most (two parameters each). */
const NOTIFY_BATCH = 200;

/**
 * pg_notify through one connection in call order: the first goes out at once, those that come while it is in flight
 * go together in the next statement (one round trip for a burst). Notifications of one statement are delivered in
 * order; PostgreSQL folds identical ones (same channel and payload) within it, which only ever concerns repeated
 * heartbeats or a repeated unsequenced notice, both harmless.
 */
function batchedNotify(pool: pg.Pool): (channel: string, payload: string) => Promise<void> {
  let queue: { channel: string; payload: string; resolve(): void; reject(error: unknown): void }[] = [];
  let sending = false;
  const drain = async () => {
    sending = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, NOTIFY_BATCH);
      queue = queue.slice(batch.length);
      const calls = batch.map((_, index) => `pg_notify($${2 * index + 1}, $${2 * index + 2})`).join(', ');
      try {
        await pool.query(
          `select ${calls}`,
          batch.flatMap((item) => [item.channel, item.payload]),
        );
        for (const item of batch) item.resolve();
      } catch (error) {
        for (const item of batch) item.reject(error);
      }
    }
    sending = false;
  };
  return (channel, payload) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ channel, payload, resolve, reject });
      if (!sending) void drain();
    });
}

/** Tells the other nodes this one is leaving (they stop waiting for its answers) and stops the adapters' timers. */
function closeAdapters(io: Server): void {
  for (const namespace of io._nsps.values()) {
    try {
      namespace.adapter.close();
    } catch {
      // Already closed.
    }
  }
}
