import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type IssueLike, issuesToErrors } from './validation';

/** Field (the request body's path joined with dots: `name`, `agents.0.userId`) → its message. */
export type FieldErrors = Record<string, string>;

/** What the hook needs of a zod schema (any zod 4 schema fits). */
export interface SchemaLike {
  safeParse: (value: unknown) => { success: boolean; error?: { issues: readonly IssueLike[] } };
}

export interface FormErrorsOptions<V> {
  /**
   * What the error keys point into, read on every render: usually the body the form sends (`formToBody(state)`),
   * so `agents.0.userId` finds the value of that field. A field whose value changes is looked at again.
   */
  values: V;
  /** The zod schema of `values`: its issues are the client's errors. */
  schema?: SchemaLike;
  /** Rules the schema does not have (or all of them, without a schema): field → translated message. */
  rules?: (values: V) => FieldErrors;
}

export interface FormErrors {
  /** What the fields show: the shown errors that still hold for the current values. */
  errors: FieldErrors;
  /** On the form's root element: where the first invalid field is looked for (the whole page without it). */
  formRef: (node: HTMLElement | null) => void;
  /** The client's errors for the current values (schema and rules), without showing them. */
  validate: () => FieldErrors;
  /** Validates and shows the errors; true when there are none (the form may be sent). */
  check: () => boolean;
  /**
   * Shows these errors (the client's, or the server's 422 `result.fields`) in place of the ones shown, then
   * scrolls to the first invalid field of the form in page order and focuses it.
   */
  show: (found: FieldErrors) => void;
  /** Hides one field's error and those under it (`task` hides `task.notes`), e.g. when a part of the form is reset. */
  clear: (field: string) => void;
  /** Hides every error (the form was reset or sent). */
  reset: () => void;
}

const EMPTY: FieldErrors = {};

interface Shown {
  errors: FieldErrors;
  /** Each field's value (as JSON) when its error was shown. */
  snapshot: Record<string, string>;
  /** Fields the client's rules flagged when shown: they go as soon as the rules accept them. */
  byRules: ReadonlySet<string>;
  /** Bumped by each show with errors: the form then brings the first one into view. */
  focus: number;
}

const NOTHING_SHOWN: Shown = { errors: EMPTY, snapshot: {}, byRules: new Set(), focus: 0 };

/** The value at a dotted path (`contacts.1.value`), or undefined. */
export function valueAt(values: unknown, path: string): unknown {
  let current: unknown = values;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function json(value: unknown): string {
  return JSON.stringify(value) ?? 'undefined';
}

/**
 * The errors to show now. A field keeps its error while it is still wrong: while the client's rules still flag it
 * (with their current message once the user edited it), or — for a message only the server gave ("already in
 * use") — until its value changes. A field the rules flagged goes as soon as the rules accept it.
 */
export function visibleErrors(shown: Shown, values: unknown, current: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, message] of Object.entries(shown.errors)) {
    const changed = json(valueAt(values, field)) !== shown.snapshot[field];
    if (field in current) out[field] = changed ? current[field] : message;
    else if (!shown.byRules.has(field) && !changed) out[field] = message;
  }
  return Object.keys(out).length === Object.keys(shown.errors).length &&
    Object.entries(out).every(([field, message]) => shown.errors[field] === message)
    ? shown.errors
    : out;
}

/** The errors under `prefix.` with the prefix taken off (a sub-form's fields: `task.notes` → `notes`). */
export function errorsUnder(errors: FieldErrors, prefix: string): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, message] of Object.entries(errors)) {
    if (field.startsWith(`${prefix}.`)) out[field.slice(prefix.length + 1)] = message;
  }
  return out;
}

/** A sub-form's errors under `prefix.` (the reverse of errorsUnder). */
export function prefixErrors(prefix: string, errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [`${prefix}.${field}`, message]));
}

/** Elements that mark an invalid field: MUI inputs (aria-invalid), other controls (data-invalid), error texts. */
export const INVALID_SELECTOR = '[aria-invalid="true"], [data-invalid="true"], .MuiFormHelperText-root.Mui-error';

function hidden(element: Element): boolean {
  return element.closest('[aria-hidden="true"], [hidden], [inert]') !== null;
}

function canFocus(element: HTMLElement): boolean {
  if (hidden(element) || (element as HTMLInputElement).disabled) return false;
  if (element.isContentEditable || element.getAttribute('contenteditable') === 'true') return true;
  if (element.getAttribute('tabindex') === '-1') return false;
  if (element instanceof HTMLInputElement) return element.type !== 'hidden';
  return (
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLButtonElement ||
    element.hasAttribute('tabindex')
  );
}

const FOCUSABLE = 'input, select, textarea, button, [contenteditable], [tabindex]';

