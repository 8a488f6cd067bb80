/** The bulk messaging pages' addresses (app/routeTable.ts plans them). */
export const BULK_LIST_PATH = '/app/bulk-messaging';
export const BULK_ADD_PATH = `${BULK_LIST_PATH}/add`;
export const bulkViewPath = (id: number) => `${BULK_LIST_PATH}/${id}/view`;
