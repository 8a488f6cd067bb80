import { z } from 'zod';
import { named } from './registry.js';

/** The spec's response envelope (section 7): every API answer has this shape. */
export interface Envelope<T> {
  statusResult: boolean;
  status: 'OK' | 'ERROR';
  code: string;
  message: string;
  result: T;
}

export const fieldErrorSchema = named('FieldError', z.object({ field: z.string(), message: z.string() }));
export type FieldError = z.infer<typeof fieldErrorSchema>;

export function envelopeSchema<T extends z.ZodType>(result: T) {
  return z.object({
    statusResult: z.boolean(),
    status: z.enum(['OK', 'ERROR']),
    code: z.string(),
    message: z.string(),
    result,
  });
}

/** Every refusal and failure: a stable code, a translated message and, for invalid input, the fields at fault. */
export const errorEnvelopeSchema = named(
  'ErrorEnvelope',
  z.object({
    statusResult: z.literal(false),
    status: z.literal('ERROR'),
    code: z.string(),
    message: z.string(),
    result: z.object({ fields: z.array(fieldErrorSchema) }).nullable(),
  }),
);
