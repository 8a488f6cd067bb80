import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ComponentProps, Fragment, type ReactNode, useRef } from 'react';

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
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLLIElement>({
    count: virtual ? items.length : 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => estimateSize,
    overscan: OVERSCAN_ITEMS,
    getItemKey: (index) => itemKey(items[index]),
  });
  const shown = virtual
    ? virtualizer.getVirtualItems()
    : items.map((_, index) => ({ index, start: 0, end: 0, key: itemKey(items[index]) }));
  const first = shown[0];
  const last = shown[shown.length - 1];
  const before = virtual && first ? first.start : 0;
  const after = virtual && last ? virtualizer.getTotalSize() - last.end : 0;
  return (
    <Box ref={scroller} sx={{ flex: '1 1 auto', minHeight: 0, overflowY: 'auto' }} data-virtual={virtual || undefined}>
      <Box
        component="ul"
        data-testid={testId}
        sx={[{ m: 0, p: 0, pt: `${before}px`, pb: `${after}px` }, ...(Array.isArray(sx) ? sx : [sx])]}
      >
        {shown.map(({ index }) => (
          <Fragment key={itemKey(items[index])}>
            {renderItem(items[index], {
              ref: virtual ? virtualizer.measureElement : undefined,
              'data-index': index,
              'aria-setsize': items.length,
              'aria-posinset': index + 1,
            })}
          </Fragment>
        ))}
      </Box>
    </Box>
  );
}
