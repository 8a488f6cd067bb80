import {
  cloneElement,
  type FocusEvent,
  type HTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  type TouchEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import './tooltip.css';

/**
 * The app's tooltip, in place of MUI's: MUI's brings Popper.js, MUI's Popper and Grow (about 9 KB of gzip in the agent
 * workspace, vite.config.ts). It behaves as MUI's did with the theme's `arrow: true`: the hint shows 100 ms after the
 * pointer enters the child (at once while another shows or has just hidden), on keyboard focus and on a long touch; it hides when
 * the pointer leaves, on blur and on Escape. A string title names the child (`aria-label`, unless the child has one)
 * or, with `describeChild`, describes it; another title labels the child while it shows. An empty title shows nothing.
 * Other props go to the child, as MUI's do; a disabled button needs a wrapper (a span) to get the pointer's events.
 */
export type TooltipPlacement = 'top' | 'bottom' | 'left' | 'right';

type ChildProps = HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLElement>; title?: string };

export interface TooltipProps extends Omit<HTMLAttributes<HTMLElement>, 'title' | 'children'> {
  /** What shows; '', null, false and undefined show nothing (0 shows). */
  title: ReactNode;
  /** Side of the child it shows on (in a right-to-left page left and right swap). */
  placement?: TooltipPlacement;
  /** The title describes the child (aria-describedby) instead of naming it (aria-label). */
  describeChild?: boolean;
  children: ReactElement;
}

const ENTER_DELAY = 100;
const TOUCH_DELAY = 700;
const TOUCH_LEAVE_DELAY = 1500;
/** After a tooltip hides, the next one shows at once for this long (MUI's hysteresis). */
const WARM_MS = 800;
/** Between the child and the tooltip (with the arrow), and between the tooltip and the viewport's edges. */
export const TOOLTIP_GAP = 14;
export const VIEWPORT_MARGIN = 8;
/** The arrow's centre stays this far from the tooltip's corners. */
const ARROW_INSET = 10;

const OPPOSITE: Record<TooltipPlacement, TooltipPlacement> = {
  top: 'bottom',
  bottom: 'top',
  left: 'right',
  right: 'left',
};

export interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface TooltipPosition {
  /** The side it shows on, after the direction and the room left are counted. */
  side: TooltipPlacement;
  top: number;
  left: number;
  /** The arrow's centre, from the tooltip's start (left or top) edge along the side it points from. */
  arrow: number;
}

/** The side `placement` means in a page of direction `rtl`: left and right swap there. */
export function sideOf(placement: TooltipPlacement, rtl: boolean): TooltipPlacement {
  return rtl && (placement === 'left' || placement === 'right') ? OPPOSITE[placement] : placement;
}

/**
 * Where a tooltip of `size` goes beside `anchor` (viewport coordinates, as getBoundingClientRect gives): on the side
 * asked for, or the opposite one when only that one has room; centred on the anchor along the other axis, within the
 * viewport.
 */
export function placeTooltip(
  anchor: Rect,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  placement: TooltipPlacement,
  rtl: boolean,
): TooltipPosition {
  const room: Record<TooltipPlacement, number> = {
    top: anchor.top - VIEWPORT_MARGIN,
    bottom: viewport.height - (anchor.top + anchor.height) - VIEWPORT_MARGIN,
    left: anchor.left - VIEWPORT_MARGIN,
    right: viewport.width - (anchor.left + anchor.width) - VIEWPORT_MARGIN,
  };
  let side = sideOf(placement, rtl);
  const vertical = side === 'top' || side === 'bottom';
  const needed = (vertical ? size.height : size.width) + TOOLTIP_GAP;
  if (room[side] < needed && room[OPPOSITE[side]] > room[side]) side = OPPOSITE[side];

  const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, max));
  if (side === 'top' || side === 'bottom') {
    const centre = anchor.left + anchor.width / 2;
    const left = clamp(centre - size.width / 2, VIEWPORT_MARGIN, viewport.width - VIEWPORT_MARGIN - size.width);
    const top = side === 'top' ? anchor.top - TOOLTIP_GAP - size.height : anchor.top + anchor.height + TOOLTIP_GAP;
    return { side, top, left, arrow: clamp(centre - left, ARROW_INSET, size.width - ARROW_INSET) };
  }
  const centre = anchor.top + anchor.height / 2;
  const top = clamp(centre - size.height / 2, VIEWPORT_MARGIN, viewport.height - VIEWPORT_MARGIN - size.height);
  const left = side === 'left' ? anchor.left - TOOLTIP_GAP - size.width : anchor.left + anchor.width + TOOLTIP_GAP;
  return { side, top, left, arrow: clamp(centre - top, ARROW_INSET, size.height - ARROW_INSET) };
}

/** The page's direction where the child is (its own dir attribute is about its text, not the page). */
function isRtl(node: HTMLElement): boolean {
  const scope = node.parentElement?.closest('[dir="rtl"], [dir="ltr"]');
  return (scope ? scope.getAttribute('dir') : getComputedStyle(node).direction) === 'rtl';
}

// Shared by every tooltip: how many show, until when the next shows at once, whether the last input was a pointer's.
let showing = 0;
let warmUntil = 0;
let pointerInput = false;
let trackingInput = false;
function trackInput() {
  if (trackingInput) return;
  trackingInput = true;
  const pointer = () => {
    pointerInput = true;
  };
  document.addEventListener('pointerdown', pointer, true);
  document.addEventListener('mousedown', pointer, true);
  document.addEventListener(
    'keydown',
    () => {
      pointerInput = false;
    },
    true,
  );
}

