import type { Namespace, Server } from 'socket.io';
import { UNAVAILABLE_ERROR } from '../../platform/realtime.js';

/** The Socket.IO namespace of web-chat visitors (separate from the staff's `/` namespace and its rooms). */
export const VISITOR_NAMESPACE = '/visitor';

/** Server → visitor events. */
export const VISITOR_EVENTS = {
  /** A message of the conversation (an agent's reply, or the visitor's own from another tab). */
  message: 'message',
  /** An agent is writing. */
  typing: 'typing',
} as const;

/** Visitor → server: "I am writing" (throttled; reaches the agents of the ticket's campaign as `webchat-typing`). */
export const VISITOR_TYPING = 'typing';
const TYPING_EVERY_MS = 2_000;

export const visitorRoom = (visitorId: number) => `visitor:${visitorId}`;

export interface VisitorSocketIdentity {
  visitorId: number;
}

export interface VisitorRealtime {
  namespace: Namespace;
  toVisitor(visitorId: number, event: string, payload: object): void;
}

function tokenFrom(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  return value.startsWith('Bearer ') ? value.slice(7) : value;
}

/**
 * Visitors connect to `/visitor` with their token in the handshake (`auth: {token}`); the server checks it and the
 * page's Origin against the widget, then joins the socket to its one room `visitor:{id}`. Visitors never name rooms.
 * Browsers on other sites reach it with the websocket transport (no CORS involved; the Origin check is ours).
 */
export function attachVisitorRealtime(
  io: Server,
  options: {
    authenticate(token: string, origin: string | undefined): Promise<VisitorSocketIdentity | null>;
    onTyping(visitorId: number): Promise<void>;
    onError(error: unknown): void;
  },
): VisitorRealtime {
  const namespace = io.of(VISITOR_NAMESPACE);
  namespace.use(async (socket, next) => {
    const token =
      tokenFrom((socket.handshake.auth as { token?: unknown } | undefined)?.token) ??
      tokenFrom(socket.handshake.headers.authorization);
    let identity: VisitorSocketIdentity | null = null;
    try {
      identity = token ? await options.authenticate(token, socket.handshake.headers.origin) : null;
    } catch (error) {
      // The database could not be asked (restarting): the widget retries, the visitor keeps their token.
      options.onError(error);
      next(new Error(UNAVAILABLE_ERROR));
      return;
    }
    if (!identity) {
      next(new Error('UNAUTHENTICATED'));
      return;
    }
    socket.data.visitorId = identity.visitorId;
    next();
  });

  namespace.on('connection', (socket) => {
    const visitorId = socket.data.visitorId as number;
    void socket.join(visitorRoom(visitorId));
    let lastTyping = 0;
    socket.on(VISITOR_TYPING, () => {
      const now = Date.now();
      if (now - lastTyping < TYPING_EVERY_MS) return;
      lastTyping = now;
      options.onTyping(visitorId).catch(options.onError);
    });
  });

  return {
    namespace,
    toVisitor(visitorId, event, payload) {
      namespace.to(visitorRoom(visitorId)).emit(event, payload);
    },
  };
}
