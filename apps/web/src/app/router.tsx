import { type ReactNode, Suspense, useLayoutEffect } from 'react';
import { BrowserRouter, type RouteObject, useNavigate, useRoutes } from 'react-router';
import { loadAppTexts } from '../core/i18n';
import { lazyNamed as page } from '../ui/lazy';
import { PageLoader } from '../ui/PageLoader';
import { RequireAuth, RequirePermission, SessionGate } from './guards';
import { setNavigator } from './navigation';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { PLANNED_ROUTES } from './routeTable';

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
const ComingSoonPage = page(() => import('../features/pages/ComingSoonPage'), 'ComingSoonPage');
const AppFallbackPage = page(() => import('../features/pages/AppFallbackPage'), 'AppFallbackPage');
const ProfilePage = page(() => import('../features/profile/ProfilePage'), 'ProfilePage');
const ProfileEditPage = page(() => import('../features/profile/ProfileEditPage'), 'ProfileEditPage');
const UsersListPage = page(() => import('../features/users/UsersListPage'), 'UsersListPage');
const UserFormPage = page(() => import('../features/users/UserFormPage'), 'UserFormPage');
const UserViewPage = page(() => import('../features/users/UserViewPage'), 'UserViewPage');
const PermissionsManagerPage = page(
  () => import('../features/permissions/PermissionsManagerPage'),
  'PermissionsManagerPage',
);
const CustomersPage = page(() => import('../features/customers/CustomersPage'), 'CustomersPage');
const CustomerFormPage = page(() => import('../features/customers/CustomerFormPage'), 'CustomerFormPage');
const CustomerViewPage = page(() => import('../features/customers/CustomerViewPage'), 'CustomerViewPage');
const CustomerImportPage = page(() => import('../features/customers/CustomerImportPage'), 'CustomerImportPage');
const BusinessProfilePage = page(() => import('../features/business/BusinessProfilePage'), 'BusinessProfilePage');
const CatalogueListPage = page(() => import('../features/catalogues/CataloguePages'), 'CatalogueListPage');
const CatalogueViewPage = page(() => import('../features/catalogues/CataloguePages'), 'CatalogueViewPage');
const CatalogueFormPage = page(() => import('../features/catalogues/CataloguePages'), 'CatalogueFormPage');
const CredentialsPage = page(() => import('../features/credentials/CredentialsPage'), 'CredentialsPage');
const ChannelsListPage = page(() => import('../features/channels/ChannelsListPage'), 'ChannelsListPage');
const ChannelFormPage = page(() => import('../features/channels/ChannelFormPage'), 'ChannelFormPage');
const CampaignsListPage = page(() => import('../features/campaigns/CampaignsListPage'), 'CampaignsListPage');
const CampaignFormPage = page(() => import('../features/campaigns/CampaignFormPage'), 'CampaignFormPage');
const FormsListPage = page(() => import('../features/forms/FormPages'), 'FormsListPage');
const FormEditorPage = page(() => import('../features/forms/FormPages'), 'FormEditorPage');
const ReusableListsPage = page(() => import('../features/forms/ReusableListPages'), 'ReusableListsPage');
const ReusableListFormPage = page(() => import('../features/forms/ReusableListPages'), 'ReusableListFormPage');
const TemplatesListPage = page(() => import('../features/templates/TemplatesListPage'), 'TemplatesListPage');
const TemplateFormPage = page(() => import('../features/templates/TemplateFormPage'), 'TemplateFormPage');
const WhatsappTemplatesListPage = page(
  () => import('../features/whatsappTemplates/WhatsappTemplatesListPage'),
  'WhatsappTemplatesListPage',
);
const WhatsappTemplateFormPage = page(
  () => import('../features/whatsappTemplates/WhatsappTemplateFormPage'),
  'WhatsappTemplateFormPage',
);
const WhatsappTemplateViewPage = page(
  () => import('../features/whatsappTemplates/WhatsappTemplateViewPage'),
  'WhatsappTemplateViewPage',
);
const BotsListPage = page(() => import('../features/botBuilder/BotsListPage'), 'BotsListPage');
const BotEditorPage = page(() => import('../features/botBuilder/BotEditorPage'), 'BotEditorPage');
const KnowledgeBaseCategoriesPage = page(
  () => import('../features/knowledgeBase/CategoriesPage'),
  'KnowledgeBaseCategoriesPage',
);
const KnowledgeBasePublicConfigPage = page(
  () => import('../features/knowledgeBase/PublicConfigPage'),
  'KnowledgeBasePublicConfigPage',
);
const KnowledgeBaseSectionPage = page(
  () => import('../features/knowledgeBase/SectionPage'),
  'KnowledgeBaseSectionPage',
);
const KnowledgeBaseArticleEditorPage = page(
  () => import('../features/knowledgeBase/ArticleEditorPage'),
  'KnowledgeBaseArticleEditorPage',
);
const KnowledgeBaseArticleViewPage = page(
  () => import('../features/knowledgeBase/ArticleViewPage'),
  'KnowledgeBaseArticleViewPage',
);
const SurveysListPage = page(() => import('../features/surveys/SurveysListPage'), 'SurveysListPage');
const SurveyFormPage = page(() => import('../features/surveys/SurveyFormPage'), 'SurveyFormPage');
const SurveyDashboardPage = page(() => import('../features/surveys/SurveyDashboardPage'), 'SurveyDashboardPage');
const TicketsListPage = page(() => import('../features/tickets/TicketsListPage'), 'TicketsListPage');
const SearchResultsPage = page(() => import('../features/search/SearchResultsPage'), 'SearchResultsPage');
const TicketViewPage = page(() => import('../features/tickets/TicketViewPage'), 'TicketViewPage');
const TicketAddPage = page(() => import('../features/tickets/TicketAddPage'), 'TicketAddPage');
const WidgetsListPage = page(() => import('../features/widgets/WidgetsListPage'), 'WidgetsListPage');
const WidgetFormPage = page(() => import('../features/widgets/WidgetFormPage'), 'WidgetFormPage');
const SupervisionUsersPage = page(() => import('../features/supervision/SupervisionUsersPage'), 'SupervisionUsersPage');
const SupervisionQueuesPage = page(
  () => import('../features/supervision/SupervisionQueuesPage'),
  'SupervisionQueuesPage',
);
const UserDashboardPage = page(() => import('../features/analytics/UserDashboardPage'), 'UserDashboardPage');
const CampaignDashboardPage = page(
  () => import('../features/analytics/CampaignDashboardPage'),
  'CampaignDashboardPage',
);
const ReportsPage = page(() => import('../features/reports/ReportsPage'), 'ReportsPage');
const ReportWizardPage = page(() => import('../features/reports/ReportWizardPage'), 'ReportWizardPage');
const BusinessRulesListPage = page(
  () => import('../features/automation/rules/BusinessRulesListPage'),
  'BusinessRulesListPage',
);
const BusinessRuleFormPage = page(
  () => import('../features/automation/rules/BusinessRuleFormPage'),
  'BusinessRuleFormPage',
);
const SegmentationsListPage = page(
  () => import('../features/automation/segmentation/SegmentationsListPage'),
  'SegmentationsListPage',
);
const SegmentationFormPage = page(
  () => import('../features/automation/segmentation/SegmentationFormPage'),
  'SegmentationFormPage',
);
const SegmentationViewPage = page(
  () => import('../features/automation/segmentation/SegmentationViewPage'),
  'SegmentationViewPage',
);
const BulkListPage = page(() => import('../features/bulk/BulkListPage'), 'BulkListPage');
const BulkWizardPage = page(() => import('../features/bulk/BulkWizardPage'), 'BulkWizardPage');
const BulkViewPage = page(() => import('../features/bulk/BulkViewPage'), 'BulkViewPage');
const DialersListPage = page(() => import('../features/dialers/DialersListPage'), 'DialersListPage');
const DialerFormPage = page(() => import('../features/dialers/DialerFormPage'), 'DialerFormPage');
const DialerViewPage = page(() => import('../features/dialers/DialerViewPage'), 'DialerViewPage');
const SlaRulesListPage = page(() => import('../features/automation/sla/SlaRulesListPage'), 'SlaRulesListPage');
const SlaRuleFormPage = page(() => import('../features/automation/sla/SlaRuleFormPage'), 'SlaRuleFormPage');

