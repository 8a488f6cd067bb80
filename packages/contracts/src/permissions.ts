/**
 * Every permission key of the product, grouped by the permission manager's categories (spec section 6).
 * Keys are the spec's wire names (Spanish); categories are the manager's grid sections.
 */
export const PERMISSION_CATEGORIES = {
  tickets: [
    'ver-menu-casos',
    'ver-caso',
    'agregar-caso',
    'editar-caso',
    'cerrar-caso',
    'transferir-caso',
    'fusionar-caso',
    'agregar-tarea-masiva',
    'exportar-casos',
    'ver-todos-casos',
    'busqueda-avanzada',
  ],
  customers: [
    'ver-menu-clientes',
    'ver-cliente',
    'agregar-cliente',
    'editar-cliente',
    'importar-clientes',
    'exportar-clientes',
    'ver-etiquetas-cliente',
    'ver-todos-clientes',
  ],
  users: [
    'ver-menu-usuarios',
    'ver-usuario',
    'agregar-usuario',
    'editar-usuario',
    'ver-perfil',
    'editar-perfil',
    'cambiar-estado-usuario',
    'ver-lista-roles',
    'editar-permisos-roles',
  ],
  channels: ['ver-menu-canales', 'agregar-canal', 'editar-canal', 'recibir-mensajes'],
  campaigns: ['ver-menu-campanas', 'agregar-campana', 'editar-campana'],
  dynamicForms: ['ver-menu-formularios', 'agregar-formulario', 'editar-formulario'],
  templates: [
    'ver-menu-plantillas-mensaje',
    'agregar-plantilla-mensaje',
    'editar-plantilla-mensaje',
    'ver-plantilla-mensaje',
  ],
  businessRules: ['ver-menu-business-rule', 'agregar-business-rule', 'editar-business-rule'],
  messaging: [
    'ver-menu-mensajes-masivos',
    'ver-botones-mensaje-masivo',
    'ver-mensaje-masivo',
    'agregar-mensaje-masivo',
    'editar-mensaje-masivo',
  ],
  slaRules: ['ver-menu-sla-rule', 'agregar-sla-rule', 'editar-sla-rule'],
  segmentation: ['ver-menu-segmentacion', 'ver-segmentacion', 'agregar-segmentacion', 'editar-segmentacion'],
  dialers: ['ver-configuracion-campana'],
  surveys: ['ver-lista-encuestas', 'ver-encuesta', 'agregar-encuesta', 'editar-encuesta'],
  botBuilder: ['ver-menu-botbuilder', 'ver-lista-bots', 'agregar-bot', 'editar-bot'],
  omniWidgets: ['ver-menu-omniwidgets', 'ver-lista-omniwidgets', 'agregar-omniwidget', 'editar-omniwidget'],
  supervision: [
    'ver-estados-agentes',
    'ver-supervision-usuarios',
    'ver-supervision-colas',
    'forzar-estado-agente',
    'intervenir-llamadas',
  ],
  business: [
    'ver-menu-empresa',
    'ver-perfil-empresa',
    'editar-perfil-empresa',
    'ver-lista-general',
    'editar-lista-general',
    'ver-lista-parametrizacion',
    'ver-auditoria',
  ],
  knowledgeBase: [
    'ver-menu-knowledgebase',
    'knowledgebase-ver-secciones',
    'knowledgebase-ver-articulo',
    'knowledgebase-agregar-articulo',
    'knowledgebase-editar-articulo',
  ],
  dashboard: ['ver-dashboard-usuario', 'ver-dashboard-campana', 'generar-reporte'],
} as const;

export type PermissionCategory = keyof typeof PERMISSION_CATEGORIES;
export type Permission = (typeof PERMISSION_CATEGORIES)[PermissionCategory][number];

export const ALL_PERMISSIONS: readonly Permission[] = Object.values(PERMISSION_CATEGORIES).flat();

/**
 * What a route, menu entry or rule requires: one permission, or two alternatives (`a|b`, either suffices). Typed so a
 * misspelt key fails to compile on the server and the web alike.
 */
export type PermissionExpression = Permission | `${Permission}|${Permission}`;

export function isPermission(value: string): value is Permission {
  return (ALL_PERMISSIONS as readonly string[]).includes(value);
}

/**
 * A requirement may list alternatives separated by `|`: it is met when the user holds ANY of them.
 * The spec describes a client where only the last alternative decides; that is a defect we do not copy
 * (see docs/permissions.md).
 */
export function hasPermission(
  granted: ReadonlySet<string> | readonly string[],
  required: PermissionExpression | undefined,
): boolean {
  if (!required) return true;
  const set = granted instanceof Set ? granted : new Set(granted as readonly string[]);
  return required
    .split('|')
    .map((alternative) => alternative.trim())
    .some((alternative) => alternative.length > 0 && set.has(alternative));
}

export const BUILT_IN_ROLES = ['admin', 'super', 'agent'] as const;
export type BuiltInRole = (typeof BUILT_IN_ROLES)[number];
/**
 * The label a built-in role is created with. While it keeps this label the web shows the role's name in the UI
 * language instead; a label an administrator changed is shown as written.
 */
export const BUILT_IN_ROLE_LABELS: Record<BuiltInRole, string> = {
  admin: 'Administrador',
  super: 'Supervisor',
  agent: 'Agente',
};

const SUPERVISOR_EXCLUDED: readonly Permission[] = [
  'editar-permisos-roles',
  'editar-perfil-empresa',
  'agregar-usuario',
  'editar-lista-general',
  'ver-lista-parametrizacion',
];

const AGENT_PERMISSIONS: readonly Permission[] = [
  'ver-menu-casos',
  'ver-caso',
  'agregar-caso',
  'editar-caso',
  'cerrar-caso',
  'transferir-caso',
  'ver-menu-clientes',
  'ver-cliente',
  'agregar-cliente',
  'editar-cliente',
  'ver-usuario',
  'ver-perfil',
  'editar-perfil',
  'cambiar-estado-usuario',
  'ver-menu-knowledgebase',
  'knowledgebase-ver-secciones',
  'knowledgebase-ver-articulo',
  'ver-dashboard-usuario',
];

/** Default grants of the built-in roles; documented in docs/permissions.md. */
export const DEFAULT_ROLE_PERMISSIONS: Record<BuiltInRole, readonly Permission[]> = {
  admin: ALL_PERMISSIONS,
  // Supervisors hold every agent permission (cambiar-estado-usuario included, though only users serving a campaign as
  // agents see the status menu): nobody manages an account that holds a permission they lack (policies/grants.ts).
  super: ALL_PERMISSIONS.filter((p) => !SUPERVISOR_EXCLUDED.includes(p)),
  agent: AGENT_PERMISSIONS,
};
