// The baseline server of the capacity benchmark, in its own process like the app's: a bare Fastify route answering
// the app's JSON envelope, and a bare Socket.IO server that broadcasts stamped events to rooms (one per campaign) at
// the rate the orchestrator asks for. Whatever the app adds shows against these, measured by the same client
// processes at the same time on the same machine.
import Fastify from 'fastify';
import { Server } from 'socket.io';
import { now } from './stats.mjs';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({
  statusResult: true,
  status: 'OK',
  code: 'OK',
  message: 'ok',
  result: { data: [], total: 0 },
}));
await app.listen({ port: 0, host: '127.0.0.1' });
const io = new Server(app.server, { serveClient: false });
io.on('connection', (socket) => {
  socket.join(`room-${Number(socket.handshake.auth.room) || 0}`);
});

// About the size of a NuevoRegistroCanalEvent (its pending item) so serialisation costs alike.
const padding = 'x'.repeat(400);
let timer = null;

/** Emits `perRoom` events per second to each of `rooms` rooms, spread evenly. */
function broadcast(rooms, perRoom) {
  clearInterval(timer);
  timer = null;
  const total = rooms * perRoom;
  if (total <= 0) return;
  let next = 0;
  const period = 1000 / total;
  const started = now();
  let sent = 0;
  timer = setInterval(() => {
    // Catch up to the schedule (timers fire late under load).
    const due = Math.floor((now() - started) / period);
    for (; sent < due; sent += 1) {
      io.to(`room-${next}`).emit('bench', { sentAt: now(), n: sent, padding });
      next = (next + 1) % rooms;
    }
  }, 5);
}

process.on('message', (message) => {
  if (message.type === 'broadcast') broadcast(message.rooms, message.perRoom);
  if (message.type === 'stop') {
    clearInterval(timer);
    io.disconnectSockets(true);
    process.exit(0);
  }
});
process.send({ type: 'ready', url: `http://127.0.0.1:${app.server.address().port}` });