function firstFocusable(container: Element): HTMLElement | null {
  if (container instanceof HTMLElement && canFocus(container)) return container;
  for (const element of container.querySelectorAll<HTMLElement>(FOCUSABLE)) if (canFocus(element)) return element;
  return null;
}

/**
 * The first invalid field under `root` in page order: the element to scroll into view (its whole field, label and
 * message included) and the control to focus (null when there is none, e.g. an error about a whole list).
 */
export function firstInvalid(root: ParentNode): { scroll: HTMLElement; focus: HTMLElement | null } | null {
  for (const marked of root.querySelectorAll<HTMLElement>(INVALID_SELECTOR)) {
    if (hidden(marked)) continue;
    const field = marked.closest<HTMLElement>('.MuiFormControl-root') ?? marked;
    return { scroll: field, focus: firstFocusable(marked) ?? firstFocusable(field) };
  }
  return null;
}

/** Scrolls the first invalid field under `root` into the middle of the view and focuses it; false when none. */
export function revealFirstInvalid(root: ParentNode): boolean {
  const found = firstInvalid(root);
  if (!found) return false;
  const reduced =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  found.scroll.scrollIntoView?.({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
  found.focus?.focus({ preventScroll: true });
  return true;
}

/** How long a shown error may take to appear (a tab's panel or a list still loading) before the form gives up. */
const REVEAL_WAIT_MS = 2000;

/**
 * A form's field errors: shown from the client's validation or the server's 422, brought into view (the first
 * invalid field in page order is scrolled to and focused), and gone as soon as the user fixes the field.
 */
export function useFormErrors<V>({ values, schema, rules }: FormErrorsOptions<V>): FormErrors {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown>(NOTHING_SHOWN);
  const root = useRef<HTMLElement | null>(null);
  // The handlers (called after this render) read the latest values and rules.
  const latest = useRef({ values, schema, rules, t });
  latest.current = { values, schema, rules, t };

  const run = useCallback((): FieldErrors => {
    const { values: current, schema: currentSchema, rules: currentRules, t: translate } = latest.current;
    const found: FieldErrors = {};
    if (currentSchema) {
      const parsed = currentSchema.safeParse(current);
      if (!parsed.success && parsed.error) Object.assign(found, issuesToErrors(parsed.error.issues, translate));
    }
    if (currentRules) for (const [field, message] of Object.entries(currentRules(current))) found[field] ??= message;
    return found;
  }, []);

  const show = useCallback(
    (found: FieldErrors) => {
      const fields = Object.keys(found);
      if (fields.length === 0) {
        setShown((before) => ({ ...NOTHING_SHOWN, focus: before.focus }));
        return;
      }
      const current = run();
      const snapshot: Record<string, string> = {};
      for (const field of fields) snapshot[field] = json(valueAt(latest.current.values, field));
      setShown((before) => ({
        errors: found,
        snapshot,
        byRules: new Set(fields.filter((field) => field in current)),
        focus: before.focus + 1,
      }));
    },
    [run],
  );

  const check = useCallback(() => {
    const found = run();
    show(found);
    return Object.keys(found).length === 0;
  }, [run, show]);

  const clear = useCallback((field: string) => {
    setShown((before) => {
      const kept = Object.entries(before.errors).filter(([key]) => key !== field && !key.startsWith(`${field}.`));
      return kept.length === Object.keys(before.errors).length
        ? before
        : { ...before, errors: Object.fromEntries(kept) };
    });
  }, []);

  const reset = useCallback(() => setShown((before) => ({ ...NOTHING_SHOWN, focus: before.focus })), []);

  const formRef = useCallback((node: HTMLElement | null) => {
    root.current = node;
  }, []);

  // The fields are looked at again when the values change (their JSON is the memo's key).
  const anyShown = Object.keys(shown.errors).length > 0;
  const valuesKey = anyShown ? json(values) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: valuesKey stands for values; run reads the latest ones.
  const errors = useMemo(
    () => (anyShown ? visibleErrors(shown, latest.current.values, run()) : EMPTY),
    [shown, valuesKey, anyShown, run],
  );

  // After the render that shows new errors: the first invalid field into view. A field rendered later (a tab's
  // panel, a list that was loading) is waited for a moment.
  useEffect(() => {
    if (shown.focus === 0) return;
    const scope: ParentNode = root.current ?? document.body;
    if (revealFirstInvalid(scope)) return;
    const observer = new MutationObserver(() => {
      if (revealFirstInvalid(scope)) stop();
    });
    const timer = window.setTimeout(() => stop(), REVEAL_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(scope, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-invalid'] });
    return stop;
  }, [shown.focus]);

  return useMemo(
    () => ({ errors, formRef, validate: run, check, show, clear, reset }),
    [errors, formRef, run, check, show, clear, reset],
  );
}
