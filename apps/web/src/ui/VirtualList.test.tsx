import { act } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withTestRoot } from '../test/dom';
import { VIRTUAL_ITEMS_FROM, VirtualList } from './VirtualList';

// happy-dom lays nothing out: the list's box is 600 px high and each item 100 px, as in a drawer.
const BOX_HEIGHT = 600;
const ITEM_HEIGHT = 100;
beforeAll(() => {
  Object.defineProperty(HTMLDivElement.prototype, 'clientHeight', { configurable: true, get: () => BOX_HEIGHT });
  Object.defineProperty(HTMLLIElement.prototype, 'offsetHeight', { configurable: true, get: () => ITEM_HEIGHT });
});
afterAll(() => {
  Reflect.deleteProperty(HTMLDivElement.prototype, 'clientHeight');
  Reflect.deleteProperty(HTMLLIElement.prototype, 'offsetHeight');
});

const view = withTestRoot();

async function renderList(count: number) {
  const opened: number[] = [];
  const items = Array.from({ length: count }, (_, i) => ({ id: i + 1 }));
  await view.render(
    <VirtualList
      items={items}
      itemKey={(item) => item.id}
      estimateSize={ITEM_HEIGHT}
      testId="list"
      renderItem={(item, props) => (
        <li {...props}>
          <button type="button" data-testid={`item-${item.id}`} onClick={() => opened.push(item.id)}>
            {item.id}
          </button>
        </li>
      )}
    />,
  );
  return opened;
}

const shownItems = () => [...view.container.querySelectorAll<HTMLLIElement>('[data-testid="list"] > li')];

describe('VirtualList', () => {
  it('renders a short list whole', async () => {
    await renderList(VIRTUAL_ITEMS_FROM - 1);
    expect(shownItems()).toHaveLength(VIRTUAL_ITEMS_FROM - 1);
    expect(shownItems()[0].getAttribute('aria-setsize')).toBe(String(VIRTUAL_ITEMS_FROM - 1));
  });

  it('renders only the items in view of 1,000 and brings others in as the list scrolls', async () => {
    const opened = await renderList(1000);
    // The virtualizer's code loads on first need (ui/virtual.ts): until then the first items show.
    await vi.waitFor(() => expect(shownItems().length).toBeLessThan(30));
    const first = shownItems();
    expect(first.length).toBeGreaterThanOrEqual(BOX_HEIGHT / ITEM_HEIGHT);
    expect(first.length).toBeLessThan(30);
    expect(first[0].getAttribute('aria-posinset')).toBe('1');
    expect(first[0].getAttribute('aria-setsize')).toBe('1000');
    const list = view.container.querySelector<HTMLElement>('[data-testid="list"]');
    // The items left out below keep their room, so the scrollbar is as long as with every item in.
    expect(Number.parseFloat(list?.style.paddingBottom || getComputedStyle(list as HTMLElement).paddingBottom)).toBe(
      (1000 - first.length) * ITEM_HEIGHT,
    );

    const scroller = list?.parentElement as HTMLElement;
    await act(async () => {
      scroller.scrollTop = 700 * ITEM_HEIGHT;
      scroller.dispatchEvent(new Event('scroll'));
    });
    await vi.waitFor(() => expect(view.container.querySelector('[data-testid="item-702"]')).not.toBeNull());
    expect(view.container.querySelector('[data-testid="item-1"]')).toBeNull();
    const item = view.container.querySelector<HTMLButtonElement>('[data-testid="item-702"]');
    expect(item?.closest('li')?.getAttribute('aria-posinset')).toBe('702');
    await act(async () => item?.click());
    expect(opened).toEqual([702]);
  });
});