/** Pages built for routes of the route table (the others show "coming soon"); permissions stay in routeTable. */
const BUILT_PAGES: Record<string, ReactNode> = {
  'entities/:model/list': <CatalogueListPage />,
  'entities/:model/add': <CatalogueFormPage mode="create" />,
  'entities/:model/:id/view': <CatalogueViewPage />,
  'entities/:model/:id/edit': <CatalogueFormPage mode="edit" />,
  'permissions-manager': <PermissionsManagerPage />,
  'permissions-manager/grid': <PermissionsManagerPage preselectFirst />,
  'business-profile': <BusinessProfilePage />,
  users: <UsersListPage />,
  'users/add': <UserFormPage mode="create" />,
  'users/profile': <ProfilePage />,
  'users/:id/view': <UserViewPage />,
  'users/:id/edit': <UserFormPage mode="edit" />,
  'profile/edit': <ProfileEditPage />,
  'credentials-api': <CredentialsPage />,
  channels: <ChannelsListPage />,
  customers: <CustomersPage />,
  'customers/add': <CustomerFormPage mode="create" />,
  'customers/import': <CustomerImportPage />,
  'customers/:id/view': <CustomerViewPage />,
  'customers/:id/edit': <CustomerFormPage mode="edit" />,
  'channels/add': <ChannelFormPage mode="create" />,
  'channels/:id/edit': <ChannelFormPage mode="edit" />,
  campaigns: <CampaignsListPage />,
  'campaigns/add': <CampaignFormPage mode="create" />,
  'campaigns/:id/edit': <CampaignFormPage mode="edit" />,
  tickets: <TicketsListPage />,
  search: <SearchResultsPage />,
  'tickets/add': <TicketAddPage />,
  'tickets/:id/view': <TicketViewPage />,
  'dynamic-forms': <FormsListPage />,
  'dynamic-forms/add': <FormEditorPage mode="create" />,
  'dynamic-forms/:id/edit': <FormEditorPage mode="edit" />,
  'dynamic-fields': <ReusableListsPage />,
  'dynamic-fields/add': <ReusableListFormPage mode="create" />,
  'dynamic-fields/:id/edit': <ReusableListFormPage mode="edit" />,
  templates: <TemplatesListPage />,
  'templates/add': <TemplateFormPage mode="create" />,
  'templates/:id/edit': <TemplateFormPage mode="edit" />,
  'whatsapp-templates': <WhatsappTemplatesListPage />,
  'whatsapp-templates/add': <WhatsappTemplateFormPage />,
  'whatsapp-templates/:id/view': <WhatsappTemplateViewPage />,
  'bot-builder/bots': <BotsListPage />,
  'bot-builder/bots/add': <BotEditorPage />,
  'bot-builder/bots/:id/edit': <BotEditorPage />,
  'knowledge-base/categories': <KnowledgeBaseCategoriesPage />,
  'knowledge-base/public-config': <KnowledgeBasePublicConfigPage />,
  'knowledge-base/sections/:id': <KnowledgeBaseSectionPage />,
  'knowledge-base/article/add': <KnowledgeBaseArticleEditorPage mode="create" />,
  'knowledge-base/article/:id/view': <KnowledgeBaseArticleViewPage />,
  'knowledge-base/article/:id/edit': <KnowledgeBaseArticleEditorPage mode="edit" />,
  surveys: <SurveysListPage />,
  'surveys/add': <SurveyFormPage mode="create" />,
  'surveys/:id/edit': <SurveyFormPage mode="edit" />,
  'surveys/:id/dashboard': <SurveyDashboardPage />,
  'omni-widgets': <WidgetsListPage />,
  'omni-widgets/add': <WidgetFormPage mode="create" />,
  'omni-widgets/:id/edit': <WidgetFormPage mode="edit" />,
  'supervision/users': <SupervisionUsersPage />,
  'supervision/queues': <SupervisionQueuesPage />,
  'user-dashboard': <UserDashboardPage />,
  'campaign-dashboard': <CampaignDashboardPage />,
  reports: <ReportsPage />,
  'reports/add': <ReportWizardPage />,
  'business-rules': <BusinessRulesListPage />,
  'business-rules/add': <BusinessRuleFormPage mode="create" />,
  'business-rules/:id/edit': <BusinessRuleFormPage mode="edit" />,
  segmentation: <SegmentationsListPage />,
  'segmentation/add': <SegmentationFormPage mode="create" />,
  'segmentation/:id/edit': <SegmentationFormPage mode="edit" />,
  'segmentation/:id/view': <SegmentationViewPage />,
  'bulk-messaging': <BulkListPage />,
  'bulk-messaging/add': <BulkWizardPage />,
  'bulk-messaging/:id/view': <BulkViewPage />,
  dialers: <DialersListPage />,
  'dialers/add': <DialerFormPage mode="create" />,
  'dialers/:id/view': <DialerViewPage />,
  'dialers/:id/edit': <DialerFormPage mode="edit" />,
  'sla-rules': <SlaRulesListPage />,
  'sla-rules/add': <SlaRuleFormPage mode="create" />,
  'sla-rules/:id/edit': <SlaRuleFormPage mode="edit" />,
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
      { path: 'page-list', element: suspended(<ComingSoonPage module="pageList" />) },
      {
        path: 'profile',
        element: <RequirePermission permission="ver-usuario">{suspended(<ProfilePage />)}</RequirePermission>,
      },
      ...PLANNED_ROUTES.map<RouteObject>((route) => ({
        path: route.path,
        element: (
          <RequirePermission permission={route.permission}>
            {suspended(BUILT_PAGES[route.path] ?? <ComingSoonPage module={route.module} />)}
          </RequirePermission>
        ),
      })),
      // Business integrations (/app/{ruta}) or the 404 page.
      { path: '*', element: suspended(<AppFallbackPage />) },
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
