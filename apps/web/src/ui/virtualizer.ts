// @tanstack/react-virtual in a chunk of its own, `virtualizer`, loaded by ui/virtual.ts when a list first needs it.
export { useVirtualizer, useWindowVirtualizer } from '@tanstack/react-virtual';
