import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense, useState } from 'react';

/**
 * A named export loaded on first render, in a chunk of its own: `lazyNamed(() => import('./Dialog'), 'Dialog')`.
 * Pages use it through the router; shells use it for what is opened rarely (dialogs, drawers' contents), so the
 * first screen does not download it (docs/performance.md).
 */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy accepts components with any props.
export function lazyNamed<K extends string, M extends Record<K, ComponentType<any>>>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await load())[name] }));
}

/**
 * Renders `children` (typically a `lazyNamed` component) from the first time `when` is true on, and keeps them
 * mounted afterwards, so a dialog or drawer that closes still plays its closing transition and keeps its state.
 * Until its code arrives nothing shows (`fallback`).
 */
export function MountWhenOpened({
  when,
  children,
  fallback = null,
}: {
  when: boolean;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const [opened, setOpened] = useState(when);
  if (when && !opened) setOpened(true);
  return opened ? <Suspense fallback={fallback}>{children}</Suspense> : null;
}
