import fs from 'node:fs';
import {
  CHANNEL_TYPES,
  DIALER_AUDIO_MAX_BYTES,
  DIALER_EDITABLE_STATUSES,
  DIALER_TELEPHONY_ACTIONS,
  type Dialer,
  type DialerAccount,
  type DialerAccountStatus,
  type DialerAccounts,
  type DialerAction,
  type DialerAudience,
  type DialerAudienceQuery,
  type DialerAudioUpload,
  type DialerBody,
  type DialerCandidate,
  type DialerDetail,
  type DialerListQuery,
  type DialerOptions,
  type DialerPage,
  type DialerStats,
  type DialerStatus,
  type DialerType,
  dialerActionAllowed,
} from '@atiende/contracts';
import type { Actor } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../platform/db/client.js';
import { safeFileName } from '../../platform/files.js';
import { AppError, errors } from '../../platform/http/errors.js';
import type { UploadedFile } from '../../platform/http/uploads.js';
import { ruleCampaignScope } from '../../policies/automation.js';
import { dashboardRepo } from '../analytics/analytics.repo.js';
import type { AudienceSpec } from '../automation/audience.sql.js';
import { automationRepo } from '../automation/automation.repo.js';
import { campaignsRepo } from '../campaigns/campaigns.repo.js';
import { cataloguesRepo } from '../catalogues/catalogues.repo.js';
import { DIALER_AUDIO_FOLDER, DIALER_AUDIO_KEY, sniffDialerAudio } from './dialers.audio.js';
import { dialerCounts, dialerProgressOf } from './dialers.progress.js';
import { type DialerReset, type DialerRow, dialersRepo } from './dialers.repo.js';
import { isTelephonyConfigured } from './telephony.js';

/** The latest hours with attempts the view's chart shows. */
const CHART_HOURS = 48;

/** A JSON value with its object keys sorted (jsonb does not keep key order): to compare stored and sent choices. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The catalogue ids of the contact types a phone call reaches (the telephony channel's), in its order. */
async function phoneTypeIds(db: Executor): Promise<number[]> {
  const ids = await cataloguesRepo.idsByCode(db, 'tipo-dato-contacto');
  return CHANNEL_TYPES.telephony.contact.codes.flatMap((code) => {
    const id = ids.get(code);
    return id === undefined ? [] : [id];
  });
}

/**
 * Whom a dialer calls, as the shared audience SQL takes it: always the campaign's accounts (a dialer calls its
 * campaign's customers), filtered as its form chose, reached through a phone-type contact.
 */
export async function dialerAudienceSpec(
  db: Executor,
  campaignId: number,
  accounts: Pick<DialerAccounts, 'conditions' | 'sendTo' | 'customerIds'>,
): Promise<AudienceSpec> {
  return {
    accounts: {
      conditions: accounts.conditions,
      campaignAccountsOnly: true,
      sendTo: accounts.sendTo,
      customerIds: accounts.customerIds,
    },
    campaignId,
    contactTypeIds: await phoneTypeIds(db),
    now: Date.now(),
  };
}

const noAccounts = () => errors.invalidField('accounts', 'dialers.noAccounts');

/**
 * Dialers (docs/dialers.md): the configuration, the accounts chosen when saved (materialised in the same
 * transaction, in one statement), the list with counters kept on the dialer, and the actions' state machine. The
 * calls themselves are the voice layer's: every action that would place one asks `isTelephonyConfigured` first.
 */
