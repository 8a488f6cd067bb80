import { type BotFlow, isWithinBusinessHours, TICKET_STATUS } from '@atiende/contracts';
import type { AppContext } from '../../platform/context.js';
import { createCachedKeys, createPeriodicTask } from '../../platform/periodic.js';
import { businessRepo } from '../business/business.repo.js';
import { campaignsRepo } from '../campaigns/campaigns.repo.js';
import { channelsRepo } from '../channels/channels.repo.js';
import { interactionsRepo } from '../interactions/interactions.repo.js';
import type { OutboundPayload } from '../interactions/interactions.schema.js';
import type { OutboundService } from '../interactions/outbound.service.js';
import type { TicketAutomated } from '../tickets/tickets.automated.js';
import { sessionMessageOf } from '../whatsapp/whatsapp-templates.service.js';
import { type BotEnding, type BotOutput, type BotPorts, type BotState, runBotTurn } from './bot-engine.js';
import { botsRepo } from './bots.repo.js';
import { createDialogflowClient } from './dialogflow.client.js';

/** What one web service answer may weigh (the rest is not read). */
const WEB_SERVICE_MAX_BYTES = 256 * 1024;
/** Turns one call may try for a ticket when other nodes' turns keep committing first. */
const TURNS_PER_CALL = 5;
const SWEEP_BATCH = 100;
/** How long a node trusts its list of campaigns with a live bot (its own changes clear it at once). */
const LIVE_CAMPAIGNS_TTL_MS = 5000;

/** WhatsApp's reply buttons take titles of 20 characters at most; longer options go as a list. */
const REPLY_BUTTON_TITLE = 20;

/**
 * A bot's answer as the conversation keeps it and the channel sends it: a list is WhatsApp's interactive buttons or
 * list where the channel has them, numbered text elsewhere (the customer answers with the number or the words).
 */
export function botReplyOf(
  output: BotOutput,
  channelType: string,
): { text: string; outboundPayload?: OutboundPayload } {
  if (output.kind === 'text') return { text: output.text };
  if (channelType !== 'whatsapp') {
    return {
      text: [output.text, output.options.map((option, index) => `${index + 1}. ${option.title}`).join('\n')].join(
        '\n\n',
      ),
    };
  }
  const asButtons =
    output.options.length <= 3 && output.options.every((option) => option.title.length <= REPLY_BUTTON_TITLE);
  const message = sessionMessageOf(
    {
      type: 'interactive',
      headerType: 'none',
      headerText: null,
      body: output.text,
      footer: null,
      buttons: [],
      quickReplies: [],
      interactiveType: asButtons ? 'buttons' : 'list',
      replyButtons: output.options.map((option) => option.title),
      listButton: output.button || null,
      sections: [{ title: '', options: output.options }],
      language: 'es',
      mediaType: null,
    },
    [],
    null,
  );
  return {
    text: [output.text, output.options.map((option) => `[${option.title}]`).join('\n')].join('\n\n'),
    outboundPayload: { whatsappMessage: message },
  };
}

/**
 * The bot runtime: a published, enabled bot attached to a channel answers its new conversations before any agent
 * (the inbound pipeline marks such tickets `bot_active`, so routing leaves them alone). Each customer message is
 * answered once: the engine's turn is computed outside any transaction (web services may take seconds), then its
 * answers, the new state and the last message answered commit together, only if no other turn committed meanwhile.
 * A restart loses nothing: the state is stored, and the sweep answers what arrived while no node was listening.
 */
