import { type DestinationStream, pino } from 'pino';

/** The app's logger (JSON lines to stdout, or to the given stream: tests read what was logged). */
export function createLogger(level: string, destination?: DestinationStream) {
  const options = { level, base: { service: 'atiende' }, redact: ['req.headers.authorization', '*.password'] };
  return destination ? pino(options, destination) : pino(options);
}
