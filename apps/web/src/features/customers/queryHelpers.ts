import type { CustomerListItem, KanbanColumn } from '@atiende/contracts';

// What the customers' query hooks (api.ts) compute, apart from the pages' model (model.ts): the ticket view uses
// those hooks, and a module goes into its chunk whole, so the import wizard's tables would come along.

export function isImportFinished(status: string | undefined): boolean {
  return status === 'done' || status === 'failed';
}

/**
 * The board after moving a card (optimistic update): the card leaves its column and goes first in the target one,
 * totals follow, and its labels swap the source label for the target one. Unknown card or same column: unchanged.
 */
export function moveKanbanCard(
  columns: readonly KanbanColumn[],
  customerId: number,
  fromLabelId: number,
  toLabelId: number,
): KanbanColumn[] {
  if (fromLabelId === toLabelId) return [...columns];
  const source = columns.find((column) => column.label.id === fromLabelId);
  const target = columns.find((column) => column.label.id === toLabelId);
  const card = source?.customers.find((customer) => customer.id === customerId);
  if (!source || !target || !card) return [...columns];
  const moved: CustomerListItem = {
    ...card,
    labels: [
      ...card.labels.filter((label) => label.id !== fromLabelId && label.id !== toLabelId),
      { id: target.label.id, name: target.label.name, color: target.label.color },
    ],
  };
  return columns.map((column) => {
    if (column.label.id === fromLabelId) {
      return {
        ...column,
        total: Math.max(0, column.total - 1),
        customers: column.customers.filter((customer) => customer.id !== customerId),
      };
    }
    if (column.label.id === toLabelId) {
      return {
        ...column,
        total: column.total + (column.customers.some((customer) => customer.id === customerId) ? 0 : 1),
        customers: [moved, ...column.customers.filter((customer) => customer.id !== customerId)],
      };
    }
    return column;
  });
}