export function createBotRuntime(
  ctx: AppContext,
  deps: {
    outbound: OutboundService;
    routing: { route(campaignIds: number[]): Promise<unknown> };
    automated: TicketAutomated;
  },
) {
  const { db } = ctx;
  const liveCampaigns = createCachedKeys(() => botsRepo.campaignsWithLiveBots(db), LIVE_CAMPAIGNS_TTL_MS);
  /** One call at a time per ticket on this node (other nodes are kept out by the compare-and-set below). */
  const running = new Map<number, Promise<unknown>>();

  const dialogflow = createDialogflowClient(ctx.outbound, ctx.logger);

  function portsFor(channel: { businessHours: unknown }, ticketId: number): BotPorts {
    return {
      businessOpen: async () => isWithinBusinessHours(channel.businessHours as never, new Date()),
      async webService(request) {
        try {
          // The outbound policy: no loopback, private or metadata address unless the operator allowed the host.
          const response = await ctx.outbound.fetch('webhook', request.url, {
            method: request.method,
            headers: Object.fromEntries(request.headers.map((header) => [header.name, header.value])),
            body: request.method === 'GET' || request.method === 'DELETE' ? undefined : request.body || undefined,
            signal: AbortSignal.timeout(request.timeoutMs),
          });
          if (!response.ok) {
            ctx.logger.info({ status: response.status }, 'bot web service answered an error');
            return null;
          }
          const body = Buffer.from(await response.arrayBuffer());
          if (body.length > WEB_SERVICE_MAX_BYTES) return null;
          try {
            return JSON.parse(body.toString('utf8')) as unknown;
          } catch {
            return { text: body.toString('utf8') };
          }
        } catch (error) {
          ctx.logger.info({ err: error instanceof Error ? error.message : String(error) }, 'bot web service failed');
          return null;
        }
      },
      // The business's Dialogflow agent, one session per ticket (its contexts follow the conversation).
      async detectIntent(text, languageCode) {
        const settings = (await businessRepo.get(db))?.dialogflow;
        if (!settings) {
          ctx.logger.info({ ticketId }, 'a dialog flow node ran without Dialogflow configured');
          return null;
        }
        return dialogflow.detectIntent(settings, `atiende-${ticketId}`, text, languageCode);
      },
    };
  }

  /**
   * One turn for the ticket's newest unanswered message: `idle` when there was nothing to answer, `dropped` when
   * another turn committed first (try again), `answered`; and whether the bot still has the ticket.
   */
  async function turn(ticketId: number): Promise<{ outcome: 'idle' | 'dropped' | 'answered'; botActive: boolean }> {
    const begun = await db.transaction(async (tx) => {
      const ticket = await botsRepo.lockTicket(tx, ticketId);
      if (!ticket?.botActive || ticket.status === TICKET_STATUS.closed)
        return { kind: 'idle' as const, botActive: false };
      if (ticket.assignedUserId !== null) {
        // A person took the conversation (assigned by hand): the bot leaves it for good.
        await botsRepo.setBotActive(tx, ticketId, false);
        await botsRepo.endSessions(tx, ticketId, { action: 'transferToAgent', reason: 'takenByAgent' });
        return { kind: 'idle' as const, botActive: false };
      }
      let session = await botsRepo.activeSession(tx, ticketId);
      const answeredUpTo = session?.lastMessageId ?? (await botsRepo.lastSession(tx, ticketId))?.lastMessageId ?? 0;
      const message = await botsRepo.unansweredMessage(tx, ticketId, answeredUpTo);
      if (!message) return { kind: 'idle' as const, botActive: true };
      const interaction = await interactionsRepo.interaction(tx, message.interactionId);
      if (!interaction) return { kind: 'idle' as const, botActive: true };
      if (!session) {
        const live = await botsRepo.liveBotOfChannel(tx, interaction.channelId);
        if (!live) {
          // The bot was detached, disabled or unpublished: agents take the conversation.
          await botsRepo.setBotActive(tx, ticketId, false);
          return { kind: 'route' as const, campaignId: ticket.campaignId };
        }
        session = await botsRepo.insertSession(tx, {
          ticketId,
          interactionId: interaction.id,
          botId: live.botId,
          versionId: live.versionId,
          lastMessageId: answeredUpTo,
        });
      }
      return { kind: 'turn' as const, session, message, interaction, campaignId: ticket.campaignId };
    });
    if (begun.kind === 'idle') return { outcome: 'idle', botActive: begun.botActive };
    if (begun.kind === 'route') {
      await deps.routing.route([begun.campaignId]);
      return { outcome: 'idle', botActive: false };
    }
    const { session, message, interaction } = begun;
    const [version, channel, bot] = await Promise.all([
      botsRepo.version(db, session.botId, session.versionId),
      channelsRepo.find(db, interaction.channelId),
      botsRepo.find(db, session.botId),
    ]);
    if (!version || !channel || !bot) return { outcome: 'idle', botActive: true };
    // A new conversation starts with what the business knows of the customer.
    const state = session.state ?? {
      waitingAt: null,
      variables: await botsRepo.customerVariables(db, ticketId),
      retries: 0,
    };
    const result = await runBotTurn(version.flow, state, message.text, portsFor(channel, ticketId), bot.secrets);

    const committed = await db.transaction(async (tx) => {
      await botsRepo.lockTicket(tx, ticketId);
      const current = await botsRepo.activeSession(tx, ticketId);
      // Another turn answered meanwhile (another node, or a message handled twice): this one is dropped.
      if (current?.id !== session.id || current.lastMessageId !== session.lastMessageId) return null;
      const replies = result.outputs.map((output) => botReplyOf(output, channel.type));
      const queued = await deps.outbound.queueBotReplies(tx, interaction, replies);
      await botsRepo.saveSession(tx, session.id, {
        state: result.state,
        lastMessageId: message.id,
        ending: result.ending ? { ...result.ending } : null,
      });
      // Transfers and finishing hand the ticket back to the desk; a released conversation stays with the bot,
      // which starts over when the customer writes again.
      if (result.ending && result.ending.action !== 'releaseConversation') {
        await botsRepo.setBotActive(tx, ticketId, false);
      }
      return queued;
    });
    if (!committed) return { outcome: 'dropped', botActive: true };
    await deps.outbound.announceQueued(ticketId, committed);
    if (result.ending) await endWith(result.ending, ticketId, begun.campaignId, bot.name);
    return { outcome: 'answered', botActive: !result.ending || result.ending.action === 'releaseConversation' };
  }

  /** What the bot's last node asked for, once its answers are queued. */
  async function endWith(ending: BotEnding, ticketId: number, campaignId: number, botName: string) {
    const by = { ruleName: `Bot «${botName}»` };
    switch (ending.action) {
      case 'transferToAgent':
        await deps.routing.route([campaignId]);
        return;
      case 'transferToCampaign': {
        const target = ending.campaignId ? await campaignsRepo.find(db, ending.campaignId) : null;
        if (target && target.id !== campaignId) {
          await deps.automated.moveToCampaign(ticketId, target.id, target.name, by).catch((error: unknown) => {
            ctx.logger.warn({ err: error, ticketId }, 'bot transfer to campaign refused');
          });
          await deps.routing.route([target.id]);
        } else {
          await deps.routing.route([campaignId]);
        }
        return;
      }
      case 'finishConversation':
        await deps.automated.close(ticketId, by).catch((error: unknown) => {
          ctx.logger.warn({ err: error, ticketId }, 'bot could not close the ticket');
        });
        return;
      case 'releaseConversation':
        return;
    }
  }

  /**
   * Answers what the customer wrote on the ticket, one call at a time per ticket on this node; whether the bot
   * still has the ticket. A later message has its own call (the sweep catches any left).
   */
  function handle(ticketId: number): Promise<boolean> {
    const previous = running.get(ticketId) ?? Promise.resolve(true);
    const next = previous.then(async () => {
      let last = { outcome: 'dropped' as 'idle' | 'dropped' | 'answered', botActive: true };
      for (let count = 0; count < TURNS_PER_CALL && last.outcome === 'dropped'; count += 1) last = await turn(ticketId);
      return last.botActive;
    });
    const settled = next.catch((error: unknown) => {
      ctx.logger.error({ err: error, ticketId }, 'bot turn failed');
      return true;
    });
    running.set(ticketId, settled);
    void settled.finally(() => {
      if (running.get(ticketId) === settled) running.delete(ticketId);
    });
    return settled;
  }

  /** A conversation whose customer went silent longer than the bot allows: its last words, then its action. */
  async function silence(session: { id: number; ticketId: number; lastMessageId: number }) {
    const done = await db.transaction(async (tx) => {
      const ticket = await botsRepo.lockTicket(tx, session.ticketId);
      const current = await botsRepo.activeSession(tx, session.ticketId);
      // The customer wrote meanwhile, or another node ended it: nothing to do.
      if (!ticket?.botActive || current?.id !== session.id || current.lastMessageId !== session.lastMessageId) {
        return null;
      }
      const bot = await botsRepo.find(tx, current.botId);
      const interaction = await interactionsRepo.interaction(tx, current.interactionId);
      if (!bot || !interaction) return null;
      const ending: BotEnding = { action: bot.silence.action, reason: 'silence' };
      const replies = bot.silence.text ? [{ text: bot.silence.text }] : [];
      const queued = await deps.outbound.queueBotReplies(tx, interaction, replies);
      await botsRepo.saveSession(tx, current.id, {
        state: current.state ?? { waitingAt: null, variables: {}, retries: 0 },
        lastMessageId: current.lastMessageId,
        ending: { ...ending },
      });
      if (ending.action !== 'releaseConversation') await botsRepo.setBotActive(tx, session.ticketId, false);
      return { queued, ending, campaignId: ticket.campaignId, botName: bot.name };
    });
    if (!done) return;
    await deps.outbound.announceQueued(session.ticketId, done.queued);
    await endWith(done.ending, session.ticketId, done.campaignId, done.botName);
  }

  const sweep = async () => {
    for (const ticketId of await botsRepo.ticketsWithUnanswered(db, SWEEP_BATCH)) await handle(ticketId);
    for (const session of await botsRepo.silentSessions(db, SWEEP_BATCH)) {
      const previous = running.get(session.ticketId) ?? Promise.resolve();
      const next = previous
        .then(() => silence(session))
        .catch((error: unknown) => ctx.logger.error({ err: error, ticketId: session.ticketId }, 'bot silence failed'));
      running.set(session.ticketId, next);
      void next.finally(() => {
        if (running.get(session.ticketId) === next) running.delete(session.ticketId);
      });
      await next;
    }
  };
  const periodic = createPeriodicTask(ctx.logger, 'bots.sweep', sweep);

  return {
    /**
     * After a customer's message is stored: the bot answers if it has the ticket; true while the bot keeps it.
     * Campaigns without a live bot cost nothing here (a cached list); what another node's change makes stale for
     * a few seconds, the sweep answers.
     */
    async inboundRecorded(result: { ticketId: number; campaignId: number }): Promise<boolean> {
      if (!(await liveCampaigns.has(String(result.campaignId)))) return false;
      return handle(result.ticketId);
    },
    /**
     * The editor's test panel: one turn of a flow (saved or not) with the runtime's engine and ports — the web
     * services, Dialogflow (a session of the tester's own) and the chosen channel's business hours — and nothing
     * stored or sent.
     */
    async tryTurn(
      userId: number,
      body: { flow: BotFlow; state: BotState | null; input: string | null; channelId?: number; botId?: number },
    ) {
      const channel = body.channelId ? await channelsRepo.find(db, body.channelId) : null;
      const ports = portsFor({ businessHours: channel?.businessHours ?? null }, 0);
      const tester: BotPorts = {
        ...ports,
        businessOpen: channel ? ports.businessOpen : async () => true,
        detectIntent: async (text, languageCode) => {
          const settings = (await businessRepo.get(db))?.dialogflow;
          return settings ? dialogflow.detectIntent(settings, `atiende-prueba-${userId}`, text, languageCode) : null;
        },
      };
      const secrets = body.botId ? ((await botsRepo.find(db, body.botId))?.secrets ?? {}) : {};
      return runBotTurn(body.flow, body.state, body.input, tester, secrets);
    },
    /** This node's bot changes (published, attached, switched on or off) count at once. */
    forget: () => liveCampaigns.forget(),
    /** Answers what arrived while no node listened (a restart, a lost event); run periodically and by tests. */
    sweep,
    start: (everyMs: number) => periodic.start(everyMs),
    stop: () => periodic.stop(),
    /** Resolves when the turns under way on this node are done (tests, shutdown). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running.values()]);
    },
  };
}

export type BotRuntime = ReturnType<typeof createBotRuntime>;
