import type { ReactNode } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { lazyNamed as page } from '../ui/lazy';
import { RequirePermission } from './guards';
import { PLANNED_ROUTES } from './routeTable';
import { WORKSPACE_ROUTES } from './workspaceRoutes';

// The administration pages and their routes: the router loads this table with the administration texts when an
// address below /app is not one of the workspace's (app/router.tsx), and each page's code when it is opened.
const AppFallbackPage = page(() => import('../features/pages/AppFallbackPage'), 'AppFallbackPage');
const ComingSoonPage = page(() => import('../features/pages/ComingSoonPage'), 'ComingSoonPage');
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

/** Pages built for routes of the route table outside the workspace (the others show "coming soon"). */
const ADMIN_PAGES: Record<string, ReactNode> = {
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

const WORKSPACE_PATHS = new Set(WORKSPACE_ROUTES.map((route) => route.path));

/** The routes below /app that the router leaves to this table (relative to /app, as the router's own). */
const ADMIN_ROUTES: RouteObject[] = [
  { path: 'page-list', element: <ComingSoonPage module="pageList" /> },
  {
    path: 'profile',
    element: (
      <RequirePermission permission="ver-usuario">
        <ProfilePage />
      </RequirePermission>
    ),
  },
  ...PLANNED_ROUTES.filter((route) => !WORKSPACE_PATHS.has(route.path)).map<RouteObject>((route) => ({
    path: route.path,
    element: (
      <RequirePermission permission={route.permission}>
        {ADMIN_PAGES[route.path] ?? <ComingSoonPage module={route.module} />}
      </RequirePermission>
    ),
  })),
  // Business integrations (/app/{ruta}) or the 404 page.
  { path: '*', element: <AppFallbackPage /> },
];

/** The administration page of the address (the router's `*` below /app), behind its permission gate. */
export function AdminRoutes() {
  return useRoutes(ADMIN_ROUTES);
}
