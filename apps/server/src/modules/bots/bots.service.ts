import {
  type AuditChanges,
  BOT_FILE_FORMAT,
  type Bot,
  type BotBody,
  type BotCreate,
  type BotFile,
  type BotFlow,
  type BotFlowProblem,
  type BotListItem,
  type BotVersion,
  type BotVersionBody,
  type BotVersionSummary,
  botFlowProblems,
  DEFAULT_BOT_SILENCE,
  type Page,
} from '@atiende/contracts';
import { auditRepo } from '../../platform/audit/audit.repo.js';
import { auditFacts, diffForAudit } from '../../platform/audit/diff.js';
import type { Actor } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import type { Executor } from '../../platform/db/client.js';
import { AppError, errors } from '../../platform/http/errors.js';
import type { MessageKey } from '../../platform/i18n/messages.js';
import { campaignsRepo } from '../campaigns/campaigns.repo.js';
import { type BotFilter, type BotRow, type BotVersionRow, type BotVersionSummaryRow, botsRepo } from './bots.repo.js';

const AUDIT_ENTITY = 'bot' as const;

const botErrors = {
  publishedNotEditable: () => new AppError(409, 'BOT.PUBLISHED_VERSION', 'bots.publishedNotEditable'),
  publishedNotDeleted: () => new AppError(409, 'BOT.PUBLISHED_VERSION', 'bots.publishedNotDeleted'),
  lastVersion: () => new AppError(409, 'BOT.LAST_VERSION', 'bots.lastVersion'),
  versionInUse: () => new AppError(409, 'BOT.VERSION_IN_USE', 'bots.versionInUse'),
  /** Each problem on its node (`nodes.<id>` or `nodes.<id>.<outlet>`), so the editor marks it there. */
  problems: (problems: BotFlowProblem[]) =>
    new AppError(
      422,
      'BOT.FLOW_PROBLEMS',
      'bots.flowProblems',
      { count: problems.length },
      problems.map((problem) => ({
        field: problem.nodeId ? `nodes.${problem.nodeId}${problem.outlet ? `.${problem.outlet}` : ''}` : 'startNodeId',
        message: `bots.problems.${problem.code}` as MessageKey,
      })),
    ),
};

