// Child process of bench/capacity/run.mjs: the customers. Conversations start at random (a Poisson process, one
// per agent every BENCH_CONVERSATION_EVERY seconds on average), each in a campaign chosen by its number of agents,
// from one of the campaign's web-chat visitors; each sends BENCH_MESSAGES customer messages about
// BENCH_MESSAGE_GAP seconds apart through the API channel's inbound endpoint (POST /channels/:id/inbound, what
// bench/inbound.mjs drives), the path every channel adapter's message takes into the app. Every text starts with
// a stamp — conversation, message k of n, and the time it was sent — that the agents read back from the
// realtime event (customer→agent latency) and the ticket view (which message is the last). A failed delivery is
// retried as providers do (the endpoint answers only once the message is stored, so a retry is safe).
import { ApiClient } from './http.mjs';
import { between, now, Recorder, sleep } from './stats.mjs';

// The settings arrive in the first message ('init'): at 500 agents the campaigns and their visitors are too long
// for a command line (E2BIG).
let config;
let client;
let totalAgents = 0;
let nextVisitor = [];
const recorder = new Recorder();
const ENDPOINT = 'POST /channels/:id/inbound';
const RETRIES = 3;

function init(received) {
  config = received;
  client = new ApiClient(config.appUrl, { recorder, token: config.token, connections: 16 });
  totalAgents = config.campaigns.reduce((sum, campaign) => sum + campaign.agents, 0);
  nextVisitor = config.campaigns.map(() => 0);
}
const pending = new Set();
let running = false;
let conversations = 0;

const OPENINGS = [
  'No ha llegado mi pedido',
  'Quiero cambiar la dirección de entrega',
  'Me cobraron dos veces la compra',
  'Necesito la garantía de un producto',
  'Quiero saber el horario de la tienda',
];
const MIDDLE = [
  'Mi número de pedido es {n}.',
  'Lo compré la semana pasada por la página web.',
  'Pagué con tarjeta de crédito.',
];

function text(conversation, k, total, opening) {
  let words;
  if (k === 1) words = `Hola, buenas tardes. ${opening}. ¿Me pueden ayudar, por favor?`;
  else if (k === total) words = 'Perfecto, muchas gracias. Eso era todo.';
  else words = MIDDLE[(k - 2) % MIDDLE.length].replace('{n}', String(100000 + conversation));
  // The stamp is taken now: the request goes out right after.
  return `[cap ${config.runId}-${conversation} ${k}/${total} @${now().toFixed(1)}] ${words}`;
}

function pickCampaign() {
  let at = Math.random() * totalAgents;
  for (const [index, campaign] of config.campaigns.entries()) {
    at -= campaign.agents;
    if (at < 0) return index;
  }
  return config.campaigns.length - 1;
}

async function conversation(number) {
  const index = pickCampaign();
  const campaign = config.campaigns[index];
  const visitor = campaign.visitors[nextVisitor[index] % campaign.visitors.length];
  if (nextVisitor[index] >= campaign.visitors.length) recorder.error('inbound', 'visitor reused (seed more visitors)');
  nextVisitor[index] += 1;
  const opening = OPENINGS[number % OPENINGS.length];
  recorder.count('conversations started');
  for (let k = 1; k <= config.messages && running; k += 1) {
    if (k > 1) await sleep(config.messageGapSeconds * 1000 * between(0.75, 1.25));
    if (!running) break;
    const body = {
      providerMessageId: `cap-${config.runId}-${number}-${k}`,
      from: visitor.id,
      senderName: visitor.name,
      text: text(number, k, config.messages, opening),
    };
    // Like a provider, a delivery that failed (no answer, a 5xx) is sent again, the same message with the same id,
    // a few times with a growing delay; every failure is still counted as an error of the endpoint.
    let answer = { status: 0 };
    for (let attempt = 1; attempt <= RETRIES + 1 && running; attempt += 1) {
      if (attempt > 1) {
        recorder.count('customer message deliveries retried');
        await sleep(1000 * (attempt - 1));
      }
      answer = await client.call(ENDPOINT, 'POST', `/channels/${campaign.channelId}/inbound`, { body });
      if (answer.status !== 0 && answer.status < 500) break;
    }
    recorder.count(
      answer.status === 201 || answer.status === 200 ? 'customer messages stored' : 'customer messages lost',
    );
  }
}

async function arrivals() {
  const perSecond = totalAgents / config.conversationEverySeconds;
  while (running) {
    // Exponential gaps: arrivals of a Poisson process.
    await sleep((-Math.log(1 - Math.random()) / perSecond) * 1000);
    if (!running) break;
    conversations += 1;
    const started = conversation(conversations).catch((error) =>
      recorder.error('inbound', `harness: ${error?.message ?? error}`),
    );
    pending.add(started);
    void started.finally(() => pending.delete(started));
  }
}

process.on('message', async (message) => {
  if (message.type === 'init') {
    init(message.config);
    process.send({ type: 'ready' });
  } else if (message.type === 'start') {
    running = true;
    void arrivals();
  } else if (message.type === 'phase') {
    recorder.phase = message.phase;
    recorder.recording = message.phase === 'measure';
  } else if (message.type === 'stop') {
    running = false;
    recorder.recording = false;
    // Messages already on the wire finish; no new ones start.
    const deadline = Date.now() + 10_000;
    while (client.inFlight > 0 && Date.now() < deadline) await sleep(50);
    process.send({ type: 'report', record: recorder.toJSON(), conversations });
    await client.close();
    process.exit(0);
  }
});
