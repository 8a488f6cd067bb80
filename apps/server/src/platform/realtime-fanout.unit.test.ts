import { EventEmitter } from 'node:events';
import type { createAdapter as createPostgresAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
import type { Logger } from 'pino';
import { type Namespace, Server } from 'socket.io';
import { ClusterAdapter, type ClusterMessage, type ClusterResponse, MessageType } from 'socket.io-adapter';
import { describe, expect, it, vi } from 'vitest';
import { listeningConnections, localFirst } from './realtime.js';

type AdapterFactory = ReturnType<typeof createPostgresAdapter>;

/**
 * A cluster adapter whose publications go to a database that does not answer (yet): each publication's promise is
 * kept, to be settled by the test.
 */
class StalledAdapter extends ClusterAdapter {
  published: { message: ClusterMessage; settle(error?: Error): void }[] = [];

  // The cluster adapter's constructor is protected: Socket.IO builds adapters through a factory, as this test does.
  public constructor(namespace: Namespace) {
    super(namespace);
  }

  override doPublish(message: ClusterMessage): Promise<string> {
    return new Promise((resolve, reject) => {
      this.published.push({ message, settle: (error) => (error ? reject(error) : resolve('')) });
    });
  }

  override doPublishResponse(_requesterUid: string, _response: ClusterResponse): Promise<void> {
    return Promise.resolve();
  }
}

/** A namespace on `factory`'s adapter with one local socket in room `campaign:1`, whose deliveries are recorded. */
function namespaceWith(factory: AdapterFactory) {
  // No HTTP server and no engine: nothing to close. The socket is a stand-in that records what is written to it.
  const server = new Server();
  server.adapter(factory);
  const namespace = server.of('/');
  const adapter = namespace.adapter as unknown as StalledAdapter;
  const writeToEngine = vi.fn();
  namespace.sockets.set('socket-1', { id: 'socket-1', client: { writeToEngine } } as never);
  adapter.addAll('socket-1', new Set(['campaign:1']));
  return { server, adapter, writeToEngine };
}

const stalled: AdapterFactory = function stalledAdapter(namespace: Namespace) {
  return new StalledAdapter(namespace);
} as unknown as AdapterFactory;

const flush = () => new Promise((resolve) => setImmediate(resolve));

function quietLogger() {
  const warn = vi.fn();
  return { logger: { warn } as unknown as Logger, warn };
}

describe('fan-out through PostgreSQL: a node delivers to its own sockets first', () => {
  it("without it, the cluster adapter's own sockets wait for the broadcast's publication", async () => {
    const { server, adapter, writeToEngine } = namespaceWith(stalled);
    server.to('campaign:1').emit('ticket', { id: 1 });
    await flush();
    expect(writeToEngine).not.toHaveBeenCalled();
    adapter.published[0].settle();
    await flush();
    expect(writeToEngine).toHaveBeenCalledTimes(1);
  });

  it('with it, own sockets get each broadcast at once and in order, while the publication is still on its way', async () => {
    const { logger } = quietLogger();
    const { server, adapter, writeToEngine } = namespaceWith(localFirst(stalled, logger));
    server.to('campaign:1').emit('ticket', { id: 1 });
    server.to('campaign:1').emit('ticket', { id: 2 });
    server.to('campaign:2').emit('ticket', { id: 3 });
    await flush();
    const delivered = writeToEngine.mock.calls.map(([encoded]) => String(encoded[0]));
    expect(delivered).toEqual(['2["ticket",{"id":1}]', '2["ticket",{"id":2}]']);
    // The other nodes still get every broadcast, published in call order.
    expect(adapter.published.map(({ message }) => message.type)).toEqual([
      MessageType.BROADCAST,
      MessageType.BROADCAST,
      MessageType.BROADCAST,
    ]);
    expect(
      adapter.published.map(({ message }) => (message as { data: { packet: { data: unknown[] } } }).data.packet.data),
    ).toEqual([
      ['ticket', { id: 1 }],
      ['ticket', { id: 2 }],
      ['ticket', { id: 3 }],
    ]);
  });

  it('a broadcast whose publication fails is logged; the local delivery stands', async () => {
    const { logger, warn } = quietLogger();
    const { server, adapter, writeToEngine } = namespaceWith(localFirst(stalled, logger));
    server.to('campaign:1').emit('ticket', { id: 1 });
    await flush();
    adapter.published[0].settle(new Error('connection terminated'));
    await flush();
    expect(writeToEngine).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      { err: expect.objectContaining({ message: 'connection terminated' }) },
      'realtime fan-out through PostgreSQL failed to publish a broadcast',
    );
  });

  it('other publications (disconnects, joins of remote sockets) still act locally only once published', async () => {
    const { logger } = quietLogger();
    const { server, adapter } = namespaceWith(localFirst(stalled, logger));
    const disconnected = vi.fn();
    const socket = server.of('/').sockets.get('socket-1') as unknown as { disconnect: typeof disconnected };
    socket.disconnect = disconnected;
    server.in('campaign:1').disconnectSockets(true);
    await flush();
    expect(adapter.published.map(({ message }) => message.type)).toEqual([MessageType.DISCONNECT_SOCKETS]);
    expect(disconnected).not.toHaveBeenCalled();
    adapter.published[0].settle();
    await flush();
    expect(disconnected).toHaveBeenCalledWith(true);
  });
});

