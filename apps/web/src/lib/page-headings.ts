/**
 * The main heading (and fixed subtitle) of the signed-in pages that have a prerendered shell: the
 * page renders it, and the shell paints the same text at the same place before the app runs
 * (app/signed-in-shell.tsx), so the heading that is the page's largest paint shows from the HTML.
 */
export interface PageHeading {
  title: string;
  subtitle?: string;
}

export const PAGE_HEADINGS = {
  dashboard: { title: 'Dashboard' },
  trades: { title: 'Trading', subtitle: 'Paper trading with simulated market data: no real money moves.' },
  contentAccess: { title: 'Content Access' },
  analytics: { title: 'Analytics', subtitle: 'Your paper trading, content and campaigns over the last 30 days.' },
} as const satisfies Record<string, PageHeading>;
