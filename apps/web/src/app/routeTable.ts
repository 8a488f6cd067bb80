import type { PermissionExpression } from '@atiende/contracts';
import { WORKSPACE_ROUTES } from './workspaceRoutes';

/**
 * The /app routes of spec section 2 with the permission each requires. The router matches the workspace's
 * (workspaceRoutes.ts), the administration pages' table the others (adminPages.tsx): each renders the built page of
 * a route or, for modules not built yet, the "coming soon" page for `module` (label key `menu.items.<module>`),
 * always behind the permission gate.
 * `permission` may list alternatives separated by `|` (any of them is enough).
 */
export interface PlannedRoute {
  path: string;
  permission?: PermissionExpression;
  module: string;
}

const crud = (base: string, module: string, perms: Record<string, PermissionExpression>): PlannedRoute[] =>
  Object.entries(perms).map(([suffix, permission]) => ({
    path: suffix ? `${base}/${suffix}` : base,
    permission,
    module,
  }));

export const PLANNED_ROUTES: PlannedRoute[] = [
  { path: 'entities/:model/list', permission: 'ver-lista-general', module: 'entities' },
  { path: 'entities/:model/add', permission: 'editar-lista-general', module: 'entities' },
  { path: 'entities/:model/:id/view', permission: 'ver-lista-general', module: 'entities' },
  { path: 'entities/:model/:id/edit', permission: 'editar-lista-general', module: 'entities' },
  { path: 'permissions-manager', permission: 'ver-lista-roles|editar-permisos-roles', module: 'rolesPermissions' },
  { path: 'permissions-manager/grid', permission: 'editar-permisos-roles', module: 'permissionsManager' },
  { path: 'business-profile', permission: 'ver-perfil-empresa', module: 'businessProfile' },
  { path: 'configuration', permission: 'ver-perfil-empresa', module: 'configuration' },
  ...crud('users', 'users', {
    '': 'ver-menu-usuarios',
    add: 'agregar-usuario',
    profile: 'ver-perfil',
    ':id/view': 'ver-usuario',
    ':id/edit': 'editar-usuario',
  }),
  { path: 'profile/edit', permission: 'editar-perfil', module: 'profile' },
  ...crud('channels', 'channels', { '': 'ver-menu-canales', add: 'agregar-canal', ':id/edit': 'editar-canal' }),
  ...crud('campaigns', 'campaigns', { '': 'ver-menu-campanas', add: 'agregar-campana', ':id/edit': 'editar-campana' }),
  ...WORKSPACE_ROUTES,
  ...crud('dynamic-forms', 'dynamicForms', {
    '': 'ver-menu-formularios',
    add: 'agregar-formulario',
    ':id/edit': 'editar-formulario',
  }),
  ...crud('dynamic-fields', 'reusableLists', {
    '': 'ver-menu-formularios',
    add: 'agregar-formulario',
    ':id/edit': 'editar-formulario',
  }),
  ...crud('templates', 'templates', {
    '': 'ver-menu-plantillas-mensaje',
    add: 'agregar-plantilla-mensaje',
    ':id/edit': 'editar-plantilla-mensaje',
  }),
  ...crud('customers', 'customers', {
    '': 'ver-menu-clientes',
    add: 'agregar-cliente',
    import: 'importar-clientes',
    ':id/view': 'ver-cliente',
    ':id/edit': 'editar-cliente',
  }),
  // The editor opens read-only for those who may only list bots.
  ...crud('bot-builder/bots', 'botBuilder', {
    '': 'ver-lista-bots',
    add: 'agregar-bot',
    ':id/edit': 'editar-bot|ver-lista-bots',
  }),
  ...crud('business-rules', 'businessRules', {
    '': 'ver-menu-business-rule',
    add: 'agregar-business-rule',
    ':id/edit': 'editar-business-rule',
  }),
  ...crud('bulk-messaging', 'bulkMessaging', {
    '': 'ver-mensaje-masivo',
    add: 'agregar-mensaje-masivo',
    ':id/view': 'editar-mensaje-masivo',
  }),
  ...crud('segmentation', 'segmentation', {
    '': 'ver-menu-segmentacion',
    add: 'agregar-segmentacion',
    ':id/edit': 'editar-segmentacion',
    ':id/view': 'ver-segmentacion',
  }),
  { path: 'knowledge-base/categories', permission: 'ver-menu-knowledgebase', module: 'knowledgeBase' },
  { path: 'knowledge-base/public-config', permission: 'ver-menu-knowledgebase', module: 'knowledgeBase' },
  { path: 'knowledge-base/sections/:id', permission: 'knowledgebase-ver-secciones', module: 'knowledgeBase' },
  ...crud('knowledge-base/article', 'knowledgeBase', {
    add: 'knowledgebase-agregar-articulo',
    ':id/view': 'knowledgebase-ver-articulo',
    ':id/edit': 'knowledgebase-editar-articulo',
  }),
  ...crud('dialers', 'dialers', {
    '': 'ver-configuracion-campana',
    add: 'ver-configuracion-campana',
    ':id/view': 'ver-configuracion-campana',
    ':id/edit': 'ver-configuracion-campana',
  }),
  { path: 'user-dashboard', permission: 'ver-dashboard-usuario', module: 'userDashboard' },
  { path: 'campaign-dashboard', permission: 'ver-dashboard-campana', module: 'campaignDashboard' },
  { path: 'reports', permission: 'generar-reporte', module: 'reports' },
  { path: 'reports/add', permission: 'generar-reporte', module: 'generateReports' },
  ...crud('surveys', 'surveys', {
    '': 'ver-lista-encuestas',
    add: 'agregar-encuesta',
    ':id/edit': 'editar-encuesta',
    ':id/dashboard': 'ver-encuesta',
  }),
  ...crud('omni-widgets', 'omniWidgets', {
    '': 'ver-lista-omniwidgets',
    add: 'agregar-omniwidget',
    ':id/edit': 'editar-omniwidget',
  }),
  ...crud('whatsapp-templates', 'whatsappTemplates', {
    '': 'ver-menu-plantillas-mensaje',
    add: 'agregar-plantilla-mensaje',
    ':id/view': 'ver-plantilla-mensaje',
  }),
  ...crud('sla-rules', 'slaRules', { '': 'ver-menu-sla-rule', add: 'agregar-sla-rule', ':id/edit': 'editar-sla-rule' }),
  { path: 'credentials-api', permission: 'ver-lista-parametrizacion', module: 'credentialsApi' },
  { path: 'supervision/users', permission: 'ver-supervision-usuarios', module: 'supervisionUsers' },
  { path: 'supervision/queues', permission: 'ver-supervision-colas', module: 'supervisionQueues' },
];