/** Focus that shows a focus ring (from the keyboard): MUI's rule (:focus-visible), and no pointer pressed last. */
function focusVisible(element: Element): boolean {
  if (pointerInput) return false;
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/** Sets a ref (an object or a function); returns the function's cleanup, if it gave one (React 19). */
function assignRef<T>(ref: Ref<T> | undefined, value: T | null): (() => void) | undefined {
  if (typeof ref === 'function') {
    const cleanup = ref(value);
    return typeof cleanup === 'function' ? cleanup : undefined;
  }
  if (ref) (ref as { current: T | null }).current = value;
  return undefined;
}

export function Tooltip({
  title,
  placement = 'bottom',
  describeChild = false,
  children: child,
  ...other
}: TooltipProps) {
  const children = child as ReactElement<ChildProps>;
  const id = useId();
  const [open, setOpen] = useState(false);
  const nodeRef = useRef<HTMLElement | null>(null);
  const tooltipRef = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const touchedAt = useRef(0);
  const childProps = children.props;
  const childRef = childProps.ref;
  const hasTitle = Boolean(title) || title === 0;
  const shown = open && hasTitle;

  const clearTimer = () => clearTimeout(timer.current);
  const show = (delay: number, touch = false) => {
    clearTimer();
    const wait = !touch && (showing > 0 || Date.now() < warmUntil) ? 0 : delay;
    if (wait === 0) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), wait);
  };
  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setOpen(false);
  }, []);

  useEffect(() => {
    trackInput();
    return () => clearTimeout(timer.current);
  }, []);

  // A title that empties hides the tooltip for good: the child's events are not followed meanwhile.
  useEffect(() => {
    if (!hasTitle) hide();
  }, [hasTitle, hide]);

  // The child's ref and ours; a child that unmounts (or changes) closes the tooltip.
  const ref = useCallback(
    (node: HTMLElement | null) => {
      nodeRef.current = node;
      const cleanup = assignRef(childRef, node);
      return () => {
        nodeRef.current = null;
        if (cleanup) cleanup();
        else assignRef(childRef, null);
        queueMicrotask(() => {
          if (!nodeRef.current) hide();
        });
      };
    },
    [childRef, hide],
  );

  useEffect(() => {
    if (!shown) return;
    showing += 1;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      showing -= 1;
      warmUntil = Date.now() + WARM_MS;
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [shown, hide]);

  // Placed before it paints, and again while the page scrolls or resizes.
  useLayoutEffect(() => {
    const tooltip = tooltipRef.current;
    if (!shown || !tooltip) return;
    const update = () => {
      const node = nodeRef.current;
      if (!node?.isConnected) return;
      const position = placeTooltip(
        node.getBoundingClientRect(),
        { width: tooltip.offsetWidth, height: tooltip.offsetHeight },
        { width: document.documentElement.clientWidth, height: document.documentElement.clientHeight },
        placement,
        isRtl(node),
      );
      tooltip.dataset.placement = position.side;
      tooltip.style.top = `${position.top}px`;
      tooltip.style.left = `${position.left}px`;
      tooltip.style.setProperty('--atiende-tooltip-arrow', `${position.arrow}px`);
    };
    update();
    window.addEventListener('scroll', update, true);
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update, true);
      window.removeEventListener('resize', update);
    };
  });

  const tooltip = shown
    ? createPortal(
        <div ref={tooltipRef} id={id} role="tooltip" className="atiende-tooltip">
          {title}
          <span className="atiende-tooltip-arrow" />
        </div>,
        document.body,
      )
    : null;

  if (!hasTitle) {
    return (
      <>
        {Object.keys(other).length > 0 ? cloneElement(children, { ...other, ...childProps }) : children}
        {tooltip}
      </>
    );
  }

  const titleIsString = typeof title === 'string';
  const nameOrDescription: ChildProps & { 'aria-describedby'?: string; 'aria-labelledby'?: string } = describeChild
    ? { title: !open && titleIsString ? title : undefined, 'aria-describedby': open ? id : undefined }
    : { 'aria-label': titleIsString ? title : undefined, 'aria-labelledby': open && !titleIsString ? id : undefined };
  const className = [other.className, childProps.className].filter(Boolean).join(' ') || undefined;

  const props: ChildProps = {
    ...nameOrDescription,
    ...other,
    ...childProps,
    className,
    ref,
    onMouseEnter: (event: MouseEvent<HTMLElement>) => {
      childProps.onMouseEnter?.(event);
      // The mouse events a browser sends after a tap: a touch shows the tooltip only when long.
      if (Date.now() - touchedAt.current < 1000) return;
      // The native tooltip of the title attribute must not show beside this one.
      if (describeChild) event.currentTarget.removeAttribute('title');
      show(ENTER_DELAY);
    },
    onMouseLeave: (event: MouseEvent<HTMLElement>) => {
      childProps.onMouseLeave?.(event);
      hide();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      childProps.onFocus?.(event);
      if (focusVisible(event.target)) show(ENTER_DELAY);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      childProps.onBlur?.(event);
      hide();
    },
    onTouchStart: (event: TouchEvent<HTMLElement>) => {
      childProps.onTouchStart?.(event);
      touchedAt.current = Date.now();
      show(TOUCH_DELAY, true);
    },
    onTouchEnd: (event: TouchEvent<HTMLElement>) => {
      childProps.onTouchEnd?.(event);
      touchedAt.current = Date.now();
      clearTimer();
      timer.current = setTimeout(() => setOpen(false), TOUCH_LEAVE_DELAY);
    },
  };

  return (
    <>
      {cloneElement(children, props)}
      {tooltip}
    </>
  );
}
