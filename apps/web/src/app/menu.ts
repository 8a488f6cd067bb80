import type { BusinessIntegration, PermissionExpression } from '@atiende/contracts';
import type { SvgIconComponent } from '@mui/icons-material';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AltRouteIcon from '@mui/icons-material/AltRoute';
import ApiIcon from '@mui/icons-material/Api';
import AssessmentIcon from '@mui/icons-material/Assessment';
import BadgeIcon from '@mui/icons-material/Badge';
import BusinessIcon from '@mui/icons-material/Business';
import CampaignIcon from '@mui/icons-material/Campaign';
import CategoryIcon from '@mui/icons-material/Category';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import ContactMailIcon from '@mui/icons-material/ContactMail';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import DialpadIcon from '@mui/icons-material/Dialpad';
import DynamicFormIcon from '@mui/icons-material/DynamicForm';
import ExtensionIcon from '@mui/icons-material/Extension';
import FilterAltIcon from '@mui/icons-material/FilterAlt';
import ForumIcon from '@mui/icons-material/Forum';
import GavelIcon from '@mui/icons-material/Gavel';
import GroupsIcon from '@mui/icons-material/Groups';
import HubIcon from '@mui/icons-material/Hub';
import InsightsIcon from '@mui/icons-material/Insights';
import LabelIcon from '@mui/icons-material/Label';
import LanguageIcon from '@mui/icons-material/Language';
import ListAltIcon from '@mui/icons-material/ListAlt';
import LocationCityIcon from '@mui/icons-material/LocationCity';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import PollIcon from '@mui/icons-material/Poll';
import PsychologyIcon from '@mui/icons-material/Psychology';
import PublicIcon from '@mui/icons-material/Public';
import QueueIcon from '@mui/icons-material/Queue';
import SendIcon from '@mui/icons-material/Send';
import SettingsIcon from '@mui/icons-material/Settings';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import SourceIcon from '@mui/icons-material/Source';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import TimerIcon from '@mui/icons-material/Timer';
import TuneIcon from '@mui/icons-material/Tune';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import WebIcon from '@mui/icons-material/Web';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import WidgetsIcon from '@mui/icons-material/Widgets';
import { LINKS, supportMailto } from './links';

/**
 * The single menu definition, used by the sidebar, the menu search and the start page.
 *
 * An item is visible when the user holds `permission` (alternatives separated by `|`, ANY of them is enough,
 * see contracts' hasPermission) AND, when given, `routePermission` — the permission that the destination route
 * requires (spec section 2), so that a visible link never leads to the 403 page.
 * Labels are i18n keys `menu.items.<key>`; sections `menu.sections.<key>`.
 */
export interface MenuItem {
  key: string;
  /** Internal destination (with the /app prefix). */
  path?: string;
  /** External destination (opens in a new tab or the mail client). */
  href?: string;
  icon: SvgIconComponent;
  permission?: PermissionExpression;
  routePermission?: PermissionExpression;
  beta?: boolean;
  /** Shown as a card on the start page (false for help links). */
  card?: boolean;
  /** Integration entries carry their label verbatim (a business name, not an i18n key). */
  label?: string;
}

export interface MenuSection {
  key: string;
  /** Sections without a title render their items at the top level. */
  titled: boolean;
  items: MenuItem[];
}

export const ENTITY_KEYS = [
  'pais',
  'ciudad',
  'tipo-documento',
  'tipo-dato-contacto',
  'tipo-canal',
  'tipo-campo',
  'tipo-caso',
  'skill',
  'customer-label',
] as const;
export type EntityKey = (typeof ENTITY_KEYS)[number];

const ENTITY_ICONS: Record<EntityKey, SvgIconComponent> = {
  pais: PublicIcon,
  ciudad: LocationCityIcon,
  'tipo-documento': BadgeIcon,
  'tipo-dato-contacto': ContactMailIcon,
  'tipo-canal': HubIcon,
  'tipo-campo': CategoryIcon,
  'tipo-caso': ListAltIcon,
  skill: PsychologyIcon,
  'customer-label': LabelIcon,
};

