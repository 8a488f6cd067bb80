import type { i18n as I18n } from 'i18next';

type LooseT = (key: unknown, ...rest: unknown[]) => string;

/**
 * An i18n instance for wrapping a shared component (DataTable) in its own I18nextProvider: everything goes to the
 * app's instance except that the given keys are answered with other keys (e.g. the table's generic empty state
 * becomes "No customers for the query"). Language changes still reach the wrapped component.
 */
export function withKeyOverrides(instance: I18n, overrides: Record<string, string>): I18n {
  return new Proxy(instance, {
    get(target, prop) {
      if (prop === 'getFixedT') {
        return (...args: Parameters<I18n['getFixedT']>) => {
          const fixed = target.getFixedT(...args) as unknown as LooseT;
          const wrapped: LooseT = (key, ...rest) =>
            fixed(typeof key === 'string' && key in overrides ? overrides[key] : key, ...rest);
          return Object.assign(wrapped, fixed);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
