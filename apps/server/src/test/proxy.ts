import http from 'node:http';
import net from 'node:net';

/**
 * A small load balancer for multi-node tests, standing in for HAProxy or nginx: HTTP requests and WebSocket upgrades
 * go round robin to the backends; a backend that refuses the connection (a killed node) is skipped for the next one,
 * as a load balancer's health check would. `upgrades` records which backend took each WebSocket, in order.
 */
export interface TestProxy {
  url: string;
  upgrades: number[];
  /** WebSocket upgrades from now on wait (the clients see a slow balancer) until `releaseUpgrades`. */
  holdUpgrades(): void;
  releaseUpgrades(): void;
  close(): Promise<void>;
}

export async function startProxy(backendPorts: readonly number[]): Promise<TestProxy> {
  let next = 0;
  const upgrades: number[] = [];
  const sockets = new Set<net.Socket>();
  let held: (() => void)[] | null = null;

  /** Connects to the next backend that accepts, trying each once. */
  function connectBackend(onConnected: (socket: net.Socket, backend: number) => void, onFailed: () => void): void {
    const start = next;
    next = (next + 1) % backendPorts.length;
    const attempt = (tried: number) => {
      if (tried === backendPorts.length) {
        onFailed();
        return;
      }
      const backend = (start + tried) % backendPorts.length;
      const upstream = net.connect(backendPorts[backend], '127.0.0.1');
      upstream.once('connect', () => {
        upstream.removeAllListeners('error');
        sockets.add(upstream);
        upstream.once('close', () => sockets.delete(upstream));
        onConnected(upstream, backend);
      });
      upstream.once('error', () => attempt(tried + 1));
    };
    attempt(0);
  }

  const server = http.createServer((request, response) => {
    connectBackend(
      (upstream) => {
        const forwarded = http.request({
          createConnection: () => upstream,
          method: request.method,
          path: request.url,
          headers: { ...request.headers, connection: 'close' },
        });
        forwarded.on('response', (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          answer.on('error', () => response.destroy());
        });
        // The backend died mid-request: the client sees a failure, never a made-up answer.
        forwarded.on('error', () => (response.headersSent ? response.destroy() : response.writeHead(502).end()));
        request.pipe(forwarded);
      },
      () => response.writeHead(503).end(),
    );
  });

  server.on('upgrade', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    if (held) {
      held.push(() => server.emit('upgrade', request, client, head));
      return;
    }
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    connectBackend(
      (upstream, backend) => {
        upgrades.push(backend);
        const lines = [`${request.method} ${request.url} HTTP/1.1`];
        for (let index = 0; index < request.rawHeaders.length; index += 2) {
          lines.push(`${request.rawHeaders[index]}: ${request.rawHeaders[index + 1]}`);
        }
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
        // Either side closing (a killed node resets its sockets) closes the other, so the client notices at once.
        upstream.on('error', () => client.destroy());
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
      },
      () => client.destroy(),
    );
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    upgrades,
    holdUpgrades() {
      held ??= [];
    },
    releaseUpgrades() {
      const waiting = held ?? [];
      held = null;
      for (const resume of waiting) resume();
    },
    async close() {
      held = null;
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
