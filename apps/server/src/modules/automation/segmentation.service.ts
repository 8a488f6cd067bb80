import {
  evaluateConditions,
  SEGMENTATION_LAST_RUNS,
  type Segmentation,
  type SegmentationBody,
  type SegmentationDashboard,
  type SegmentationRun,
  type SegmentationTrigger,
  segmentationFields,
} from '@atiende/contracts';
import type { Actor } from '../../platform/auth-context.js';
import type { AppContext } from '../../platform/context.js';
import type { DomainEventMap } from '../../platform/domain-events.js';
import { errors } from '../../platform/http/errors.js';
import { createCachedKeys, createPeriodicTask } from '../../platform/periodic.js';
import { ruleCampaignScope } from '../../policies/automation.js';
import type { RoutingService } from '../agents/routing.service.js';
import { AutomatedChangeRefused } from '../tickets/tickets.automated.js';
import type { TicketsService } from '../tickets/tickets.service.js';
import { automationRepo } from './automation.repo.js';
import { assertFormFields, automationOptions } from './automation.service.js';
import { loadConditionRecords } from './conditions.sql.js';
import { formFieldsOf } from './rules.engine.js';
import {
  type SegmentationRow,
  type SegmentationRunRow,
  type SegmentRow,
  segmentationRepo,
} from './segmentation.repo.js';

/** A segmentation's event of one ticket, sorted by a durable job after the change committed. */
export interface SegmentJob {
  ticketId: number;
  campaignId: number;
  trigger: SegmentationTrigger;
}

export const SEGMENT_QUEUE = 'automation.segment';
/** Tickets one segment takes per run (a larger backlog continues at the next run). */
const RUN_BATCH = 5_000;
const TRIGGER_INDEX_TTL_MS = 5_000;

