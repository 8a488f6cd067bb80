import { z } from 'zod';

/** `GET /health`: whether the database answers (503 with `db: unreachable` when it does not). */
export const healthSchema = z.object({ db: z.literal('ok') });
export const unhealthySchema = z.object({ db: z.literal('unreachable') });
