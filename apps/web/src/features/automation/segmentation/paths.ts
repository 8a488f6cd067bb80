/** The segmentation pages' addresses (app/routeTable.ts plans them). */
export const SEGMENTATION_LIST_PATH = '/app/segmentation';
export const segmentationViewPath = (id: number) => `${SEGMENTATION_LIST_PATH}/${id}/view`;
export const segmentationEditPath = (id: number) => `${SEGMENTATION_LIST_PATH}/${id}/edit`;