function runView(row: SegmentationRunRow): SegmentationRun {
  return {
    id: row.id,
    trigger: row.trigger as SegmentationRun['trigger'],
    initialCases: row.initialCases,
    finalCases: row.finalCases,
    moved: row.moved,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Segmentations: CRUD by the campaigns an actor manages (the business rules' scope), the dashboard, runs now, on
 * schedule (each node's scheduler, SKIP LOCKED) and on a base-campaign ticket's update or task (a durable job per
 * event). A ticket goes to the first segment it matches and is routed there; a run moves only tickets still in the
 * base campaign, so running twice moves nothing more.
 */
export function createSegmentationService(ctx: AppContext, tickets: TicketsService, routing: RoutingService) {
  const { db } = ctx;
  const triggerIndex = createCachedKeys(() => segmentationRepo.triggerIndex(db), TRIGGER_INDEX_TTL_MS);

  async function manageable(actor: Actor) {
    return automationRepo.manageableCampaigns(db, ruleCampaignScope(actor));
  }

  /** The campaigns a page of segmentations names (base and destinations), read once for the page. */
  const namesOf = (rows: readonly SegmentationRow[], segments: readonly SegmentRow[]) =>
    automationRepo.campaignNames(db, [
      ...rows.map((row) => row.baseCampaignId),
      ...segments.map((segment) => segment.destinationCampaignId),
    ]);

  async function view(
    row: SegmentationRow,
    segments?: SegmentRow[],
    known?: Map<number, string>,
  ): Promise<Segmentation> {
    const own = segments ?? (await segmentationRepo.segmentsOf(db, [row.id])).get(row.id) ?? [];
    const names = known ?? (await namesOf([row], own));
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      baseCampaign: { id: row.baseCampaignId, name: names.get(row.baseCampaignId) ?? '' },
      kind: row.kind as Segmentation['kind'],
      triggerWhen: (row.triggerWhen as Segmentation['triggerWhen']) ?? null,
      startTime: row.startTime?.toISOString() ?? null,
      frequencyHours: row.frequencyHours,
      enabled: row.enabled,
      segments: own.map((segment) => ({
        id: segment.id,
        name: segment.name,
        destinationCampaign: {
          id: segment.destinationCampaignId,
          name: names.get(segment.destinationCampaignId) ?? '',
        },
        conditions: segment.conditions,
      })),
      nextRunAt: row.nextRunAt?.toISOString() ?? null,
      lastRunAt: row.lastRunAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function visible(actor: Actor, id: number, lock = false): Promise<SegmentationRow> {
    const row = await segmentationRepo.find(db, id, lock);
    if (!row) throw errors.notFound();
    if (ruleCampaignScope(actor) !== null && !(await manageable(actor)).some((c) => c.id === row.baseCampaignId)) {
      throw errors.notFound();
    }
    return row;
  }

  async function validate(actor: Actor, body: SegmentationBody) {
    const campaigns = await manageable(actor);
    if (!campaigns.some((campaign) => campaign.id === body.baseCampaignId)) {
      throw errors.invalidField('baseCampaignId', 'automation.rules.unknownCampaign');
    }
    for (const [index, segment] of body.segments.entries()) {
      // Nobody sends tickets where they could not manage them.
      if (!campaigns.some((campaign) => campaign.id === segment.destinationCampaignId)) {
        throw errors.invalidField(`segments.${index}.destinationCampaignId`, 'automation.rules.unknownCampaign');
      }
    }
    await assertFormFields(
      db,
      body.baseCampaignId,
      body.segments.map((segment, index) => [`segments.${index}.conditions`, segment.conditions] as const),
    );
  }

  function schedule(body: SegmentationBody, now: Date) {
    const automation = body.kind === 'automation';
    const start = body.startTime ? new Date(body.startTime) : null;
    return {
      name: body.name,
      description: body.description,
      baseCampaignId: body.baseCampaignId,
      kind: body.kind,
      triggerWhen: automation ? null : (body.triggerWhen ?? null),
      startTime: automation ? start : null,
      frequencyHours: automation ? (body.frequencyHours ?? null) : null,
      enabled: body.enabled,
      // The first run at the start time (or the scheduler's next pass when it is past).
      nextRunAt: automation && body.enabled && start ? new Date(Math.max(start.getTime(), now.getTime())) : null,
    };
  }

  /** Sorts the base campaign's open tickets now: each segment in order takes what matches it. */
  async function runNow(row: SegmentationRow, trigger: SegmentationRun['trigger'], now = Date.now()) {
    const segments = (await segmentationRepo.segmentsOf(db, [row.id])).get(row.id) ?? [];
    const initialCases = await segmentationRepo.openCount(db, row.baseCampaignId);
    const moved: SegmentationRun['moved'] = [];
    const by = { ruleName: row.name };
    const names = await automationRepo.campaignNames(
      db,
      segments.map((segment) => segment.destinationCampaignId),
    );
    for (const [index, segment] of segments.entries()) {
      const ids = await segmentationRepo.matching(db, row.baseCampaignId, segments, index, now, RUN_BATCH);
      let count = 0;
      for (const ticketId of ids) {
        try {
          await tickets.automated.moveToCampaign(
            ticketId,
            segment.destinationCampaignId,
            names.get(segment.destinationCampaignId) ?? '',
            by,
            row.baseCampaignId,
          );
          count += 1;
        } catch (error) {
          // Closed or moved by someone else meanwhile: it is not this run's to move.
          if (!(error instanceof AutomatedChangeRefused)) throw error;
        }
      }
      if (count > 0) await routing.route([segment.destinationCampaignId]);
      moved.push({ segmentId: segment.id, name: segment.name, count });
    }
    const finalCases = await segmentationRepo.openCount(db, row.baseCampaignId);
    const run = await segmentationRepo.insertRun(db, {
      segmentationId: row.id,
      trigger,
      initialCases,
      finalCases,
      moved,
    });
    return runView(run);
  }

  /** One ticket's event: the first enabled trigger segmentation whose segment it matches moves it. */
  async function sortTicket(job: SegmentJob) {
    const candidates = await segmentationRepo.triggered(db, job.campaignId, job.trigger);
    if (candidates.length === 0) return;
    const segmentsBy = await segmentationRepo.segmentsOf(
      db,
      candidates.map((row) => row.id),
    );
    const formFields = formFieldsOf([...segmentsBy.values()].flat());
    const record = (await loadConditionRecords(db, [job.ticketId], { formFields })).get(job.ticketId);
    if (!record || record['ticket.campaignId'] !== job.campaignId || record['ticket.status'] === 4) return;
    for (const row of candidates) {
      const segments = segmentsBy.get(row.id) ?? [];
      const segment = segments.find((candidate) =>
        evaluateConditions(candidate.conditions, record, { now: Date.now() }),
      );
      if (!segment) continue;
      const initialCases = await segmentationRepo.openCount(db, row.baseCampaignId);
      const names = await automationRepo.campaignNames(db, [segment.destinationCampaignId]);
      try {
        await tickets.automated.moveToCampaign(
          job.ticketId,
          segment.destinationCampaignId,
          names.get(segment.destinationCampaignId) ?? '',
          { ruleName: row.name },
          row.baseCampaignId,
        );
      } catch (error) {
        if (error instanceof AutomatedChangeRefused) return;
        throw error;
      }
      await routing.route([segment.destinationCampaignId]);
      await segmentationRepo.insertRun(db, {
        segmentationId: row.id,
        trigger: job.trigger,
        initialCases,
        finalCases: await segmentationRepo.openCount(db, row.baseCampaignId),
        moved: segments.map((candidate) => ({
          segmentId: candidate.id,
          name: candidate.name,
          count: candidate.id === segment.id ? 1 : 0,
        })),
      });
      await segmentationRepo.markRan(db, row.id, new Date(), null);
      return;
    }
  }

  async function heard({ ticketId, campaignId, activity }: DomainEventMap['ticket.activity']) {
    if (activity !== 'ticketUpdated' && activity !== 'taskCreated') return;
    if (!(await triggerIndex.has(`${campaignId}:${activity}`))) return;
    await ctx.jobs.send(SEGMENT_QUEUE, { ticketId, campaignId, trigger: activity });
  }

  /** The scheduler's pass: due automation segmentations run, one node each (SKIP LOCKED while it runs). */
  async function runDue(now: Date = new Date()): Promise<number> {
    let ran = 0;
    for (;;) {
      const done = await db.transaction(async (tx) => {
        const [row] = await segmentationRepo.due(tx, now, 1);
        if (!row) return false;
        const every = (row.frequencyHours ?? 24) * 3_600_000;
        // The next run keeps to the start time's rhythm, whatever the delay of this one.
        const start = row.startTime?.getTime() ?? now.getTime();
        const next = start + Math.ceil((now.getTime() - start + 1) / every) * every;
        await segmentationRepo.markRan(tx, row.id, now, new Date(Math.max(next, now.getTime() + 60_000)));
        return row;
      });
      if (!done) return ran;
      await runNow(done, 'schedule', now.getTime());
      ran += 1;
    }
  }

  return {
    async attach() {
      ctx.events.on('ticket.activity', heard);
      await ctx.jobs.define({ name: SEGMENT_QUEUE, retryLimit: 3, retryDelaySeconds: 5, concurrency: 2 }, (job) =>
        sortTicket(job),
      );
    },

    options: (actor: Actor, campaignId: number | undefined) => automationOptions(db, actor, campaignId),

    async list(actor: Actor, query: { searchText?: string; after?: number; sizePerPage: number }) {
      const scope = ruleCampaignScope(actor);
      const campaignIds = scope === null ? null : (await manageable(actor)).map((campaign) => campaign.id);
      const rows = await segmentationRepo.list(db, {
        campaignIds,
        search: query.searchText,
        after: query.after,
        limit: query.sizePerPage + 1,
      });
      const page = rows.slice(0, query.sizePerPage);
      const segments = await segmentationRepo.segmentsOf(
        db,
        page.map((row) => row.id),
      );
      const names = await namesOf(page, [...segments.values()].flat());
      return {
        data: await Promise.all(page.map((row) => view(row, segments.get(row.id) ?? [], names))),
        hasMore: rows.length > query.sizePerPage,
      };
    },

    async get(actor: Actor, id: number): Promise<Segmentation> {
      return view(await visible(actor, id));
    },

    async create(actor: Actor, body: SegmentationBody): Promise<Segmentation> {
      await validate(actor, body);
      const row = await db.transaction(async (tx) => {
        const created = await segmentationRepo.insert(tx, { ...schedule(body, new Date()), createdBy: actor.userId });
        await segmentationRepo.replaceSegments(tx, created.id, body.segments);
        return created;
      });
      triggerIndex.forget();
      return view(row);
    },

    async update(actor: Actor, id: number, body: SegmentationBody): Promise<Segmentation> {
      await visible(actor, id);
      await validate(actor, body);
      const row = await db.transaction(async (tx) => {
        await visible(actor, id, true);
        const updated = await segmentationRepo.update(tx, id, schedule(body, new Date()));
        await segmentationRepo.replaceSegments(tx, id, body.segments);
        return updated;
      });
      triggerIndex.forget();
      return view(row);
    },

    async remove(actor: Actor, id: number): Promise<{ id: number }> {
      await db.transaction(async (tx) => {
        await visible(actor, id, true);
        await segmentationRepo.remove(tx, id);
      });
      triggerIndex.forget();
      return { id };
    },

    async dashboard(actor: Actor, id: number): Promise<SegmentationDashboard> {
      const row = await visible(actor, id);
      const segments = (await segmentationRepo.segmentsOf(db, [id])).get(id) ?? [];
      const counts = await segmentationRepo.matchingCounts(db, row.baseCampaignId, segments, Date.now());
      return {
        segmentation: await view(row, segments),
        openCases: await segmentationRepo.openCount(db, row.baseCampaignId),
        matchingNow: segments.map((segment, index) => ({ segmentId: segment.id, count: counts[index] ?? 0 })),
        syncedFields: segmentationFields(segments),
        lastRuns: (await segmentationRepo.lastRuns(db, id, SEGMENTATION_LAST_RUNS)).map(runView),
      };
    },

    async run(actor: Actor, id: number): Promise<SegmentationRun> {
      const row = await visible(actor, id);
      const run = await runNow(row, 'manual');
      await segmentationRepo.markRan(db, id, new Date(), null);
      return run;
    },

    runDue,
    ...createPeriodicTask(ctx.logger, 'segmentation scheduler pass', () => runDue()),
  };
}

export type SegmentationService = ReturnType<typeof createSegmentationService>;