const entity = (key: EntityKey): MenuItem => ({
  key: `entity.${key}`,
  path: `/app/entities/${key}/list`,
  icon: ENTITY_ICONS[key],
  permission: 'ver-lista-general',
});

export const MENU: MenuSection[] = [
  {
    key: 'main',
    titled: false,
    items: [
      { key: 'tickets', path: '/app/tickets', icon: ConfirmationNumberIcon, permission: 'ver-menu-casos' },
      { key: 'customers', path: '/app/customers', icon: PeopleIcon, permission: 'ver-menu-clientes' },
      { key: 'users', path: '/app/users', icon: PersonIcon, permission: 'ver-menu-usuarios' },
      { key: 'channels', path: '/app/channels', icon: HubIcon, permission: 'ver-menu-canales' },
      { key: 'campaigns', path: '/app/campaigns', icon: CampaignIcon, permission: 'ver-menu-campanas' },
    ],
  },
  {
    key: 'tools',
    titled: true,
    items: [
      { key: 'dynamicForms', path: '/app/dynamic-forms', icon: DynamicFormIcon, permission: 'ver-menu-formularios' },
      {
        key: 'reusableLists',
        path: '/app/dynamic-fields',
        icon: ListAltIcon,
        permission: 'ver-menu-formularios',
        beta: true,
      },
      { key: 'templates', path: '/app/templates', icon: DescriptionIcon, permission: 'ver-menu-plantillas-mensaje' },
      {
        key: 'whatsappTemplates',
        path: '/app/whatsapp-templates',
        icon: WhatsAppIcon,
        permission: 'ver-menu-plantillas-mensaje',
      },
      { key: 'businessRules', path: '/app/business-rules', icon: GavelIcon, permission: 'ver-menu-business-rule' },
      { key: 'slaRules', path: '/app/sla-rules', icon: TimerIcon, permission: 'ver-menu-sla-rule', beta: true },
      {
        key: 'bulkMessaging',
        path: '/app/bulk-messaging',
        icon: SendIcon,
        permission: 'ver-menu-mensajes-masivos',
        routePermission: 'ver-mensaje-masivo',
      },
      { key: 'segmentation', path: '/app/segmentation', icon: FilterAltIcon, permission: 'ver-menu-segmentacion' },
      { key: 'dialers', path: '/app/dialers', icon: DialpadIcon, permission: 'ver-configuracion-campana' },
      { key: 'surveys', path: '/app/surveys', icon: PollIcon, permission: 'ver-lista-encuestas' },
      {
        key: 'botBuilder',
        path: '/app/bot-builder/bots',
        icon: SmartToyIcon,
        permission: 'ver-menu-botbuilder',
        routePermission: 'ver-lista-bots',
      },
      {
        key: 'omniWidgets',
        path: '/app/omni-widgets',
        icon: WidgetsIcon,
        permission: 'ver-menu-omniwidgets',
        routePermission: 'ver-lista-omniwidgets',
        beta: true,
      },
      {
        key: 'knowledgeBase',
        path: '/app/knowledge-base/categories',
        icon: MenuBookIcon,
        permission: 'ver-menu-knowledgebase',
      },
    ],
  },
  {
    key: 'supervision',
    titled: true,
    items: [
      {
        key: 'supervisionUsers',
        path: '/app/supervision/users',
        icon: SupervisorAccountIcon,
        permission: 'ver-supervision-usuarios',
      },
      {
        key: 'supervisionQueues',
        path: '/app/supervision/queues',
        icon: QueueIcon,
        permission: 'ver-supervision-colas',
      },
    ],
  },
  {
    key: 'analytics',
    titled: true,
    items: [
      { key: 'userDashboard', path: '/app/user-dashboard', icon: DashboardIcon, permission: 'ver-dashboard-usuario' },
      {
        key: 'campaignDashboard',
        path: '/app/campaign-dashboard',
        icon: InsightsIcon,
        permission: 'ver-dashboard-campana',
      },
      { key: 'reports', path: '/app/reports', icon: AssessmentIcon, permission: 'generar-reporte' },
      { key: 'generateReports', path: '/app/reports/add', icon: SourceIcon, permission: 'generar-reporte' },
    ],
  },
  {
    key: 'parametrization',
    titled: true,
    items: [
      {
        key: 'businessProfile',
        path: '/app/business-profile',
        icon: BusinessIcon,
        permission: 'ver-menu-empresa|ver-perfil-empresa',
        routePermission: 'ver-perfil-empresa',
      },
      {
        key: 'rolesPermissions',
        path: '/app/permissions-manager',
        icon: GroupsIcon,
        permission: 'ver-lista-roles|editar-permisos-roles',
      },
      {
        key: 'permissionsManager',
        path: '/app/permissions-manager/grid',
        icon: AccountTreeIcon,
        permission: 'editar-permisos-roles',
      },
      entity('pais'),
      entity('ciudad'),
      entity('tipo-documento'),
      entity('tipo-dato-contacto'),
      entity('tipo-canal'),
      entity('tipo-campo'),
      entity('tipo-caso'),
      {
        key: 'credentialsApi',
        path: '/app/credentials-api',
        icon: VpnKeyIcon,
        permission: 'ver-lista-parametrizacion',
      },
      entity('skill'),
      entity('customer-label'),
      { key: 'configuration', path: '/app/configuration', icon: SettingsIcon, permission: 'ver-perfil-empresa' },
    ],
  },
  {
    key: 'help',
    titled: true,
    items: [
      { key: 'userManual', href: LINKS.userManual, icon: MenuBookIcon, card: false },
      { key: 'contactSupport', href: supportMailto, icon: MailOutlinedIcon, card: false },
    ],
  },
];

