/** The dialers' pages (app/routeTable.ts plans them). */
export const DIALERS_PATH = '/app/dialers';
export const DIALER_ADD_PATH = `${DIALERS_PATH}/add`;
export const dialerViewPath = (id: number) => `${DIALERS_PATH}/${id}/view`;
export const dialerEditPath = (id: number) => `${DIALERS_PATH}/${id}/edit`;
