import { expect, type Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { business } from '../../apps/server/dist/modules/business/business.schema.js';
import { createUser, ensureBuiltInRoles } from '../../apps/server/dist/modules/users/users.service.js';
import { voiceSettings } from '../../apps/server/dist/modules/voice/voice.schema.js';
import { connectDatabase } from '../../apps/server/dist/platform/db/client.js';
import { E2E_DATABASE_URL } from './env.js';

let sequence = 0;

/** Turns the business's WebRTC softphone on (the configuration page's switch) once telephony answers. */
export async function enableSoftphones(): Promise<void> {
  const database = connectDatabase(E2E_DATABASE_URL, 1);
  try {
    await expect
      .poll(
        async () => {
          const [row] = await database.db.select({ beat: voiceSettings.heartbeatAt }).from(voiceSettings);
          return row?.beat != null;
        },
        { timeout: 30_000, message: 'the app to start its telephony daemons' },
      )
      .toBe(true);
    await database.db.update(business).set({ webrtcEnabled: true });
  } finally {
    await database.close();
  }
}

/** An agent of the test's own with an extension (the users form's field). */
export async function agentWithExtension(extension: string, name: string) {
  const database = connectDatabase(E2E_DATABASE_URL, 1);
  try {
    const roles = await ensureBuiltInRoles(database.db);
    sequence += 1;
    const email = `voice.${Date.now()}.${sequence}@atiende.test`;
    const password = 'E2e.Clave.2026';
    await createUser(database.db, { name, email, password, roleIds: [roles.agent], mfaEnabled: false, extension });
    return { email, password, extension, name };
  } finally {
    await database.close();
  }
}

/**
 * The demo agent with an extension, and one of their open tickets whose customer gets a phone contact of its own
 * (an international number, so it is dialled as written). Returns the ticket and the number.
 */
export async function demoAgentCallsCustomer(extension: string, number: string) {
  const database = connectDatabase(E2E_DATABASE_URL, 1);
  try {
    await database.db.execute(sql`update users set extension = ${extension} where email = 'agente@atiende.test'`);
    const found = await database.db.execute<{ ticket_id: string; customer_id: string }>(sql`
      select t.id as ticket_id, t.customer_id from tickets t join users u on u.id = t.assigned_user_id
      where u.email = 'agente@atiende.test' and t.status <> 4 and t.customer_id is not null
      order by t.id limit 1`);
    const { ticket_id: ticketId, customer_id: customerId } = found.rows[0];
    await database.db.execute(sql`
      insert into customer_contacts (customer_id, type_id, value, normalized_value, position)
      select ${customerId}, id, ${number}, ${number.replace(/\D/g, '')}, 99 from catalogue_entries
      where model = 'tipo-dato-contacto' and code = '1'`);
    return { ticketId: Number(ticketId) };
  } finally {
    await database.close();
  }
}

/**
 * Makes the agent a member of the demo campaign "Servicio al cliente" (on its first channel) and sets the campaign's
 * softphone auto-answer with this delay (the campaign form's configuration tab). Returns the campaign's name.
 */
export async function autoAnswerCampaign(email: string, delayMs: number): Promise<string> {
  const name = 'Servicio al cliente';
  const database = connectDatabase(E2E_DATABASE_URL, 1);
  try {
    await database.db.execute(sql`
      insert into campaign_agent_channels (campaign_id, channel_id, user_id)
      select c.id, cc.channel_id, u.id from campaigns c
        join lateral (select channel_id from campaign_channels where campaign_id = c.id order by channel_id limit 1) cc on true
        join users u on u.email = ${email}
      where c.name = ${name}
      on conflict do nothing`);
    await database.db.execute(sql`
      update campaigns set config = config || ${JSON.stringify({ softphoneAutoAnswer: true, softphoneAutoAnswerTimeMs: delayMs })}::jsonb
      where name = ${name}`);
    return name;
  } finally {
    await database.close();
  }
}

/**
 * Keeps every RTCPeerConnection the page makes (added before the app's scripts), so a test can read what media
 * really flowed: packets and audio level received, packets sent.
 */
export async function watchPeerConnections(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const connections: RTCPeerConnection[] = [];
    (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections = connections;
    const Original = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends Original {
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        connections.push(this);
      }
    } as typeof RTCPeerConnection;
  });
}

/** Audio packets received and sent by the page's newest peer connection. */
export async function audioPackets(page: Page): Promise<{ received: number; sent: number }> {
  return page.evaluate(async () => {
    const connections = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections;
    const connection = connections[connections.length - 1];
    const totals = { received: 0, sent: 0 };
    if (!connection) return totals;
    (await connection.getStats()).forEach((report) => {
      if (report.kind !== 'audio') return;
      if (report.type === 'inbound-rtp') totals.received += report.packetsReceived ?? 0;
      if (report.type === 'outbound-rtp') totals.sent += report.packetsSent ?? 0;
    });
    return totals;
  });
}

/**
 * The energy of the audio the page's newest peer connection received so far (inbound-rtp totalAudioEnergy): it
 * grows while the other side's fake microphone beeps, and stays flat while what arrives is silence (hold, mute).
 */
export async function audioEnergyHeard(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const connections = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections;
    const connection = connections[connections.length - 1];
    let energy = 0;
    if (!connection) return energy;
    (await connection.getStats()).forEach((report) => {
      if (report.type === 'inbound-rtp' && report.kind === 'audio') energy += report.totalAudioEnergy ?? 0;
    });
    return energy;
  });
}

/** How much audio energy the page hears over `ms`. */
export async function energyHeardOver(page: Page, ms: number): Promise<number> {
  const before = await audioEnergyHeard(page);
  await page.waitForTimeout(ms);
  return (await audioEnergyHeard(page)) - before;
}

/** Waits until both directions carry audio: packets keep arriving at each page. */
export async function expectAudioBothWays(first: Page, second: Page): Promise<void> {
  for (const page of [first, second]) {
    const before = await audioPackets(page);
    await expect
      .poll(async () => (await audioPackets(page)).received - before.received, { timeout: 10_000 })
      .toBeGreaterThan(20);
  }
}

/**
 * A telephony channel with this number in the demo campaign "Servicio al cliente", served by the agent (the campaign
 * form's channels and agents). Returns the channel's name.
 */
export async function telephonyChannelServedBy(email: string, did: string): Promise<string> {
  const name = `Línea ${did}`;
  const database = connectDatabase(E2E_DATABASE_URL, 1);
  try {
    await database.db.execute(sql`
      with channel as (
        insert into channels (name, type, direction, config, business_hours)
        select ${name}, 'telephony', 'inbound',
          ${JSON.stringify({ sipHost: 'sip.example.com', sipPort: 5060, sipUser: 'atiende', did })}::jsonb, business_hours
        from channels order by id limit 1
        returning id
      ), campaign as (select id from campaigns where name = 'Servicio al cliente'),
      linked as (insert into campaign_channels (campaign_id, channel_id) select campaign.id, channel.id from campaign, channel)
      insert into campaign_agent_channels (campaign_id, channel_id, user_id)
      select campaign.id, channel.id, u.id from campaign, channel, users u where u.email = ${email}`);
    return name;
  } finally {
    await database.close();
  }
}
