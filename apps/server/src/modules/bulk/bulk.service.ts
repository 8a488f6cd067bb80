import {
  BULK_CHANNEL_TYPES,
  BULK_PROGRESS_EVENT,
  BULK_VARIABLES,
  type BulkAccount,
  type BulkAction,
  type BulkAudience,
  type BulkAudienceQuery,
  type BulkListQuery,
  type BulkMessage,
  type BulkMessageBody,
  type BulkOptions,
  type BulkProgress,
  type BulkRecipient,
  type BulkRecipientStatus,
  type BulkStatus,
  bulkActionAllowed,
  bulkContentProblems,
  bulkPercent,
  CHANNEL_TYPES,
  type ChannelTypeKey,
  DEFAULT_OPT_OUT_WORDS,
  DELIVERY_STATUS,
  fillBulkText,
  foldText,
  isBulkChannelType,
  type WhatsappHeaderType,
  whatsappTemplateText,
  whatsappVariablesOf,
} from '@atiende/contracts';
import { auditRepo } from '../../platform/audit/audit.repo.js';
import { auditFacts, diffForAudit } from '../../platform/audit/diff.js';
import type { Actor } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../platform/db/client.js';
import { AppError, errors } from '../../platform/http/errors.js';
import type { MessageKey } from '../../platform/i18n/messages.js';
import type { JobName } from '../../platform/job-map.js';
import { createPeriodicTask } from '../../platform/periodic.js';
import { searchable } from '../../platform/text.js';
import { ruleCampaignScope } from '../../policies/automation.js';
import { dashboardRepo } from '../analytics/analytics.repo.js';
import { automationRepo } from '../automation/automation.repo.js';
import { businessRepo } from '../business/business.repo.js';
import { campaignsRepo } from '../campaigns/campaigns.repo.js';
import { cataloguesRepo } from '../catalogues/catalogues.repo.js';
import { type ChannelRow, channelsRepo } from '../channels/channels.repo.js';
import { ChannelSetupError, isAmbiguousSendError, PermanentDeliveryError } from '../interactions/adapters.js';
import type { DeliveryReport, OutboundService } from '../interactions/outbound.service.js';
import { recordOutboundContact } from '../interactions/outbound-contact.js';
import { whatsappTemplatesRepo } from '../whatsapp/whatsapp-templates.repo.js';
import { isMediaHeader, contentOf as templateContentOf } from '../whatsapp/whatsapp-templates.service.js';
import { type AudienceSpec, type BulkMessageRow, type BulkRunRow, bulkRepo } from './bulk.repo.js';

export const BULK_PREPARE_QUEUE = 'bulk.prepare' satisfies JobName;
export const BULK_DISPATCH_QUEUE = 'bulk.dispatch' satisfies JobName;
/** A run's recipients to choose: every account matching now, or the failed ones of an earlier run. */
export interface BulkPrepareJob {
  bulkMessageId: number;
  run: number;
  source: 'audience' | 'failed';
}
/** A channel's dispatcher: sends its running bulk messages' recipients at the channel's rate for a while. */
export interface BulkDispatchJob {
  channelId: number;
}

/** Messages per second a provider takes by default (WhatsApp Cloud's standard throughput; a conservative SMS rate). */
const DEFAULT_RATES: Record<string, number> = { whatsapp: 60, sms: 10, email: 10 };
const MAX_RATE = 500;
/** How long one dispatcher job sends before it hands over to the next one (other nodes may take it). */
const SLICE_MS = 15_000;
const MAX_IN_FLIGHT = 16;
/** A passing provider failure is tried again this many times in the run. */
const MAX_ATTEMPTS = 3;
/** A reply counts as an answer to a bulk message sent this recently. */
const REPLY_WINDOW_MS = 7 * 86_400_000;
const PROGRESS_EVERY_MS = 1_000;
/**
 * Providers that report every message they accept with the reference we gave (WhatsApp's status webhooks, Twilio's
 * status callbacks): a send left unconfirmed is settled by its first status, or sent again when none came.
 */
const CONFIRMING_TYPES = ['whatsapp', 'sms'];
const REFERENCE_PREFIX = 'bulk:';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Bulk messaging (docs/bulk-messaging.md). Saved once from the wizard; each run chooses its recipients in one
 * statement (`bulk.prepare`), then one dispatcher per channel (`bulk.dispatch` jobs under the channel's session
 * advisory lock, so never two at once in the cluster, and free again the moment a node dies) claims recipients in
 * committed batches and sends them through the channel adapter's `sendBulk`, spaced to the channel's rate. Providers' status callbacks reach recipients through the
 * outbound service's report; a reply links to the recipient and opt-out words mark the customer.
 */