const summaryOf = (row: BotVersionSummaryRow, names: Map<number, string>): BotVersionSummary => ({
  id: row.id,
  number: row.number,
  note: row.note,
  published: row.published,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  nodes: row.nodes,
  updatedBy: row.updatedBy ? { id: row.updatedBy, nombre: names.get(row.updatedBy) ?? '' } : null,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The bot builder's bots and their versions: saved as new, updated, deleted, published (one at a time: the one the
 * runtime follows), exported and imported as a file. Every change is audited in its own transaction.
 */
export function createBotsService(ctx: AppContext) {
  const { db } = ctx;
  /** Told when which bots answer changes (the runtime's cached list of campaigns with a live bot). */
  const listeners: (() => void)[] = [];
  const changed = () => {
    for (const listener of listeners) listener();
  };

  async function present(rows: BotRow[]): Promise<Bot[]> {
    const versions = await botsRepo.versionsOf(
      db,
      rows.map((row) => row.id),
    );
    const channels = await botsRepo.channelsOf(
      db,
      rows.map((row) => row.id),
    );
    const names = await botsRepo.userNames(db, [
      ...rows.flatMap((row) => (row.createdBy ? [row.createdBy] : [])),
      ...versions.flatMap((version) => (version.updatedBy ? [version.updatedBy] : [])),
    ]);
    return rows.map((row) => {
      const own = versions.filter((version) => version.botId === row.id);
      const published = own.find((version) => version.published);
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        enabled: row.enabled,
        silence: row.silence,
        publishedVersion: published ? { id: published.id, number: published.number } : null,
        versions: own.map((version) => summaryOf(version, names)),
        channels: channels.filter((channel) => channel.botId === row.id).map(({ id, name }) => ({ id, name })),
        secretNames: Object.keys(row.secrets).sort(),
        createdBy: row.createdBy ? { id: row.createdBy, nombre: names.get(row.createdBy) ?? '' } : null,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  async function view(id: number): Promise<Bot> {
    const row = await botsRepo.find(db, id);
    if (!row) throw errors.notFound();
    return (await present([row]))[0];
  }

  /** The bot locked for a change of its versions, and the version named (404 when either is not there). */
  async function lockedVersion(tx: Executor, botId: number, versionId: number) {
    const bot = await botsRepo.find(tx, botId, { lock: true });
    const version = bot ? await botsRepo.version(tx, botId, versionId) : null;
    if (!bot || !version) throw errors.notFound();
    return { bot, version };
  }

  /** A flow's problems, the campaigns its transfers name included (a deleted campaign is a missing target). */
  async function problemsOf(flow: BotFlow): Promise<BotFlowProblem[]> {
    const problems = botFlowProblems(flow);
    for (const node of flow.nodes) {
      if (node.data.type !== 'action' || !node.data.campaignId) continue;
      if (!(await campaignsRepo.find(db, node.data.campaignId))) {
        problems.push({ code: 'campaignRequired', nodeId: node.id });
      }
    }
    return problems;
  }

  const audit = (tx: Executor, actor: Actor, botId: number, action: string, changes: AuditChanges) =>
    auditRepo.record(tx, { actorUserId: actor.userId, entity: AUDIT_ENTITY, entityId: botId, action, changes });

  async function createBot(actor: Actor, body: BotCreate, action: 'created' | 'imported'): Promise<Bot> {
    const id = await db.transaction(async (tx) => {
      const bot = await botsRepo.insert(tx, {
        name: body.name,
        description: body.description,
        enabled: body.enabled,
        silence: body.silence,
        createdBy: actor.userId,
      });
      const version = await botsRepo.insertVersion(tx, {
        botId: bot.id,
        flow: body.flow,
        note: '',
        updatedBy: actor.userId,
      });
      await audit(tx, actor, bot.id, action, {
        ...diffForAudit(AUDIT_ENTITY, null, { name: body.name, description: body.description, enabled: body.enabled }),
        ...auditFacts(AUDIT_ENTITY, { version: version.number }),
      });
      return bot.id;
    });
    return view(id);
  }

  return {
    onChange(listener: () => void) {
      listeners.push(listener);
    },

    async list(filter: BotFilter): Promise<Page<BotListItem> & { totalCapped: boolean }> {
      const { rows, total, capped } = await botsRepo.list(db, filter);
      const presented = await present(rows);
      return {
        data: presented.map(({ versions, ...bot }) => ({ ...bot, versionCount: versions.length })),
        total,
        totalCapped: capped,
        page: filter.page,
        sizePerPage: filter.sizePerPage,
      };
    },

    get: view,

    /** A new bot with its first version, a draft of the flow drawn so far ("Bot needs at least one node"). */
    create: (actor: Actor, body: BotCreate) => createBot(actor, body, 'created'),

    async update(actor: Actor, id: number, body: BotBody): Promise<Bot> {
      await db.transaction(async (tx) => {
        const before = await botsRepo.find(tx, id, { lock: true });
        if (!before) throw errors.notFound();
        await botsRepo.update(tx, id, body);
        const changes = diffForAudit(
          AUDIT_ENTITY,
          { name: before.name, description: before.description, enabled: before.enabled, silence: before.silence },
          { name: body.name, description: body.description, enabled: body.enabled, silence: body.silence },
        );
        if (Object.keys(changes).length) await audit(tx, actor, id, 'updated', changes);
      });
      changed();
      return view(id);
    },

    /** The channels the bot answers: exactly these; each one answered by another bot moves to this one. */
    async setChannels(actor: Actor, id: number, channelIds: number[]): Promise<Bot> {
      const wanted = [...new Set(channelIds)].sort((a, b) => a - b);
      await db.transaction(async (tx) => {
        if (!(await botsRepo.find(tx, id, { lock: true }))) throw errors.notFound();
        if ((await botsRepo.channelsExist(tx, wanted)) !== wanted.length) {
          throw errors.invalidField('channelIds', 'bots.unknownChannel');
        }
        const before = (await botsRepo.channelsOf(tx, [id])).map(({ id: channelId, name }) => ({
          id: channelId,
          name,
        }));
        await botsRepo.setChannels(tx, id, wanted);
        const after = (await botsRepo.channelsOf(tx, [id])).map(({ id: channelId, name }) => ({ id: channelId, name }));
        const changes = diffForAudit(AUDIT_ENTITY, { channels: before }, { channels: after });
        if (Object.keys(changes).length) await audit(tx, actor, id, 'updated', changes);
      });
      changed();
      return view(id);
    },

    /** Sets (a value) or removes (null) the bot's web service secrets; the audit names them, never their values. */
    async setSecrets(actor: Actor, id: number, changes: Record<string, string | null>): Promise<Bot> {
      await db.transaction(async (tx) => {
        const bot = await botsRepo.find(tx, id, { lock: true });
        if (!bot) throw errors.notFound();
        const next = { ...bot.secrets };
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) delete next[name];
          else next[name] = value;
        }
        if (Object.keys(next).length > 30) throw errors.invalidField('secrets', 'bots.tooManySecrets');
        await botsRepo.setSecrets(tx, id, next);
        const names = (secrets: Record<string, string>) =>
          Object.keys(secrets)
            .sort()
            .map((name) => ({ id: name, name }));
        const changed = Object.keys(changes).filter(
          (name) => changes[name] !== null && bot.secrets[name] !== undefined,
        );
        await audit(tx, actor, id, 'secrets-changed', {
          ...diffForAudit(AUDIT_ENTITY, { secrets: names(bot.secrets) }, { secrets: names(next) }),
          ...(changed.length ? auditFacts(AUDIT_ENTITY, { note: changed.sort().join(', ') }) : {}),
        });
      });
      return view(id);
    },

    /** The secrets a web service of the bot may use (the runtime and the test panel). */
    async secretsOf(id: number): Promise<Record<string, string>> {
      return (await botsRepo.find(db, id))?.secrets ?? {};
    },

    async version(botId: number, versionId: number): Promise<BotVersion> {
      const row = await botsRepo.version(db, botId, versionId);
      if (!row) throw errors.notFound();
      return versionOf(row);
    },

    /** Saves the flow as the bot's next version (a draft). */
    async saveAsNew(actor: Actor, botId: number, body: BotVersionBody): Promise<BotVersion> {
      const row = await db.transaction(async (tx) => {
        if (!(await botsRepo.find(tx, botId, { lock: true }))) throw errors.notFound();
        const version = await botsRepo.insertVersion(tx, {
          botId,
          flow: body.flow,
          note: body.note,
          updatedBy: actor.userId,
        });
        await botsRepo.touch(tx, botId);
        await audit(
          tx,
          actor,
          botId,
          'version-saved',
          auditFacts(AUDIT_ENTITY, { version: version.number, note: body.note }),
        );
        return version;
      });
      return versionOf(row);
    },

    /** Updates a draft; the published version never changes under a running bot (save it as new instead). */
    async updateVersion(actor: Actor, botId: number, versionId: number, body: BotVersionBody): Promise<BotVersion> {
      const row = await db.transaction(async (tx) => {
        const { version } = await lockedVersion(tx, botId, versionId);
        if (version.published) throw botErrors.publishedNotEditable();
        // Conversations follow the flow they started with: a version some still follow does not change under them.
        if (await botsRepo.versionInUse(tx, versionId)) throw botErrors.versionInUse();
        const updated = await botsRepo.updateVersion(tx, versionId, {
          flow: body.flow,
          note: body.note,
          updatedBy: actor.userId,
        });
        await botsRepo.touch(tx, botId);
        await audit(tx, actor, botId, 'version-updated', auditFacts(AUDIT_ENTITY, { version: version.number }));
        return updated;
      });
      return versionOf(row);
    },

    /** Deletes a draft: not the published one, and never the bot's only version. */
    async deleteVersion(actor: Actor, botId: number, versionId: number): Promise<Bot> {
      await db.transaction(async (tx) => {
        const { version } = await lockedVersion(tx, botId, versionId);
        if (version.published) throw botErrors.publishedNotDeleted();
        if ((await botsRepo.versionCount(tx, botId)) <= 1) throw botErrors.lastVersion();
        // Conversations under way still follow it (published before): it goes when they end.
        if (await botsRepo.versionInUse(tx, versionId)) throw botErrors.versionInUse();
        await botsRepo.deleteVersion(tx, versionId);
        await botsRepo.touch(tx, botId);
        await audit(tx, actor, botId, 'version-deleted', auditFacts(AUDIT_ENTITY, { version: version.number }));
      });
      return view(botId);
    },

    /** Publishes a version whose flow has no problem; the previously published one stops running at once. */
    async publish(actor: Actor, botId: number, versionId: number): Promise<Bot> {
      await db.transaction(async (tx) => {
        const { version } = await lockedVersion(tx, botId, versionId);
        const problems = await problemsOf(version.flow);
        if (problems.length) throw botErrors.problems(problems);
        await botsRepo.publish(tx, botId, versionId, actor.userId);
        await botsRepo.touch(tx, botId);
        await audit(tx, actor, botId, 'published', auditFacts(AUDIT_ENTITY, { version: version.number }));
      });
      changed();
      return view(botId);
    },

    /** The bot as a file: the published version's flow, else the newest. */
    async export(botId: number, versionId?: number): Promise<BotFile> {
      const bot = await botsRepo.find(db, botId);
      if (!bot) throw errors.notFound();
      const versions = await botsRepo.versionsOf(db, [botId]);
      const chosen = versionId
        ? versions.find((version) => version.id === versionId)
        : (versions.find((version) => version.published) ?? versions[0]);
      const row = chosen ? await botsRepo.version(db, botId, chosen.id) : null;
      if (!row) throw errors.notFound();
      return {
        format: BOT_FILE_FORMAT,
        formatVersion: 1,
        name: bot.name,
        description: bot.description,
        flow: row.flow,
      };
    },

    /** A bot file becomes a new bot (disabled until someone publishes and enables it). */
    import: (actor: Actor, file: BotFile) =>
      createBot(
        actor,
        {
          name: file.name,
          description: file.description,
          enabled: false,
          silence: DEFAULT_BOT_SILENCE,
          flow: file.flow,
        },
        'imported',
      ),

    audit: async (botId: number) => {
      if (!(await botsRepo.find(db, botId))) throw errors.notFound();
      return auditRepo.list(db, AUDIT_ENTITY, botId);
    },
  };

  async function versionOf(row: BotVersionRow): Promise<BotVersion> {
    const names = await botsRepo.userNames(db, row.updatedBy ? [row.updatedBy] : []);
    return {
      ...summaryOf({ ...row, nodes: row.flow.nodes.length }, names),
      botId: row.botId,
      flow: row.flow,
    };
  }
}

export type BotsService = ReturnType<typeof createBotsService>;
