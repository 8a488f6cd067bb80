import { type ReactNode, Suspense, useLayoutEffect } from 'react';
import { BrowserRouter, type RouteObject, useNavigate, useRoutes } from 'react-router';
import { loadAppTexts, withAdminTexts } from '../core/i18n';
import { lazyNamed } from '../ui/lazy';
import { PageLoader } from '../ui/PageLoader';
import { RequireAuth, RequirePermission, SessionGate } from './guards';
import { setNavigator } from './navigation';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { WORKSPACE_ROUTES } from './workspaceRoutes';

/**
 * The sign-in and status pages and the workspace's pages render with the texts /app has (locales/parts.ts). Every
 * other page is an administration page: the router loads their table (app/adminPages.tsx) with the administration
 * sections of the texts when one is first opened, so the first screen does not download a reference to each of them
 * (locales/parts.test.ts checks the split).
 */
const page = lazyNamed;
const AdminRoutes = lazyNamed(() => withAdminTexts(() => import('./adminPages')), 'AdminRoutes');

// Every page but the sign-in ones runs in MUI's theme, loaded with the first of them (app/providers.tsx).
const MuiTheme = page(() => import('./MuiTheme'), 'MuiTheme');
// /app renders once its code and the whole texts of the language are there (the sign-in pages load only theirs).
const AppLayout = page(async () => (await Promise.all([import('./layout/AppLayout'), loadAppTexts()]))[0], 'AppLayout');
const LoginPage = page(() => import('../features/auth/LoginPage'), 'LoginPage');
const ForgotPasswordPage = page(() => import('../features/auth/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage');
const LockscreenPage = page(() => import('../features/auth/LockscreenPage'), 'LockscreenPage');
const AuthenticatingPage = page(() => import('../features/auth/AuthenticatingPage'), 'AuthenticatingPage');
const MaintenancePage = page(() => import('../features/pages/MaintenancePage'), 'MaintenancePage');
const StartPage = page(() => import('../features/pages/StartPage'), 'StartPage');
const NotFoundPage = page(() => import('../features/pages/NotFoundPage'), 'NotFoundPage');
const ForbiddenPage = page(() => import('../features/pages/ForbiddenPage'), 'ForbiddenPage');
const ErrorPage = page(() => import('../features/pages/ErrorPage'), 'ErrorPage');
const TicketsListPage = page(() => import('../features/tickets/TicketsListPage'), 'TicketsListPage');
const SearchResultsPage = page(() => import('../features/search/SearchResultsPage'), 'SearchResultsPage');
const TicketViewPage = page(() => import('../features/tickets/TicketViewPage'), 'TicketViewPage');
const TicketAddPage = page(() => import('../features/tickets/TicketAddPage'), 'TicketAddPage');

/** The workspace's pages of the route table; the others are administration pages (app/adminPages.tsx). */
const WORKSPACE_PAGES: Record<string, ReactNode> = {
  tickets: <TicketsListPage />,
  search: <SearchResultsPage />,
  'tickets/add': <TicketAddPage />,
  'tickets/:id/view': <TicketViewPage />,
};

const suspended = (node: ReactNode, fullScreen = false) => (
  <Suspense fallback={<PageLoader fullScreen={fullScreen} />}>{node}</Suspense>
);

/** A sign-in page: drawn without MUI (features/auth), so the login page does not download it. */
const signInPage = (node: ReactNode) => suspended(node, true);
/** A page of its own outside /app (not found, error, maintenance), in MUI's theme. */
const publicPage = (node: ReactNode) => suspended(<MuiTheme>{node}</MuiTheme>, true);

export const routes: RouteObject[] = [
  { path: '/', element: <SessionGate /> },
  { path: '/login', element: signInPage(<LoginPage />) },
  { path: '/forgot-password', element: signInPage(<ForgotPasswordPage />) },
  { path: '/reset-password/:token', element: signInPage(<ResetPasswordPage />) },
  { path: '/maintenance', element: publicPage(<MaintenancePage />) },
  { path: '/lockscreen', element: signInPage(<LockscreenPage />) },
  { path: '/authenticating', element: signInPage(<AuthenticatingPage />) },
  {
    path: '/app',
    element: (
      <RouteErrorBoundary fallback={publicPage(<ErrorPage fullScreen />)}>
        <RequireAuth>
          {suspended(
            <MuiTheme>
              <AppLayout />
            </MuiTheme>,
            true,
          )}
        </RequireAuth>
      </RouteErrorBoundary>
    ),
    children: [
      { index: true, element: suspended(<StartPage />) },
      { path: 'forbidden', element: suspended(<ForbiddenPage />) },
      { path: 'pages/error', element: suspended(<ErrorPage />) },
      { path: 'pages/not-found', element: suspended(<NotFoundPage />) },
      ...WORKSPACE_ROUTES.map<RouteObject>((route) => ({
        path: route.path,
        element: (
          <RequirePermission permission={route.permission}>{suspended(WORKSPACE_PAGES[route.path])}</RequirePermission>
        ),
      })),
      // Every other route of the route table, business integrations (/app/{ruta}) or the 404 page.
      { path: '*', element: suspended(<AdminRoutes />) },
    ],
  },
  { path: '*', element: publicPage(<NotFoundPage fullScreen />) },
];

/** Lets code below the router navigate (app/navigation.ts) with the router's own navigate. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useLayoutEffect(() => setNavigator((to, options) => navigate(to, options)), [navigate]);
  return null;
}

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The app's routes in the browser's history under /v2. Declarative mode (`BrowserRouter` + `useRoutes`), not the
 * data router: the app has no loaders, actions or fetchers, and the data router's code weighs about 15 KB of gzip
 * more on every first load (docs/performance.md). `RouteErrorBoundary` does what an `errorElement` did.
 */
export function AppRouter() {
  return (
    <BrowserRouter basename="/v2">
      <NavigatorBridge />
      <AppRoutes />
    </BrowserRouter>
  );
}