/** A pooled connection that records being given back (twice is an error, as pg's pool says). */
function fakeClient() {
  const client = Object.assign(new EventEmitter(), {
    released: [] as (Error | undefined)[],
    release(error?: Error) {
      if (client.released.length > 0) throw new Error('Release called on client which has already been released');
      client.released.push(error);
    },
  });
  return client;
}

/** A pool whose connections are handed out when the test says. */
function slowPool() {
  const waiting: ((client: pg.PoolClient) => void)[] = [];
  return {
    connect: () => new Promise<pg.PoolClient>((resolve) => waiting.push(resolve)),
    hand(client: ReturnType<typeof fakeClient>) {
      waiting.shift()?.(client as unknown as pg.PoolClient);
    },
  };
}

describe('the fan-out’s listening connection', () => {
  it('is given back as broken when the database drops it, so the adapter can connect again', async () => {
    const pool = slowPool();
    const listening = listeningConnections(pool);
    const client = fakeClient();
    const connecting = listening.connect();
    pool.hand(client);
    expect(await connecting).toBe(client);
    client.emit('end');
    expect(client.released).toEqual([expect.objectContaining({ message: 'the listening connection ended' })]);
  });

  it('closing gives back a connection the adapter was still setting up, and one that arrives after', async () => {
    const pool = slowPool();
    const listening = listeningConnections(pool);
    // Connected, its LISTENs in flight: the adapter does not hold it yet, so its own close would not give it back.
    const settingUp = fakeClient();
    const first = listening.connect();
    pool.hand(settingUp);
    await first;
    // Another attempt waits for the pool when the app closes.
    const late = fakeClient();
    let answered = false;
    void listening.connect().then(() => {
      answered = true;
    });
    listening.close();
    expect(settingUp.released).toHaveLength(1);
    pool.hand(late);
    await flush();
    expect(late.released).toEqual([undefined]);
    // The adapter's reconnection loop stops: no connection is ever handed out again.
    expect(answered).toBe(false);
    let again = false;
    void listening.connect().then(() => {
      again = true;
    });
    await flush();
    expect(again).toBe(false);
  });

  it('a connection the adapter gave back itself is not given back twice', async () => {
    const pool = slowPool();
    const listening = listeningConnections(pool);
    const client = fakeClient();
    const connecting = listening.connect();
    pool.hand(client);
    await connecting;
    client.release();
    expect(() => listening.close()).not.toThrow();
    expect(client.released).toEqual([undefined]);
  });
});
