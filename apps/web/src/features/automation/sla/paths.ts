/** The SLA rules' pages (app/routeTable.ts: module slaRules). */
export const SLA_LIST_PATH = '/app/sla-rules';
export const SLA_ADD_PATH = `${SLA_LIST_PATH}/add`;
export const slaEditPath = (id: number) => `${SLA_LIST_PATH}/${id}/edit`;
