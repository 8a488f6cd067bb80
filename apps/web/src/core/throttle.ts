export interface Throttled {
  (): void;
  cancel(): void;
}

export interface ThrottleClock {
  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (timer: unknown) => void;
}

const realClock: ThrottleClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (timer) => globalThis.clearTimeout(timer as ReturnType<typeof setTimeout>),
};

/**
 * Runs `fn` at most once per `waitMs`: the first call runs at once, calls inside the window collapse into one run
 * at its end (so the last change is never lost). `cancel` drops a pending run (unmount).
 */
export function throttle(fn: () => void, waitMs: number, clock: ThrottleClock = realClock): Throttled {
  let last = Number.NEGATIVE_INFINITY;
  let timer: unknown = null;
  const run = () => {
    timer = null;
    last = clock.now();
    fn();
  };
  const throttled = (() => {
    if (timer !== null) return;
    const wait = last + waitMs - clock.now();
    if (wait <= 0) run();
    else timer = clock.setTimeout(run, wait);
  }) as Throttled;
  throttled.cancel = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  };
  return throttled;
}
