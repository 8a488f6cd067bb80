import { z } from 'zod';

/** The spec's response envelope (section 7): every API answer has this shape. */
export interface Envelope<T> {
  statusResult: boolean;
  status: 'OK' | 'ERROR';
  code: string;
  message: string;
  result: T;
}

export interface FieldError {
  field: string;
  message: string;
}

export function envelopeSchema<T extends z.ZodType>(result: T) {
  return z.object({
    statusResult: z.boolean(),
    status: z.enum(['OK', 'ERROR']),
    code: z.string(),
    message: z.string(),
    result,
  });
}
