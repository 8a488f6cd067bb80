import type { Logger } from 'pino';

export interface ShutdownStep {
  name: string;
  /** Stops one part; receives what is left of the shutdown budget, to bound its own waiting. */
  run(remainingMs: number): Promise<void>;
}

/**
 * Stops the parts in order (requests, jobs, database) within one budget. When the budget runs out, `force` stops what
 * is left without waiting (open connections closed, the database told to stop) and the result is 'forced'.
 */
export async function shutDown(
  steps: readonly ShutdownStep[],
  options: { timeoutMs: number; logger: Logger; force(): Promise<void> },
): Promise<'clean' | 'forced'> {
  const deadline = Date.now() + options.timeoutMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<'expired'>((resolve) => {
    timer = setTimeout(() => resolve('expired'), options.timeoutMs);
  });
  const orderly = (async () => {
    for (const step of steps) {
      try {
        await step.run(Math.max(0, deadline - Date.now()));
      } catch (error) {
        options.logger.error({ err: error, step: step.name }, 'shutdown step failed; going on');
      }
    }
    return 'done' as const;
  })();
  const outcome = await Promise.race([orderly, expired]);
  clearTimeout(timer);
  if (outcome === 'done') return 'clean';
  options.logger.error({ timeoutMs: options.timeoutMs }, 'shutdown took longer than SHUTDOWN_TIMEOUT: stopping now');
  await options.force().catch((error: unknown) => options.logger.error({ err: error }, 'forced shutdown failed'));
  return 'forced';
}
