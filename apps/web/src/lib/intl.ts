/**
 * Intl formatters, each built once: constructing one costs far more than formatting with it, and
 * the landing page formats its figures in the render that follows the data's arrival.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(kind: string, key: unknown[], create: () => F): F {
  const id = JSON.stringify([kind, ...key]);
  let formatter = formatters.get(id) as F | undefined;
  if (!formatter) {
    formatter = create();
    formatters.set(id, formatter);
  }
  return formatter;
}

/**
 * How the app writes its figures in every browser: it speaks English, so a price reads the same
 * way as the sum of money beside it, and prerendered figures match what the browser renders.
 */
export const FIGURES_LOCALE = 'en-US';

export function numberFormat(locale: string | undefined, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached('number', [locale, options], () => new Intl.NumberFormat(locale, options));
}

/**
 * Builds the figures' plain number formatter (`formatCount`'s). A page's first Intl formatter loads
 * the locale data that every other needs too: ≈ 60 ms on Lighthouse's simulated phone, then ≈ 0 for
 * the next. main.tsx calls this in a task of its own while the prerendered page's data is on its
 * way, so the render that first writes a price or a count does not pay it inside one long task.
 */
export const loadFigureLocale = (): void => void numberFormat(FIGURES_LOCALE);

export function dateTimeFormat(locale: string | undefined, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached('date', [locale, options], () => new Intl.DateTimeFormat(locale, options));
}
