import { pino } from 'pino';

export function createLogger(level: string) {
  return pino({ level, base: { service: 'atiende' }, redact: ['req.headers.authorization', '*.password'] });
}