export function createBulkService(ctx: AppContext, outbound: OutboundService, options: { interruptedAfterMs: number }) {
  const { db } = ctx;
  const lastProgress = new Map<number, number>();

  async function visibleBulk(actor: Actor, id: number): Promise<BulkMessageRow> {
    const row = await bulkRepo.find(db, id);
    if (!row) throw errors.notFound();
    const scope = ruleCampaignScope(actor);
    if (scope !== null && !(await campaignsRepo.isMember(db, row.campaignId, scope))) throw errors.notFound();
    return row;
  }

  async function assertCampaignInScope(actor: Actor, campaignId: number) {
    const scope = ruleCampaignScope(actor);
    const campaign = await campaignsRepo.find(db, campaignId);
    if (!campaign || (scope !== null && !(await campaignsRepo.isMember(db, campaignId, scope)))) {
      throw errors.invalidField('campaignId', 'bulk.campaignRequired');
    }
    return campaign;
  }

  /** The campaign's channel that can send bulk (422 on `channelId` otherwise). */
  async function bulkChannel(campaignId: number, channelId: number): Promise<ChannelRow> {
    const channel = await channelsRepo.find(db, channelId);
    const ofCampaign = (await automationRepo.campaignChannels(db, campaignId)).some((row) => row.id === channelId);
    if (!channel || !ofCampaign) throw errors.invalidField('channelId', 'bulk.channelRequired');
    if (!isBulkChannelType(channel.type)) throw errors.invalidField('channelId', 'bulk.channelNotSupported');
    return channel;
  }

  async function contactTypeIds(codes: readonly string[]): Promise<number[]> {
    const ids = await cataloguesRepo.idsByCode(db, 'tipo-dato-contacto');
    return codes.flatMap((code) => {
      const id = ids.get(code);
      return id === undefined ? [] : [id];
    });
  }

  async function audienceSpec(
    campaignId: number,
    channelType: string,
    accounts: AudienceSpec['accounts'],
  ): Promise<AudienceSpec> {
    const descriptor = CHANNEL_TYPES[channelType as ChannelTypeKey];
    return {
      accounts,
      campaignId,
      contactTypeIds: await contactTypeIds(descriptor?.contact.codes ?? []),
      now: Date.now(),
    };
  }

  function emptyProgress(run: number): BulkProgress {
    return { run, total: 0, new: 0, sending: 0, sent: 0, delivered: 0, read: 0, failed: 0, skipped: 0, replied: 0 };
  }

  function progressOf(row: BulkMessageRow, run: BulkRunRow | undefined): BulkProgress {
    if (!run) return emptyProgress(row.run);
    const { bulkMessageId: _id, startedAt: _s, finishedAt: _f, ...counters } = run;
    return counters;
  }

  /** The API's view of rows, with names and counters read once per page. */
  async function present(rows: readonly BulkMessageRow[]): Promise<BulkMessage[]> {
    if (rows.length === 0) return [];
    const [runs, campaignNames, channelNames, templates, creators] = await Promise.all([
      bulkRepo.runsOf(db, rows),
      dashboardRepo.names(
        db,
        'campaigns',
        rows.map((row) => row.campaignId),
      ),
      dashboardRepo.names(
        db,
        'channels',
        rows.map((row) => row.channelId),
      ),
      Promise.all(
        [...new Set(rows.flatMap((row) => (row.whatsappTemplateId ? [row.whatsappTemplateId] : [])))].map((id) =>
          whatsappTemplatesRepo.find(db, id),
        ),
      ),
      dashboardRepo.names(
        db,
        'users',
        rows.flatMap((row) => (row.createdBy ? [row.createdBy] : [])),
      ),
    ]);
    const templateById = new Map(templates.flatMap((template) => (template ? [[template.id, template] as const] : [])));
    return rows.map((row) => {
      const progress = progressOf(row, runs.get(row.id));
      const channel = channelNames.get(row.channelId);
      const template = row.whatsappTemplateId ? templateById.get(row.whatsappTemplateId) : undefined;
      return {
        id: row.id,
        name: row.name,
        campaign: { id: row.campaignId, name: campaignNames.get(row.campaignId)?.name ?? '' },
        channel: { id: row.channelId, name: channel?.name ?? '', type: channel?.type ?? '' },
        whatsappTemplate: template
          ? {
              id: template.id,
              name: template.name,
              language: template.language,
              headerText: template.headerText,
              body: template.body,
              footer: template.footer,
            }
          : null,
        templateValues: row.templateValues,
        subject: row.subject,
        message: row.message,
        activeTickets: row.activeTickets,
        frequency: row.frequency,
        accounts: row.accounts,
        status: row.status as BulkStatus,
        enabled: row.enabled,
        progress,
        percent: bulkPercent(progress),
        nextRunAt: row.nextRunAt?.toISOString() ?? null,
        startedAt: row.startedAt?.toISOString() ?? null,
        finishedAt: row.finishedAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
        createdBy: row.createdBy ? { id: row.createdBy, name: creators.get(row.createdBy)?.name ?? '' } : null,
        problem: row.problem,
      };
    });
  }

  async function presentOne(row: BulkMessageRow): Promise<BulkMessage> {
    return (await present([row]))[0];
  }

  /** The bulk message's status and counters to its campaign's supervisors and its author, at most once a second. */
  async function announce(bulkMessageId: number, force = false) {
    const now = Date.now();
    if (!force && now - (lastProgress.get(bulkMessageId) ?? 0) < PROGRESS_EVERY_MS) return;
    lastProgress.set(bulkMessageId, now);
    const row = await bulkRepo.find(db, bulkMessageId);
    if (!row) return;
    const progress = progressOf(row, (await bulkRepo.runsOf(db, [row])).get(row.id));
    const event = { bulkMessageId, status: row.status as BulkStatus, progress };
    await ctx.realtime.toSupervisors([row.campaignId], BULK_PROGRESS_EVENT, event);
    if (row.createdBy) await ctx.realtime.toUser(row.createdBy, BULK_PROGRESS_EVENT, event);
  }

  /** Starts run `run` of a bulk message: opens its counters and queues the choice of its recipients. */
  async function beginRun(tx: Executor, row: BulkMessageRow, source: BulkPrepareJob['source']) {
    const run = row.run + 1;
    await bulkRepo.openRun(tx, row.id, run);
    await bulkRepo.update(tx, row.id, {
      run,
      status: 'initialization',
      startedAt: new Date(),
      finishedAt: null,
      problem: null,
      nextRunAt: null,
    });
    return { bulkMessageId: row.id, run, source } satisfies BulkPrepareJob;
  }

  async function dispatchSoon(channelId: number) {
    await ctx.jobs.send(BULK_DISPATCH_QUEUE, { channelId }, { singletonKey: `channel:${channelId}` });
  }

  function sendRateOf(channel: ChannelRow): number {
    const configured = Number(channel.config.sendRatePerSecond);
    const rate = Number.isFinite(configured) && configured > 0 ? configured : (DEFAULT_RATES[channel.type] ?? 10);
    return Math.min(rate, MAX_RATE);
  }

  /** What a run's messages are made of, read once per dispatcher batch. */
  async function contentOf(row: BulkMessageRow) {
    const [campaign, business, template] = await Promise.all([
      campaignsRepo.find(db, row.campaignId),
      businessRepo.get(db),
      row.whatsappTemplateId ? whatsappTemplatesRepo.find(db, row.whatsappTemplateId) : null,
    ]);
    return { campaignName: campaign?.name ?? '', businessName: business?.name ?? '', template };
  }

  /** Opens the ticket an active-tickets message goes on, with the message as sent (the reply continues there). */
  async function openTicket(
    row: BulkMessageRow,
    recipient: { customerId: number; contact: string; firstName: string; lastName: string },
    text: string,
    providerMessageId: string,
  ): Promise<number> {
    return db.transaction(async (tx) => {
      const { ticketId } = await recordOutboundContact(tx, {
        campaignId: row.campaignId,
        channelId: row.channelId,
        customerId: recipient.customerId,
        contactValue: recipient.contact,
        // A bulk message's reply continues on a ticket of its own.
        combination: 'none',
        description: row.name,
        searchText: searchable(`${row.name} ${recipient.firstName} ${recipient.lastName}`),
        text,
        senderName: row.name,
        providerMessageId,
        deliveryStatus: DELIVERY_STATUS.sent,
      });
      return ticketId;
    });
  }

  /** A run with nothing new or in flight is over: finalized (a permanent one waits for its next run). */
  async function finishIfDone(row: BulkMessageRow): Promise<boolean> {
    return db.transaction(async (tx) => {
      const current = await bulkRepo.find(tx, row.id, { lock: true });
      if (current?.status !== 'running' || current.run !== row.run) return false;
      const run = (await bulkRepo.runsOf(tx, [current])).get(current.id);
      if (run && (run.new > 0 || run.sending > 0)) return false;
      await bulkRepo.finishRun(tx, current.id, current.run);
      const frequency = current.frequency;
      await bulkRepo.update(tx, current.id, {
        status: 'finalized',
        finishedAt: new Date(),
        nextRunAt:
          frequency.kind === 'permanent' && current.enabled
            ? new Date(Date.now() + frequency.everyHours * 3_600_000)
            : null,
      });
      return true;
    });
  }

  async function failBulk(row: BulkMessageRow, problem: MessageKey) {
    await bulkRepo.update(db, row.id, { status: 'failed', problem, finishedAt: new Date() });
    await announce(row.id, true);
  }

  /** Sends one claimed recipient and records the outcome. */
  async function sendOne(
    row: BulkMessageRow,
    channel: ChannelRow,
    content: Awaited<ReturnType<typeof contentOf>>,
    recipient: Awaited<ReturnType<typeof bulkRepo.claim>>[number],
    contacts: { email: string | null; phone: string | null } | undefined,
  ): Promise<'ok' | 'passing' | 'channel'> {
    const values = {
      'cliente.nombre': recipient.firstName,
      'cliente.apellido': recipient.lastName,
      'cliente.nombre_completo': `${recipient.firstName} ${recipient.lastName}`.trim(),
      'cliente.documento': recipient.identificationNumber,
      'cliente.correo': contacts?.email ?? '',
      'cliente.telefono': contacts?.phone ?? '',
      'campana.nombre': content.campaignName,
      'empresa.nombre': content.businessName,
    };
    const variables = row.templateValues.map((value) => fillBulkText(value, values));
    const template = content.template;
    const text = template
      ? whatsappTemplateText(templateContentOf(template), variables)
      : fillBulkText(row.message ?? '', values);
    const adapter = outbound.adapterFor(channel.type);
    try {
      if (!adapter?.sendBulk)
        throw new ChannelSetupError('no bulk sender', { key: 'bulk.channelNotSupported', params: {} });
      const { providerMessageId } = await adapter.sendBulk({
        channel,
        to: recipient.contact,
        customerName: values['cliente.nombre_completo'],
        text,
        subject: row.subject ? fillBulkText(row.subject, values) : null,
        whatsappTemplate: template
          ? {
              name: template.name,
              language: template.language,
              variables,
              ...(template.mediaPath && isMediaHeader(template.headerType)
                ? {
                    header: {
                      type: template.headerType,
                      path: template.mediaPath,
                      filename: template.mediaFilename ?? 'archivo',
                      contentType: template.mediaContentType ?? 'application/octet-stream',
                    },
                  }
                : {}),
            }
          : null,
        reference: `${REFERENCE_PREFIX}${recipient.id}`,
      });
      const ticketId = row.activeTickets ? await openTicket(row, recipient, text, providerMessageId) : null;
      await bulkRepo.settle(db, { id: recipient.id, status: 'sent', providerMessageId, ticketId });
      return 'ok';
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      if (error instanceof ChannelSetupError) {
        ctx.logger.warn({ err: error, bulkMessageId: row.id, channelId: channel.id }, 'bulk channel problem');
        await bulkRepo.settle(db, { id: recipient.id, status: 'failed', error: reason });
        return 'channel';
      }
      if (isAmbiguousSendError(error) && CONFIRMING_TYPES.includes(channel.type)) {
        // The provider may have it: it stays `sending` until its first status names it, or the scheduler finds no
        // status came and sends it again.
        ctx.logger.warn({ err: error, bulkMessageId: row.id, recipientId: recipient.id }, 'bulk send unconfirmed');
        return 'passing';
      }
      if (error instanceof PermanentDeliveryError || recipient.attempts >= MAX_ATTEMPTS) {
        await bulkRepo.settle(db, { id: recipient.id, status: 'failed', error: reason });
        return 'ok';
      }
      await bulkRepo.settle(db, { id: recipient.id, status: 'new', error: reason });
      return 'passing';
    }
  }

  /**
   * One dispatcher slice for a channel: claims its running bulk messages' recipients a second's worth at a time and
   * sends them spaced at the channel's rate (never faster: each start waits for the one before plus the spacing),
   * a few in flight; checks pause and stop between batches; queues the next slice while work is left.
   */
  async function dispatch(channelId: number): Promise<void> {
    const release = await bulkRepo.lockDispatcher(db.$client, channelId);
    // Another dispatcher holds the channel; it queues the next slice once it let go (the scheduler also does).
    if (!release) return;
    let moreLeft = false;
    try {
      moreLeft = await dispatchLocked(channelId);
    } finally {
      await release();
    }
    // Queued after letting go: a job that starts now finds the channel free (one queued before us may take it).
    if (moreLeft) await dispatchSoon(channelId);
  }

  /** One slice under the channel's lock; says whether recipients are left to claim. */
  async function dispatchLocked(channelId: number): Promise<boolean> {
    const channel = await channelsRepo.find(db, channelId);
    if (!channel) return false;
    const rate = sendRateOf(channel);
    // A tenth slower than the rate: jitter between our start and the provider's arrival never packs more into a second.
    const spacing = (1000 / rate) * 1.1;
    const batchSize = Math.max(1, Math.min(100, Math.ceil(rate)));
    const deadline = Date.now() + SLICE_MS;
    const inFlight = new Set<Promise<unknown>>();
    let nextStart = Date.now();
    let broken = false;
    let moreLeft = false;
    // Where each run's last claim ended in this slice (recipients put back to new are found again from the start).
    const cursors = new Map<number, number>();
    const phoneTypes = await contactTypeIds(CHANNEL_TYPES.whatsapp.contact.codes);
    const emailTypes = await contactTypeIds(CHANNEL_TYPES.email.contact.codes);

    while (!broken) {
      const running = await bulkRepo.runningOfChannel(db, channelId);
      if (running.length === 0) break;
      let claimedAny = false;
      for (const row of running) {
        if (Date.now() >= deadline) break;
        const after = cursors.get(row.id) ?? 0;
        let claimed = await bulkRepo.claim(db, row.id, row.run, batchSize, after);
        if (claimed.length === 0 && after > 0) {
          cursors.set(row.id, 0);
          claimed = await bulkRepo.claim(db, row.id, row.run, batchSize);
        }
        if (claimed.length > 0) cursors.set(row.id, claimed[claimed.length - 1].id);
        if (claimed.length === 0) {
          if (inFlight.size === 0 && (await finishIfDone(row))) await announce(row.id, true);
          continue;
        }
        claimedAny = true;
        const content = await contentOf(row);
        const contacts = await bulkRepo.contactsOf(
          db,
          claimed.map((recipient) => recipient.customerId),
          emailTypes,
          phoneTypes,
        );
        for (const recipient of claimed) {
          if (recipient.optedOut || broken) {
            if (broken && !recipient.optedOut) await bulkRepo.settle(db, { id: recipient.id, status: 'new' });
            continue;
          }
          const wait = nextStart - Date.now();
          if (wait > 0) await sleep(wait);
          nextStart = Math.max(Date.now(), nextStart) + spacing;
          const sending: Promise<unknown> = sendOne(
            row,
            channel,
            content,
            recipient,
            contacts.get(recipient.customerId),
          )
            .then(async (outcome) => {
              if (outcome === 'channel' && !broken) {
                broken = true;
                await failBulk(row, 'bulk.channelProblem');
              }
              // A provider's passing failure (throttled, unreachable): a second's pause before the next send.
              if (outcome === 'passing') nextStart = Math.max(nextStart, Date.now() + 1000);
            })
            .catch((error: unknown) => ctx.logger.error({ err: error, bulkMessageId: row.id }, 'bulk send failed'))
            .finally(() => inFlight.delete(sending));
          inFlight.add(sending);
          if (inFlight.size >= MAX_IN_FLIGHT) await Promise.race(inFlight);
        }
        await announce(row.id);
      }
      if (!claimedAny) break;
      if (Date.now() >= deadline) {
        moreLeft = true;
        break;
      }
    }
    await Promise.all(inFlight);
    const stillRunning = await bulkRepo.runningOfChannel(db, channelId);
    const runs = await bulkRepo.runsOf(db, stillRunning);
    for (const row of stillRunning) {
      if (await finishIfDone(row)) await announce(row.id, true);
      // Only unconfirmed sends left: their statuses, or the scheduler, move them on.
      else if ((runs.get(row.id)?.new ?? 0) > 0) moreLeft = true;
    }
    return moreLeft && !broken;
  }

  /** `bulk.prepare`: a run's recipients chosen in one statement, then it runs. */
  async function prepare(job: BulkPrepareJob): Promise<void> {
    const row = await bulkRepo.find(db, job.bulkMessageId);
    if (!row || row.run !== job.run || row.status !== 'initialization') return;
    const channel = await channelsRepo.find(db, row.channelId);
    if (!channel) {
      await failBulk(row, 'bulk.channelRequired');
      return;
    }
    await db.transaction(async (tx) => {
      const current = await bulkRepo.find(tx, row.id, { lock: true });
      if (!current || current.run !== job.run || current.status !== 'initialization') return;
      const target = { bulkMessageId: row.id, run: job.run, channelId: row.channelId };
      if (job.source === 'failed') {
        await bulkRepo.materialize(tx, target, { kind: 'failedOf', run: job.run - 1 });
      } else {
        const spec = await audienceSpec(row.campaignId, channel.type, row.accounts);
        await bulkRepo.materialize(tx, target, {
          kind: 'audience',
          spec,
          onlyNew: row.frequency.kind === 'permanent',
        });
      }
      await bulkRepo.update(tx, row.id, { status: 'running' });
    });
    await announce(row.id, true);
    await dispatchSoon(row.channelId);
  }

  /** The scheduler's pass: due programmed and permanent runs start; interrupted sends fail; dispatchers run. */
  async function tick(): Promise<void> {
    for (const due of await bulkRepo.due(db, new Date())) {
      const job = await db.transaction(async (tx) => {
        const row = await bulkRepo.find(tx, due.id, { lock: true });
        if (!row?.nextRunAt || row.nextRunAt.getTime() > Date.now() || !row.enabled) return null;
        if (row.status === 'running' || row.status === 'initialization' || row.status === 'paused') return null;
        return beginRun(tx, row, 'audience');
      });
      if (job) await ctx.jobs.send(BULK_PREPARE_QUEUE, job);
    }
    const interrupted = await bulkRepo.recoverInterrupted(
      db,
      new Date(Date.now() - options.interruptedAfterMs),
      'interrupted: the sending node stopped before the provider answered',
      CONFIRMING_TYPES,
    );
    for (const { bulkMessageId } of interrupted) await announce(bulkMessageId, true);
    for (const channelId of await bulkRepo.channelsRunning(db)) await dispatchSoon(channelId);
  }

  const scheduler = createPeriodicTask(ctx.logger, 'bulk messaging scheduler pass', tick);

  return {
    async options(actor: Actor): Promise<BulkOptions> {
      const campaigns = await automationRepo.manageableCampaigns(db, ruleCampaignScope(actor));
      const result: BulkOptions['campaigns'] = [];
      // Three queries whatever the number of campaigns: their bulk channels, then the WhatsApp ones' templates.
      const channelRows = await bulkRepo.campaignChannelsOfTypes(
        db,
        campaigns.map((campaign) => campaign.id),
        BULK_CHANNEL_TYPES,
      );
      const whatsappIds = [...new Set(channelRows.filter((row) => row.type === 'whatsapp').map((row) => row.id))];
      const templatesByChannel = new Map<number, BulkOptions['campaigns'][number]['channels'][number]['templates']>();
      for (const template of await whatsappTemplatesRepo.approvedOfChannels(db, whatsappIds, 'template')) {
        const list = templatesByChannel.get(template.channelId) ?? [];
        list.push({
          id: template.id,
          name: template.name,
          language: template.language,
          headerText: template.headerText,
          body: template.body,
          footer: template.footer,
          variables: whatsappVariablesOf(template.body).length,
          headerType: template.headerType as WhatsappHeaderType,
          media:
            template.mediaPath && template.mediaFilename
              ? {
                  filename: template.mediaFilename,
                  contentType: template.mediaContentType ?? 'application/octet-stream',
                  url: `whatsapp-templates/${template.id}/media`,
                }
              : null,
          buttons: template.buttons.map((button) => ({ text: button.text })),
        });
        templatesByChannel.set(template.channelId, list);
      }
      for (const campaign of campaigns) {
        const channels = channelRows
          .filter((row) => row.campaignId === campaign.id && isBulkChannelType(row.type))
          .map((row) => ({
            id: row.id,
            name: row.name,
            type: row.type as BulkOptions['campaigns'][number]['channels'][number]['type'],
            templates: templatesByChannel.get(row.id) ?? [],
          }));
        if (channels.length) result.push({ ...campaign, channels });
      }
      // What `customer.ownerUserId` and `customer.labels` offer by name in the accounts step.
      const [people, labels] = await Promise.all([
        Promise.all(result.map((campaign) => automationRepo.campaignPeople(db, campaign.id))),
        automationRepo.catalogueOptions(db, 'customer-label'),
      ]);
      const users = [...new Map(people.flat().map((user) => [user.id, user])).values()];
      return { campaigns: result, variables: [...BULK_VARIABLES], users, labels };
    },

    async audience(actor: Actor, query: BulkAudienceQuery): Promise<BulkAudience> {
      await assertCampaignInScope(actor, query.campaignId);
      const channel = await bulkChannel(query.campaignId, query.channelId);
      return bulkRepo.audienceCounts(db, await audienceSpec(query.campaignId, channel.type, query.accounts));
    },

    async accounts(
      actor: Actor,
      query: BulkAudienceQuery & { searchText?: string; after?: number; sizePerPage: number },
    ): Promise<{ data: BulkAccount[]; hasMore: boolean }> {
      await assertCampaignInScope(actor, query.campaignId);
      const channel = await bulkChannel(query.campaignId, query.channelId);
      const spec = await audienceSpec(query.campaignId, channel.type, query.accounts);
      const rows = await bulkRepo.audiencePage(db, spec, {
        searchText: query.searchText,
        after: query.after,
        limit: query.sizePerPage + 1,
      });
      return { data: rows.slice(0, query.sizePerPage), hasMore: rows.length > query.sizePerPage };
    },

    async create(actor: Actor, body: BulkMessageBody): Promise<BulkMessage> {
      await assertCampaignInScope(actor, body.campaignId);
      const channel = await bulkChannel(body.campaignId, body.channelId);
      const problems = bulkContentProblems(body, channel.type);
      if (problems.length) {
        throw new AppError(
          422,
          'VALIDATION',
          'errors.validation',
          {},
          problems.map((problem) => ({
            field: problem.path,
            message: problem.message.replace(/^i18n:/, '') as MessageKey,
          })),
        );
      }
      let templateId: number | null = null;
      let templateName: string | null = null;
      if (channel.type === 'whatsapp') {
        const template = body.whatsappTemplateId ? await whatsappTemplatesRepo.find(db, body.whatsappTemplateId) : null;
        if (!template || template.channelId !== channel.id || template.status !== 'approved') {
          throw errors.invalidField('whatsappTemplateId', 'bulk.templateRequired');
        }
        // Chat types are session messages: most recipients are outside their window, so only Meta's templates go.
        if (template.type !== 'template') {
          throw errors.invalidField('whatsappTemplateId', 'whatsappTemplates.bulkTemplateOnly');
        }
        if (whatsappVariablesOf(template.body).length !== body.templateValues.length) {
          throw errors.invalidField('templateValues', 'bulk.valuesCount');
        }
        templateId = template.id;
        templateName = template.name;
      }
      if (body.frequency.kind === 'programmed' && new Date(body.frequency.at).getTime() <= Date.now()) {
        throw errors.invalidField('frequency.at', 'bulk.programmedInPast');
      }
      const campaign = await campaignsRepo.find(db, body.campaignId);
      const row = await db.transaction(async (tx) => {
        const inserted = await bulkRepo.insert(tx, {
          name: body.name,
          campaignId: body.campaignId,
          channelId: channel.id,
          whatsappTemplateId: templateId,
          templateValues: channel.type === 'whatsapp' ? body.templateValues : [],
          subject: channel.type === 'email' ? (body.subject ?? null) : null,
          message: channel.type === 'whatsapp' ? null : (body.message ?? null),
          activeTickets: body.activeTickets,
          frequency: body.frequency,
          accounts: body.accounts,
          status: 'created',
          nextRunAt: body.frequency.kind === 'programmed' ? new Date(body.frequency.at) : null,
          createdBy: actor.userId,
        });
        await auditRepo.record(tx, {
          actorUserId: actor.userId,
          entity: 'bulk-message',
          entityId: inserted.id,
          action: 'created',
          changes: diffForAudit('bulk-message', null, {
            name: body.name,
            campaign: { id: body.campaignId, name: campaign?.name ?? '' },
            channel: { id: channel.id, name: channel.name },
            whatsappTemplate: templateId ? { id: templateId, name: templateName ?? '' } : null,
            subject: body.subject ?? null,
            frequency: body.frequency.kind,
            activeTickets: body.activeTickets,
            enabled: true,
          }),
        });
        return inserted;
      });
      return presentOne(row);
    },

    async list(actor: Actor, query: BulkListQuery) {
      const rows = await bulkRepo.list(db, {
        userId: ruleCampaignScope(actor),
        searchText: query.searchText,
        status: query.status,
        campaignId: query.campaignId,
        after: query.after,
        limit: query.sizePerPage + 1,
      });
      return { data: await present(rows.slice(0, query.sizePerPage)), hasMore: rows.length > query.sizePerPage };
    },

    /** Its audit log, for those who see the bulk message (its campaign in their scope). */
    async audit(actor: Actor, id: number) {
      await visibleBulk(actor, id);
      return auditRepo.list(db, 'bulk-message', id);
    },

    async get(actor: Actor, id: number): Promise<BulkMessage> {
      return presentOne(await visibleBulk(actor, id));
    },

    async setEnabled(actor: Actor, id: number, enabled: boolean): Promise<BulkMessage> {
      await visibleBulk(actor, id);
      const row = await db.transaction(async (tx) => {
        const current = (await bulkRepo.find(tx, id, { lock: true })) as BulkMessageRow;
        const nextRunAt =
          !enabled || current.frequency.kind === 'none'
            ? null
            : current.frequency.kind === 'programmed'
              ? current.status === 'created'
                ? new Date(current.frequency.at)
                : null
              : current.status === 'finalized'
                ? new Date(Date.now() + current.frequency.everyHours * 3_600_000)
                : current.nextRunAt;
        if (current.enabled !== enabled) {
          await auditRepo.record(tx, {
            actorUserId: actor.userId,
            entity: 'bulk-message',
            entityId: id,
            action: enabled ? 'enabled' : 'disabled',
            changes: diffForAudit('bulk-message', { enabled: current.enabled }, { enabled }),
          });
        }
        return bulkRepo.update(tx, id, { enabled, nextRunAt });
      });
      return presentOne(row);
    },

    /** start, pause, stop, restart, repeat, repeat failed — each only from the statuses it applies to (409). */
    async act(actor: Actor, id: number, action: BulkAction): Promise<BulkMessage> {
      await visibleBulk(actor, id);
      const { row, job, dispatchChannel } = await db.transaction(async (tx) => {
        const current = (await bulkRepo.find(tx, id, { lock: true })) as BulkMessageRow;
        if (!bulkActionAllowed(current.status as BulkStatus, action)) {
          throw new AppError(409, 'BULK.ACTION_NOT_ALLOWED', 'bulk.actionNotAllowed');
        }
        if (!current.enabled && (action === 'start' || action === 'restart' || action.startsWith('repeat'))) {
          throw new AppError(409, 'BULK.DISABLED', 'bulk.disabled');
        }
        // Who started, paused or stopped a send, in the same transaction as the change (a new run counts one more).
        const begins = action.startsWith('repeat') || (action === 'start' && current.status !== 'paused');
        await auditRepo.record(tx, {
          actorUserId: actor.userId,
          entity: 'bulk-message',
          entityId: id,
          action: `bulk-${action}`,
          changes: auditFacts('bulk-message', { run: begins ? current.run + 1 : current.run }),
        });
        switch (action) {
          case 'start':
            if (current.status === 'paused') {
              return { row: await bulkRepo.update(tx, id, { status: 'running' }), dispatchChannel: current.channelId };
            }
            return { row: current, job: await beginRun(tx, current, 'audience') };
          case 'pause':
            return { row: await bulkRepo.update(tx, id, { status: 'paused' }) };
          case 'stop':
            await bulkRepo.finishRun(tx, id, current.run);
            return {
              row: await bulkRepo.update(tx, id, { status: 'stopped', finishedAt: new Date(), nextRunAt: null }),
            };
          case 'restart':
            return {
              row: await bulkRepo.update(tx, id, { status: 'running', finishedAt: null, problem: null }),
              dispatchChannel: current.channelId,
            };
          case 'repeat':
            return { row: current, job: await beginRun(tx, current, 'audience') };
          case 'repeatFailed':
            return { row: current, job: await beginRun(tx, current, 'failed') };
        }
      });
      if (job) await ctx.jobs.send(BULK_PREPARE_QUEUE, job);
      if (dispatchChannel) await dispatchSoon(dispatchChannel);
      await announce(id, true);
      return presentOne((await bulkRepo.find(db, row.id)) as BulkMessageRow);
    },

    async recipients(
      actor: Actor,
      id: number,
      query: { run?: number; status?: BulkRecipientStatus; after?: number; sizePerPage: number },
    ): Promise<{ data: BulkRecipient[]; hasMore: boolean }> {
      const row = await visibleBulk(actor, id);
      const rows = await bulkRepo.recipients(db, {
        bulkMessageId: id,
        run: query.run ?? row.run,
        status: query.status,
        after: query.after,
        limit: query.sizePerPage + 1,
      });
      return {
        data: rows.slice(0, query.sizePerPage).map((recipient) => ({
          id: recipient.id,
          customer: { id: recipient.customerId, name: recipient.customerName },
          contact: recipient.contact,
          status: recipient.status,
          error: recipient.error,
          sentAt: recipient.sentAt?.toISOString() ?? null,
          deliveredAt: recipient.deliveredAt?.toISOString() ?? null,
          readAt: recipient.readAt?.toISOString() ?? null,
          ticketId: recipient.ticketId,
          repliedAt: recipient.repliedAt?.toISOString() ?? null,
        })),
        hasMore: rows.length > query.sizePerPage,
      };
    },

    /** Every recipient of a run, page by page (the export streams them). */
    async *allRecipients(actor: Actor, id: number, run?: number) {
      const row = await visibleBulk(actor, id);
      let after: number | undefined;
      for (;;) {
        const page = await bulkRepo.recipients(db, { bulkMessageId: id, run: run ?? row.run, after, limit: 1000 });
        if (page.length === 0) return;
        yield { bulk: row, recipients: page };
        after = page[page.length - 1].id;
      }
    },

    /** A provider's status for a bulk recipient (through the outbound service's report); false: not one of ours. */
    async report(channelId: number, report: DeliveryReport): Promise<boolean> {
      const changed = await bulkRepo.advance(db, channelId, report.providerMessageId, report.status, report.error);
      if (changed) {
        await announce(changed.bulkMessageId);
        return true;
      }
      const recipientId = report.reference?.startsWith(REFERENCE_PREFIX)
        ? Number(report.reference.slice(REFERENCE_PREFIX.length))
        : Number.NaN;
      if (!Number.isSafeInteger(recipientId) || recipientId <= 0) return false;
      const adopted = await bulkRepo.adopt(
        db,
        channelId,
        recipientId,
        report.providerMessageId,
        report.status,
        report.error,
      );
      if (!adopted) return false;
      // It may have been the run's last unconfirmed send.
      const row = await bulkRepo.find(db, adopted.bulkMessageId);
      if (row && row.run === adopted.run && (await finishIfDone(row))) await announce(row.id, true);
      else await announce(adopted.bulkMessageId);
      return true;
    },

    /** After an inbound message: an opt-out word marks the customer; a reply links to the bulk message it answers. */
    async inboundRecorded(result: { messageId: number; ticketId: number; duplicate: boolean }): Promise<void> {
      if (result.duplicate) return;
      const inbound = await bulkRepo.inboundOf(db, result.messageId);
      if (!inbound) return;
      const said = foldText(inbound.text.trim())
        .toUpperCase()
        .replace(/[.!¡\s]+$/u, '');
      // The business's words (its profile), compared the same way: any case, accents aside.
      const words = (await businessRepo.get(db))?.optOutWords ?? DEFAULT_OPT_OUT_WORDS;
      if (said && words.some((word) => foldText(word).toUpperCase() === said)) {
        if (await bulkRepo.optOut(db, inbound.customerId)) {
          ctx.logger.info({ customerId: inbound.customerId }, 'customer opted out of bulk messaging');
        }
      }
      const replied = await bulkRepo.markReplied(
        db,
        inbound.customerId,
        inbound.channelId,
        result.ticketId,
        new Date(Date.now() - REPLY_WINDOW_MS),
      );
      if (replied) await announce(replied.bulkMessageId);
    },

    prepare,
    dispatch,
    tick,
    start(intervalMs: number) {
      scheduler.start(intervalMs);
    },
    stop: () => scheduler.stop(),
  };
}

export type BulkService = ReturnType<typeof createBulkService>;
