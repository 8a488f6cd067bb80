import { act, type ComponentProps, type ReactElement, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withTestRoot } from '../test/dom';
import { placeTooltip, sideOf, TOOLTIP_GAP, Tooltip, VIEWPORT_MARGIN } from './Tooltip';

describe('placeTooltip', () => {
  const viewport = { width: 1000, height: 800 };
  const size = { width: 100, height: 24 };
  const anchor = { top: 100, left: 400, width: 40, height: 40 };

  it('shows below the child by default, centred on it, with the arrow on its centre', () => {
    expect(placeTooltip(anchor, size, viewport, 'bottom', false)).toEqual({
      side: 'bottom',
      top: 140 + TOOLTIP_GAP,
      left: 370,
      arrow: 50,
    });
    expect(placeTooltip(anchor, size, viewport, 'top', false)).toMatchObject({ side: 'top', top: 100 - 14 - 24 });
  });

  it('flips to the opposite side when only that one has room', () => {
    const low = { ...anchor, top: 760 };
    expect(placeTooltip(low, size, viewport, 'bottom', false)).toMatchObject({ side: 'top', top: 760 - 14 - 24 });
    const high = { ...anchor, top: 10 };
    expect(placeTooltip(high, size, viewport, 'top', false)).toMatchObject({ side: 'bottom' });
    const atRightEdge = { ...anchor, left: 950 };
    expect(placeTooltip(atRightEdge, size, viewport, 'right', false)).toMatchObject({
      side: 'left',
      left: 950 - 14 - 100,
    });
  });

  it('swaps left and right in a right-to-left page', () => {
    expect(sideOf('right', true)).toBe('left');
    expect(sideOf('left', true)).toBe('right');
    expect(sideOf('bottom', true)).toBe('bottom');
    expect(sideOf('right', false)).toBe('right');
    // A sidebar's entry at the right edge of a right-to-left page: its 'right' tooltip shows on its left.
    const entry = { top: 200, left: 940, width: 52, height: 40 };
    expect(placeTooltip(entry, size, viewport, 'right', true)).toEqual({
      side: 'left',
      top: 200 + 20 - 12,
      left: 940 - 14 - 100,
      arrow: 12,
    });
    // With no room on its left, it goes back to the right.
    const start = { ...entry, left: 20 };
    expect(placeTooltip(start, size, viewport, 'right', true)).toMatchObject({ side: 'right', left: 20 + 52 + 14 });
  });

  it('stays inside the viewport, its arrow still pointing at the child', () => {
    const corner = { top: 10, left: 2, width: 20, height: 20 };
    const position = placeTooltip(corner, size, viewport, 'bottom', false);
    expect(position.left).toBe(VIEWPORT_MARGIN);
    expect(position.arrow).toBe(10);
    const end = placeTooltip({ ...corner, left: 990 }, size, viewport, 'bottom', false);
    expect(end.left).toBe(1000 - VIEWPORT_MARGIN - 100);
    // The child's centre (1000) is past the tooltip's end (992): the arrow stops short of its corner.
    expect(end.arrow).toBe(100 - 10);
  });
});

// A child component that stops drawing its element while the tooltip stays.
let vanish: () => void = () => {};
function Vanishing(props: ComponentProps<'button'>) {
  const [shown, setShown] = useState(true);
  vanish = () => setShown(false);
  return shown ? <button type="button" {...props} /> : null;
}

// A tooltip whose child becomes another element.
let swap: () => void = () => {};
function Swapping() {
  const [link, setLink] = useState(false);
  swap = () => setLink(true);
  return <Tooltip title="Ver">{link ? <a href="#ver">Ver</a> : <button type="button">Ver</button>}</Tooltip>;
}

