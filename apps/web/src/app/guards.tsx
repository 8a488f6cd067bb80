import type { PermissionExpression } from '@atiende/contracts';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../core/session';
import { PageLoader } from '../ui/PageLoader';
import { usePermissions } from './queries';

/** `/`: a stored token goes to /app, anyone else to /login. */
export function SessionGate() {
  const { token } = useSession();
  return <Navigate to={token ? '/app' : '/login'} replace />;
}

/** /app needs a stored token; a paused agent is held at the lock screen. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token, paused } = useSession();
  const location = useLocation();
  if (!token) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />;
  }
  if (paused) return <Navigate to="/lockscreen" replace />;
  return <>{children}</>;
}

/** Renders children only when the user holds the permission (any `|` alternative); otherwise the 403 page. */
export function RequirePermission({
  permission,
  children,
}: {
  permission?: PermissionExpression;
  children: ReactNode;
}) {
  const { can, ready } = usePermissions();
  if (!permission) return <>{children}</>;
  if (!ready) return <PageLoader />;
  if (!can(permission)) return <Navigate to="/app/forbidden" replace />;
  return <>{children}</>;
}

/** Only paths under /app are valid `next` targets after login (no open redirect). */
export function safeNext(next: string | null): string {
  if (next && /^\/app(\/|\?|$)/.test(next) && !next.startsWith('//')) return next;
  return '/app';
}
