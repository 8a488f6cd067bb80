import type { PlannedRoute } from './routeTable';

/**
 * The routes of the route table that the agent workspace's pages serve (the tickets list, a ticket, a new ticket,
 * the global search's results). The router matches them itself; every other route of the table is matched by the
 * administration pages' table when first needed (app/adminPages.tsx), so the first screen does not download it.
 */
export const WORKSPACE_ROUTES: PlannedRoute[] = [
  { path: 'tickets', permission: 'ver-menu-casos', module: 'tickets' },
  { path: 'tickets/:id/view', permission: 'ver-caso', module: 'tickets' },
  { path: 'tickets/add', permission: 'agregar-caso', module: 'tickets' },
  // The global search's results page (Enter in the header's search); the server decides who may search.
  { path: 'search', permission: 'busqueda-avanzada|ver-caso', module: 'tickets' },
];
