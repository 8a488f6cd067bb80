import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { type ComponentProps, Fragment, type ReactNode, type RefObject, useRef } from 'react';
import { FIRST_ROWS_WHILE_LOADING, useVirtualLib, type VirtualLib } from './virtual';

/** From this many items on only the items in view (and a few around them) are in the page. */
export const VIRTUAL_ITEMS_FROM = 60;
const OVERSCAN_ITEMS = 8;

/** What each item's `<li>` must carry: the virtualizer measures it, assistive technology hears its place. */
export type VirtualItemProps = ComponentProps<'li'> & { 'data-index': number };

/**
 * A `<ul>` in a scroll box of its own (it fills the rest of a flex column): with many items only those in view are
 * rendered, with padding standing for the others, so a list of 1,000 opens and scrolls as fast as one of 20. Each
 * item keeps its position in the list (`aria-posinset` of `aria-setsize`), and keyboard focus moving down the list
 * scrolls it and brings the next items in.
 */
export function VirtualList<T>({
  items,
  itemKey,
  estimateSize,
  renderItem,
  testId,
  sx,
}: {
  items: readonly T[];
  itemKey: (item: T) => string | number;
  /** An item's usual height in px, until it is measured. */
  estimateSize: number;
  /** The item as an `<li>` that spreads `props` on itself. */
  renderItem: (item: T, props: VirtualItemProps) => ReactNode;
  testId?: string;
  sx?: SxProps<Theme>;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = items.length >= VIRTUAL_ITEMS_FROM;
  const lib = useVirtualLib(virtual);
  const list: RenderList = (indexes, edges, measure) => (
    <Box
      component="ul"
      data-testid={testId}
      sx={[{ m: 0, p: 0, pt: `${edges.before}px`, pb: `${edges.after}px` }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {indexes.map((index) => (
        <Fragment key={itemKey(items[index])}>
          {renderItem(items[index], {
            ref: measure,
            'data-index': index,
            'aria-setsize': items.length,
            'aria-posinset': index + 1,
          })}
        </Fragment>
      ))}
    </Box>
  );
  return (
    <Box ref={scroller} sx={{ flex: '1 1 auto', minHeight: 0, overflowY: 'auto' }} data-virtual={virtual || undefined}>
      {virtual && lib ? (
        <ScrolledItems
          lib={lib}
          count={items.length}
          scroller={scroller}
          estimateSize={estimateSize}
          itemKey={(index) => itemKey(items[index])}
          render={list}
        />
      ) : (
        list(
          Array.from({ length: virtual ? FIRST_ROWS_WHILE_LOADING : items.length }, (_, index) => index),
          { before: 0, after: 0 },
        )
      )}
    </Box>
  );
}

type RenderList = (
  indexes: readonly number[],
  edges: { before: number; after: number },
  measure?: (node: HTMLLIElement | null) => void,
) => ReactNode;

/** The items in view of a long list, with padding for the others (once the virtualizer's code is there). */
function ScrolledItems({
  lib,
  count,
  scroller,
  estimateSize,
  itemKey,
  render,
}: {
  lib: VirtualLib;
  count: number;
  scroller: RefObject<HTMLDivElement | null>;
  estimateSize: number;
  itemKey: (index: number) => string | number;
  render: RenderList;
}) {
  const virtualizer = lib.useVirtualizer<HTMLDivElement, HTMLLIElement>({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => estimateSize,
    overscan: OVERSCAN_ITEMS,
    getItemKey: itemKey,
  });
  const shown = virtualizer.getVirtualItems();
  const first = shown[0];
  const last = shown[shown.length - 1];
  return render(
    shown.map((item) => item.index),
    { before: first ? first.start : 0, after: last ? virtualizer.getTotalSize() - last.end : 0 },
    virtualizer.measureElement,
  );
}
