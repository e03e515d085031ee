/**
 * The demo's search state is a simulation (docs/product/ui-layer.md#simulated-search): 500 ms, then
 * one sample result. The demo's
 * search widget shows it; real searches belong to the content feature.
 */
export interface SearchResult {
  id: string;
  name: string;
  type: string;
  date: string;
  description: string;
  url: string;
}

export const SIMULATED_SEARCH_DELAY_MS = 500;

export function simulateSearch(query: string, signal?: AbortSignal): Promise<SearchResult[]> {
  const q = query.trim();
  if (!q) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        resolve([
          {
            id: 'sample-1',
            name: `Sample result for “${q}”`,
            type: 'document',
            date: new Date().toISOString(),
            description: 'A sample document from the simulated search.',
            url: '#',
          },
        ]),
      SIMULATED_SEARCH_DELAY_MS,
    );
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}