export function createDialersService(ctx: AppContext) {
  const { db } = ctx;

  /** The dialer if the actor's scope holds its campaign (404 otherwise: another scope's dialer does not exist). */
  async function visibleDialer(actor: Actor, id: number): Promise<DialerRow> {
    const row = await dialersRepo.find(db, id);
    if (!row) throw errors.notFound();
    const scope = ruleCampaignScope(actor);
    if (scope !== null && !(await campaignsRepo.isMember(db, row.campaignId, scope))) throw errors.notFound();
    return row;
  }

  async function assertCampaignInScope(actor: Actor, campaignId: number) {
    const scope = ruleCampaignScope(actor);
    const campaign = await campaignsRepo.find(db, campaignId);
    if (!campaign || (scope !== null && !(await campaignsRepo.isMember(db, campaignId, scope)))) {
      throw errors.invalidField('campaignId', 'dialers.campaignRequired');
    }
    return campaign;
  }

  const audienceSpec = (campaignId: number, accounts: DialerAccounts) => dialerAudienceSpec(db, campaignId, accounts);

  /** The uploaded audio a play-audio dialer names, checked again by content. */
  async function storedAudio(ref: DialerBody['audio']) {
    if (!ref) throw errors.invalidField('audio', 'dialers.audioRequired');
    const absolute = DIALER_AUDIO_KEY.test(ref.key) ? ctx.storage.absolutePath(ref.key) : null;
    const content = absolute ? await fs.promises.readFile(absolute).catch(() => null) : null;
    if (!content) throw errors.invalidField('audio', 'dialers.audioMissing');
    const kind = sniffDialerAudio(content);
    if (!kind || content.length > DIALER_AUDIO_MAX_BYTES) throw errors.invalidField('audio', 'dialers.audioType');
    return {
      audioPath: ref.key,
      audioFilename: safeFileName(ref.filename, kind.extension),
      audioContentType: kind.contentType,
      audioSize: content.length,
    };
  }

  /** The columns a body sets (the extension only for call extension, the audio only for play audio). */
  async function columnsOf(body: DialerBody, current: DialerRow | null) {
    const keepAudio = current?.audioPath && body.audio?.key === current.audioPath;
    const audio =
      body.type !== 'play_audio'
        ? { audioPath: null, audioFilename: null, audioContentType: null, audioSize: null }
        : keepAudio && current
          ? {
              audioPath: current.audioPath,
              audioFilename: current.audioFilename,
              audioContentType: current.audioContentType,
              audioSize: current.audioSize,
            }
          : await storedAudio(body.audio);
    return {
      campaignId: body.campaignId,
      label: body.label,
      type: body.type,
      channels: body.channels,
      parallels: body.parallels,
      tries: body.tries,
      rings: body.rings,
      extension: body.type === 'call_extension' ? (body.extension ?? null) : null,
      ...audio,
      sendToQueue: body.sendToQueue,
      // The selection is a set: kept sorted, so choosing the same accounts in another order is no change.
      accounts: {
        conditions: body.accounts.conditions,
        sendTo: body.accounts.sendTo,
        customerIds: [...new Set(body.accounts.customerIds)].sort((a, b) => a - b),
      },
    };
  }

  /** The API's view of rows, with names read once per page. */
  async function present(rows: readonly DialerRow[]): Promise<Dialer[]> {
    if (rows.length === 0) return [];
    const [campaignNames, creators] = await Promise.all([
      dashboardRepo.names(
        db,
        'campaigns',
        rows.map((row) => row.campaignId),
      ),
      dashboardRepo.names(
        db,
        'users',
        rows.flatMap((row) => (row.createdBy ? [row.createdBy] : [])),
      ),
    ]);
    return rows.map((row) => ({
      id: row.id,
      campaign: { id: row.campaignId, name: campaignNames.get(row.campaignId)?.name ?? '' },
      label: row.label,
      type: row.type as DialerType,
      channels: row.channels,
      parallels: row.parallels,
      tries: row.tries,
      rings: row.rings,
      extension: row.extension,
      audio:
        row.audioPath && row.audioFilename
          ? {
              key: row.audioPath,
              filename: row.audioFilename,
              contentType: row.audioContentType ?? 'application/octet-stream',
              size: row.audioSize ?? 0,
              url: `dialers/${row.id}/audio`,
            }
          : null,
      sendToQueue: row.sendToQueue,
      accounts: row.accounts,
      status: row.status as DialerStatus,
      problem: row.problem,
      counts: dialerCounts(row),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      startedAt: row.startedAt?.toISOString() ?? null,
      finishedAt: row.finishedAt?.toISOString() ?? null,
      createdBy: row.createdBy ? { id: row.createdBy, name: creators.get(row.createdBy)?.name ?? '' } : null,
    }));
  }

  async function detail(row: DialerRow): Promise<DialerDetail> {
    const [dialer] = await present([row]);
    return { ...dialer, telephonyConfigured: await isTelephonyConfigured(ctx) };
  }

  /** Chooses the dialer's accounts now (none chosen yet), in the caller's transaction; none at all is refused. */
  async function materialize(tx: Executor, dialerId: number, campaignId: number, accounts: DialerAccounts) {
    const added = await dialersRepo.materialize(tx, dialerId, await audienceSpec(campaignId, accounts));
    if (added === 0) throw noAccounts();
    return added;
  }

  /**
   * A start's second step, after `initialization` was committed: running when accounts are waiting for a call,
   * finalized when none is (the voice layer takes running dialers from here).
   */
  async function settleStart(id: number) {
    await db.transaction(async (tx) => {
      const current = await dialersRepo.find(tx, id, { lock: true });
      if (current?.status !== 'initialization') return;
      await dialersRepo.update(
        tx,
        id,
        current.accountsNew > 0 ? { status: 'running' } : { status: 'finalized', finishedAt: new Date() },
      );
    });
  }

  const RESETS: Partial<Record<DialerAction, DialerReset>> = {
    restart: 'all',
    repeat: 'notSuccessful',
    repeatFailed: 'failed',
  };

  return {
    /** What the form offers: the caller's campaigns and the names its conditions' people and labels use. */
    async options(actor: Actor): Promise<DialerOptions> {
      const campaigns = await automationRepo.manageableCampaigns(db, ruleCampaignScope(actor));
      const [people, labels, telephonyConfigured] = await Promise.all([
        Promise.all(campaigns.map((campaign) => automationRepo.campaignPeople(db, campaign.id))),
        automationRepo.catalogueOptions(db, 'customer-label'),
        isTelephonyConfigured(ctx),
      ]);
      const users = [...new Map(people.flat().map((user) => [user.id, user])).values()];
      return { campaigns, users, labels, telephonyConfigured };
    },

    async audience(actor: Actor, query: DialerAudienceQuery): Promise<DialerAudience> {
      await assertCampaignInScope(actor, query.campaignId);
      return dialersRepo.audienceCounts(db, await audienceSpec(query.campaignId, query.accounts));
    },

    async candidates(
      actor: Actor,
      query: DialerAudienceQuery & { searchText?: string; after?: number; sizePerPage: number },
    ): Promise<{ data: DialerCandidate[]; hasMore: boolean }> {
      await assertCampaignInScope(actor, query.campaignId);
      const rows = await dialersRepo.audiencePage(db, await audienceSpec(query.campaignId, query.accounts), {
        searchText: query.searchText,
        after: query.after,
        limit: query.sizePerPage + 1,
      });
      return { data: rows.slice(0, query.sizePerPage), hasMore: rows.length > query.sizePerPage };
    },

    /** Keeps an audio file for a dialer being written, if its bytes are WAV, MP3 or Ogg; the form names its key. */
    async uploadAudio(file: UploadedFile): Promise<DialerAudioUpload> {
      const kind = sniffDialerAudio(file.content);
      if (!kind) {
        throw new AppError(415, 'UPLOAD.TYPE', 'dialers.audioType', {}, [
          { field: 'file', message: 'dialers.audioType' },
        ]);
      }
      const key = await ctx.storage.save(DIALER_AUDIO_FOLDER, kind.extension, file.content);
      return {
        key,
        filename: safeFileName(file.filename, kind.extension),
        contentType: kind.contentType,
        size: file.content.length,
      };
    },

    /** Saves a dialer and its accounts in one transaction: a dialer with nothing to call is not saved. */
    async create(actor: Actor, body: DialerBody): Promise<DialerDetail> {
      await assertCampaignInScope(actor, body.campaignId);
      const columns = await columnsOf(body, null);
      const row = await db.transaction(async (tx) => {
        const inserted = await dialersRepo.insert(tx, { ...columns, status: 'created', createdBy: actor.userId });
        await materialize(tx, inserted.id, body.campaignId, body.accounts);
        return (await dialersRepo.find(tx, inserted.id)) as DialerRow;
      });
      return detail(row);
    },

    /**
     * Changes a dialer that is not calling. Its accounts are chosen again when the campaign or the accounts' choice
     * changed and it never started; once started they stay (422 on a change).
     */
    async update(actor: Actor, id: number, body: DialerBody): Promise<DialerDetail> {
      await visibleDialer(actor, id);
      await assertCampaignInScope(actor, body.campaignId);
      const row = await db.transaction(async (tx) => {
        const current = (await dialersRepo.find(tx, id, { lock: true })) as DialerRow;
        if (!DIALER_EDITABLE_STATUSES.includes(current.status as DialerStatus)) {
          throw new AppError(409, 'DIALERS.NOT_EDITABLE', 'dialers.notEditable');
        }
        const columns = await columnsOf(body, current);
        const campaignChanged = current.campaignId !== body.campaignId;
        const accountsChanged = canonical(current.accounts) !== canonical(columns.accounts);
        if ((campaignChanged || accountsChanged) && current.startedAt) {
          throw errors.invalidField(campaignChanged ? 'campaignId' : 'accounts', 'dialers.audienceLocked');
        }
        await dialersRepo.update(tx, id, columns);
        if (campaignChanged || accountsChanged) {
          await dialersRepo.clearAccounts(tx, id);
          await materialize(tx, id, body.campaignId, body.accounts);
        }
        return (await dialersRepo.find(tx, id)) as DialerRow;
      });
      return detail(row);
    },

    async list(actor: Actor, query: DialerListQuery): Promise<DialerPage> {
      const [rows, telephonyConfigured] = await Promise.all([
        dialersRepo.list(db, {
          userId: ruleCampaignScope(actor),
          status: query.status,
          campaignId: query.campaignId,
          after: query.after,
          limit: query.sizePerPage + 1,
        }),
        isTelephonyConfigured(ctx),
      ]);
      return {
        data: await present(rows.slice(0, query.sizePerPage)),
        hasMore: rows.length > query.sizePerPage,
        telephonyConfigured,
      };
    },

    async get(actor: Actor, id: number): Promise<DialerDetail> {
      return detail(await visibleDialer(actor, id));
    },

    /**
     * The state machine: start (created or stopped → initialization → running; paused → running), pause (running →
     * paused), stop (initialization, running or paused → stopped), restart (every account back to new with no tries,
     * then a start), repeat (finalized: the accounts not successful back to new, then a start), repeat failed (the
     * failed ones), play (start of a play-audio dialer). An action that does not apply is 409; one that would place
     * calls while telephony is not configured is 409 too, and changes nothing.
     */
    async act(actor: Actor, id: number, action: DialerAction): Promise<DialerDetail> {
      await visibleDialer(actor, id);
      const telephony = DIALER_TELEPHONY_ACTIONS.includes(action) ? await isTelephonyConfigured(ctx) : true;
      const began = await db.transaction(async (tx) => {
        const current = (await dialersRepo.find(tx, id, { lock: true })) as DialerRow;
        if (!dialerActionAllowed(current.status as DialerStatus, current.type as DialerType, action)) {
          throw new AppError(409, 'DIALERS.ACTION_NOT_ALLOWED', 'dialers.actionNotAllowed');
        }
        if (!telephony) throw new AppError(409, 'DIALERS.TELEPHONY_NOT_CONFIGURED', 'dialers.telephonyNotConfigured');
        switch (action) {
          case 'pause':
            await dialersRepo.update(tx, id, { status: 'paused' });
            return false;
          case 'stop':
            await dialersRepo.update(tx, id, { status: 'stopped', finishedAt: new Date() });
            return false;
          case 'start':
          case 'play':
            if (current.status === 'paused') {
              await dialersRepo.update(tx, id, { status: 'running' });
              return false;
            }
            break;
          default: {
            const reset = RESETS[action];
            if (reset) await dialersRepo.resetAccounts(tx, id, reset);
            // Restart: back to created with every account new, then started like a new one.
            if (action === 'restart') await dialersRepo.update(tx, id, { status: 'created' });
          }
        }
        await dialersRepo.update(tx, id, {
          status: 'initialization',
          startedAt: new Date(),
          finishedAt: null,
          problem: null,
        });
        return true;
      });
      if (began) await settleStart(id);
      // Whoever else has the dialer open sees its new status at once (the action's answer is the caller's).
      await dialerProgressOf(ctx).announce(id, { now: true });
      return detail((await dialersRepo.find(db, id)) as DialerRow);
    },

    async accounts(
      actor: Actor,
      id: number,
      query: { status?: DialerAccountStatus; after?: number; sizePerPage: number },
    ): Promise<{ data: DialerAccount[]; hasMore: boolean }> {
      await visibleDialer(actor, id);
      const rows = await dialersRepo.accounts(db, {
        dialerId: id,
        status: query.status,
        after: query.after,
        limit: query.sizePerPage + 1,
      });
      return { data: rows.slice(0, query.sizePerPage), hasMore: rows.length > query.sizePerPage };
    },

    /** The view's charts, computed from the accounts and their attempts. */
    async stats(actor: Actor, id: number): Promise<DialerStats> {
      await visibleDialer(actor, id);
      const [attemptsPerHour, accountsByStatus] = await Promise.all([
        dialersRepo.attemptsPerHour(db, id, CHART_HOURS),
        dialersRepo.accountsByStatus(db, id),
      ]);
      return { attemptsPerHour, accountsByStatus };
    },

    /** A play-audio dialer's file, for those who see the dialer. */
    async audioFile(actor: Actor, id: number) {
      const row = await visibleDialer(actor, id);
      const absolute = row.audioPath ? ctx.storage.absolutePath(row.audioPath) : null;
      if (!absolute || !fs.existsSync(absolute)) throw errors.notFound();
      return {
        name: row.audioFilename ?? 'audio',
        contentType: row.audioContentType ?? 'application/octet-stream',
        stream: fs.createReadStream(absolute),
      };
    },
  };
}

export type DialersService = ReturnType<typeof createDialersService>;
