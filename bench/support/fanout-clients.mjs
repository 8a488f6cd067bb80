// Child process of bench/realtime-fanout.mjs: opens the sockets, records each event's delivery latency and sends
// the numbers back. Kept apart from the server so its memory and CPU are not counted as the server's.
import { io } from 'socket.io-client';

const { url, sockets: count } = JSON.parse(process.argv[2]);
const tokens = JSON.parse(process.argv[3] ?? '[]');
const latencies = [];
const sockets = [];

function connectOne(index) {
  return new Promise((resolve, reject) => {
    const socket = io(url, {
      auth: { token: tokens[index] ?? '', room: index },
      transports: ['websocket'],
      reconnection: false,
    });
    socket.on('bench', (payload) => {
      latencies.push(performance.timeOrigin + performance.now() - payload.sentAt);
    });
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

process.on('message', async (message) => {
  if (message === 'connect') {
    for (let start = 0; start < count; start += 100) {
      const batch = [];
      for (let index = start; index < Math.min(count, start + 100); index += 1) batch.push(connectOne(index));
      sockets.push(...(await Promise.all(batch)));
    }
    process.send({ connected: sockets.length });
  } else if (message === 'count') {
    process.send({ count: latencies.length });
  } else if (message === 'report') {
    // Hands over this round's deliveries and starts the next round empty.
    process.send({ latencies: latencies.splice(0) });
  } else if (message === 'close') {
    for (const socket of sockets) socket.close();
    process.exit(0);
  }
});
process.send({ ready: true });