describe('Tooltip', () => {
  const view = withTestRoot();
  // Each test starts well after the last tooltip hid (the next one shows at once for 800 ms after one hides).
  let clock = Date.now();

  beforeEach(() => {
    clock += 3_600_000;
    vi.useFakeTimers({ now: clock, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    document.documentElement.removeAttribute('dir');
  });

  const render = (node: ReactElement) => view.render(node);
  const button = () => view.container.querySelector('button')!;
  const tooltip = () => document.querySelector<HTMLElement>('[role="tooltip"]');
  const hover = (element: Element) =>
    act(() => {
      element.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, relatedTarget: null }));
    });
  const leave = (element: Element) =>
    act(() => {
      element.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }));
    });
  const wait = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms);
    });

  it('names its child with a string title, unless the child has a name', async () => {
    await render(
      <>
        <Tooltip title="Volver">
          <button type="button">←</button>
        </Tooltip>
        <Tooltip title="Copiar">
          <button type="button" aria-label="Copiar: teléfono">
            ⧉
          </button>
        </Tooltip>
      </>,
    );
    const [back, copy] = view.container.querySelectorAll('button');
    expect(back.getAttribute('aria-label')).toBe('Volver');
    expect(copy.getAttribute('aria-label')).toBe('Copiar: teléfono');
    expect(back.hasAttribute('title')).toBe(false);
    expect(tooltip()).toBeNull();
  });

  it('shows nothing for an empty title and leaves the child as it is', async () => {
    await render(
      <Tooltip title="">
        <button type="button">Enviar</button>
      </Tooltip>,
    );
    expect(button().hasAttribute('aria-label')).toBe(false);
    hover(button());
    await wait(1000);
    expect(tooltip()).toBeNull();
  });

  it('shows 100 ms after the pointer enters, hides when it leaves and on Escape', async () => {
    await render(
      <Tooltip title="Volver">
        <button type="button">←</button>
      </Tooltip>,
    );
    hover(button());
    await wait(99);
    expect(tooltip()).toBeNull();
    await wait(1);
    const shown = tooltip()!;
    expect(shown.textContent).toBe('Volver');
    expect(shown.className).toBe('atiende-tooltip');
    expect(shown.parentElement).toBe(document.body);
    expect(shown.id).not.toBe('');
    expect(shown.dataset.placement).toBe('bottom');
    expect(shown.querySelector('.atiende-tooltip-arrow')).not.toBeNull();
    // A string title names the child already: it is not labelled by the tooltip too.
    expect(button().hasAttribute('aria-labelledby')).toBe(false);

    leave(button());
    expect(tooltip()).toBeNull();

    // Right after one hid, the next shows at once; Escape hides it.
    await wait(200);
    hover(button());
    expect(tooltip()).not.toBeNull();
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(tooltip()).toBeNull();
  });

  it('shows on keyboard focus and hides on blur', async () => {
    await render(
      <Tooltip title="Menú">
        <button type="button">≡</button>
      </Tooltip>,
    );
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
      button().focus();
    });
    await wait(100);
    expect(tooltip()?.textContent).toBe('Menú');
    act(() => button().blur());
    expect(tooltip()).toBeNull();
  });

  it('describes its child with describeChild', async () => {
    await render(
      <Tooltip title="Teléfono: registrado" describeChild>
        <button type="button" aria-label="Teléfono">
          ☎
        </button>
      </Tooltip>,
    );
    expect(button().getAttribute('aria-label')).toBe('Teléfono');
    expect(button().getAttribute('title')).toBe('Teléfono: registrado');
    expect(button().hasAttribute('aria-describedby')).toBe(false);
    hover(button());
    await wait(100);
    expect(button().getAttribute('aria-describedby')).toBe(tooltip()!.id);
    expect(button().hasAttribute('title')).toBe(false);
    leave(button());
    expect(button().hasAttribute('aria-describedby')).toBe(false);
  });

  it('labels its child by the tooltip while it shows when the title is not a string', async () => {
    await render(
      <Tooltip title={<span dir="ltr">{'{{cliente.nombre}}'}</span>}>
        <button type="button">Nombre</button>
      </Tooltip>,
    );
    expect(button().hasAttribute('aria-label')).toBe(false);
    hover(button());
    await wait(100);
    expect(button().getAttribute('aria-labelledby')).toBe(tooltip()!.id);
    expect(tooltip()!.querySelector('span[dir="ltr"]')?.textContent).toBe('{{cliente.nombre}}');
  });

  it("keeps the child's handlers and ref, and passes other props to it", async () => {
    const entered = vi.fn();
    const left = vi.fn();
    const refs: (HTMLButtonElement | null)[] = [];
    await render(
      <Tooltip title="Copiar" dir="ltr" className="from-tooltip" data-testid="copy">
        <button
          type="button"
          className="own"
          ref={(node) => {
            refs.push(node);
          }}
          onMouseEnter={entered}
          onMouseLeave={left}
        >
          ⧉
        </button>
      </Tooltip>,
    );
    expect(refs).toEqual([button()]);
    expect(button().getAttribute('dir')).toBe('ltr');
    expect(button().getAttribute('data-testid')).toBe('copy');
    expect(button().className).toBe('from-tooltip own');
    hover(button());
    expect(entered).toHaveBeenCalledTimes(1);
    await wait(100);
    expect(tooltip()).not.toBeNull();
    leave(button());
    expect(left).toHaveBeenCalledTimes(1);
    expect(tooltip()).toBeNull();
  });

  it('hides when its title empties, and stays hidden when the title comes back', async () => {
    const view = (title: string) => (
      <Tooltip title={title} describeChild>
        <button type="button" aria-label="Teléfono">
          ☎
        </button>
      </Tooltip>
    );
    await render(view('Teléfono: registrado'));
    const phone = button();
    hover(phone);
    await wait(100);
    expect(tooltip()).not.toBeNull();
    // The softphone's panel opens: its button has no tooltip meanwhile, and stays the same element (focus stays).
    await render(view(''));
    expect(tooltip()).toBeNull();
    expect(button()).toBe(phone);
    expect(phone.hasAttribute('aria-describedby')).toBe(false);
    await render(view('Teléfono: registrado'));
    expect(button()).toBe(phone);
    expect(tooltip()).toBeNull();
  });

  it('hides when its child unmounts', async () => {
    await render(
      <Tooltip title="Ver">
        <Vanishing>Ver</Vanishing>
      </Tooltip>,
    );
    hover(button());
    await wait(100);
    expect(tooltip()).not.toBeNull();
    await act(async () => vanish());
    expect(view.container.querySelector('button')).toBeNull();
    expect(tooltip()).toBeNull();
  });

  it('follows a child that is replaced while it shows', async () => {
    await render(<Swapping />);
    hover(button());
    await wait(100);
    expect(tooltip()).not.toBeNull();
    await act(async () => swap());
    expect(view.container.querySelector('a')?.getAttribute('aria-label')).toBe('Ver');
    expect(tooltip()?.textContent).toBe('Ver');
  });

  it('shows a placement of right on the left in a right-to-left page', async () => {
    document.documentElement.setAttribute('dir', 'rtl');
    const rect = vi
      .spyOn(HTMLButtonElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ top: 100, left: 600, width: 40, height: 40, right: 640, bottom: 140 } as DOMRect);
    try {
      await render(
        <Tooltip title="Tickets" placement="right">
          <button type="button">T</button>
        </Tooltip>,
      );
      hover(button());
      await wait(100);
      expect(tooltip()!.dataset.placement).toBe('left');
    } finally {
      rect.mockRestore();
    }
  });
});