/** Icons an integration may name (`icono`); anything else falls back to a generic one. */
export const INTEGRATION_ICONS: Record<string, SvgIconComponent> = {
  web: WebIcon,
  language: LanguageIcon,
  forum: ForumIcon,
  tune: TuneIcon,
  api: ApiIcon,
  extension: ExtensionIcon,
  route: AltRouteIcon,
};

/** Integration entries the user may see: one of the user's role names is in integration.roles. */
export function integrationItems(integrations: readonly BusinessIntegration[], roles: readonly string[]): MenuItem[] {
  return integrations
    .filter((integration) => integration.roles.some((role) => roles.includes(role)))
    .map((integration) => ({
      key: `integration.${integration.id}`,
      path: `/app/${integration.ruta.replace(/^\/+/, '')}`,
      icon: INTEGRATION_ICONS[integration.icono] ?? ExtensionIcon,
      label: integration.nombre,
    }));
}

/** The menu filtered by the user's permissions, with integrations appended; empty sections removed. */
export function visibleMenu(
  can: (required: PermissionExpression | undefined) => boolean,
  integrations: readonly BusinessIntegration[],
  roles: readonly string[],
): MenuSection[] {
  const sections = MENU.map((section) => ({
    ...section,
    items: section.items.filter((item) => can(item.permission) && can(item.routePermission)),
  }));
  const extra = integrationItems(integrations, roles);
  if (extra.length > 0) sections.splice(sections.length - 1, 0, { key: 'integrations', titled: true, items: extra });
  return sections.filter((section) => section.items.length > 0);
}

/** The label i18n key of an item (integration items have a verbatim label instead). */
export function menuLabelKey(item: MenuItem): string {
  return `menu.items.${item.key}`;
}

export function menuTestId(item: MenuItem): string {
  return `menu-item-${item.path ?? item.key}`;
}
