import { z } from 'zod';
import { idSchema, instantSchema } from '../admin/common.js';
import { named } from '../registry.js';
import { CALL_DIRECTIONS, CALL_STATUSES } from './calls.constants.js';

/** How a call shows in the ticket's timeline (the message it was recorded as carries it). */
export const callSummarySchema = named(
  'CallSummary',
  z.object({
    id: idSchema,
    direction: z.enum(CALL_DIRECTIONS),
    status: z.enum(CALL_STATUSES),
    customerNumber: z.string(),
    channelNumber: z.string(),
    agent: z.object({ id: idSchema, nombre: z.string() }).nullable(),
    startedAt: instantSchema,
    answeredAt: instantSchema.nullable(),
    endedAt: instantSchema.nullable(),
    durationSeconds: z.number().int().nullable(),
    waitSeconds: z.number().int().nullable(),
    /** Agents it rang without an answer (missed offers). */
    missedOffers: z.number().int(),
  }),
);
export type CallSummary = z.infer<typeof callSummarySchema>;
