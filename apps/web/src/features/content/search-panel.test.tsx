import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  apiError,
  buildCompleteUser,
  buildContentFile,
  buildFileList,
  mockApi,
  renderApp,
  signedInAs,
} from '@/testing';
import { APP_SHELL_ID } from '@/lib/app-shell';
import { paths } from '@/lib/paths';
import ContentAccessPage from './content-access-page';
import { contentRoutes } from './content-api.fixture';

const result = {
  id: '22222222-2222-4222-8222-000000000009',
  name: 'certificate-of-origin.pdf',
  type: 'document' as const,
  date: '2026-11-20T09:00:00.000Z',
  description: 'Lisbon order',
  url: '/api/content/access/22222222-2222-4222-8222-000000000009?expires=1&signature=s',
  snippet: 'Goods: dried &lt;figs&gt; &amp; <mark>quokka</mark> reference',
};

describe('content hub: search', () => {
  it('searches on the server 300 ms after typing, shows ranked results with the matched word marked, opening in a new window', async () => {
    const calls = mockApi(
      contentRoutes([], {
        'POST /api/content/search': { body: [result] },
        'GET /api/content/recent-searches': {
          body: [{ query: 'figs', timestamp: '2026-11-21T09:00:00.000Z', resultsCount: 3 }],
        },
      }),
    );
    renderApp(<ContentAccessPage />, { path: paths.contentAccess });
    expect(await screen.findByRole('button', { name: /figs/ })).toBeInTheDocument();
    expect(screen.getByText('Full-text search: Connected')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'quokka');
    const link = await screen.findByRole('link', { name: /certificate-of-origin\.pdf/ });
    expect(link).toHaveAttribute('href', result.url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(link).getByText('quokka').tagName).toBe('MARK');
    expect(link).toHaveTextContent('Goods: dried <figs> & quokka reference'); // escaped text, never HTML
    const searches = calls.filter((c) => c.key === 'POST /api/content/search');
    expect(searches).toHaveLength(1); // one search for the whole word, not one per key
    expect(searches[0]!.body).toEqual({ query: 'quokka', filters: {}, limit: 20 });
  });

  it("writes a result's date in the user's zone, as the dashboard does, not the browser's", async () => {
    mockApi(
      contentRoutes([], {
        ...signedInAs(buildCompleteUser({ timezone: 'Asia/Tokyo' })),
        'POST /api/content/search': { body: [result] },
      }),
    );
    renderApp(<ContentAccessPage />, { path: paths.contentAccess });
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search' }), 'quokka');
    const link = await screen.findByRole('link', { name: /certificate-of-origin\.pdf/ });
    expect(link).toHaveTextContent('Nov 20, 2026, 6:00 PM'); // 09:00 UTC is 18:00 in Tokyo
  });

  it('Enter searches at once with the filters; a blank query does not search; no results and failures say so', async () => {
    let answer: { status?: number; body: unknown } = { body: [] };
    const calls = mockApi(contentRoutes([], { 'POST /api/content/search': () => answer }));
    renderApp(<ContentAccessPage />, { path: paths.contentAccess });
    const box = await screen.findByRole('searchbox', { name: 'Search' });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'document');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Date Range' }), 'week');
    await user.type(box, '   {Enter}');
    expect(calls.filter((c) => c.key === 'POST /api/content/search')).toHaveLength(0);

    await user.clear(box);
    await user.type(box, 'invoice{Enter}');
    expect(await screen.findByText('No content found. Try adjusting your search terms.')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/content/search')!.body).toEqual({
      query: 'invoice',
      filters: { type: 'document', dateRange: 'week' },
      limit: 20,
    });

    answer = apiError(429, 'Too many searches. Please wait a minute.', { code: 'RATE_LIMITED' }) as typeof answer;
    await user.type(box, 's{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Too many searches. Please wait a minute.');
    answer = { body: [result] };
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /certificate-of-origin\.pdf/ })).toBeInTheDocument();
  });

  it('a picked recent search runs at once, Enter asks again for the same one, and the recent list is fetched after each search', async () => {
    let recent = [{ query: 'figs', timestamp: '2026-11-21T09:00:00.000Z', resultsCount: 3 }];
    const calls = mockApi(
      contentRoutes([], {
        'POST /api/content/search': ({ body }) => {
          // as the server keeps them: newest first, one entry per query
          const { query } = body as { query: string };
          const timestamp = `2026-11-22T09:00:0${recent.length}.000Z`;
          recent = [{ query, timestamp, resultsCount: 1 }, ...recent.filter((r) => r.query !== query)];
          return { body: [result] };
        },
        'GET /api/content/recent-searches': () => ({ body: recent }),
      }),
    );
    renderApp(<ContentAccessPage />, { path: paths.contentAccess });
    const searches = () => calls.filter((c) => c.key === 'POST /api/content/search');
    const recentReads = () => calls.filter((c) => c.key === 'GET /api/content/recent-searches').length;
    await userEvent.click(await screen.findByRole('button', { name: /figs/ }));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('figs');
    expect(await screen.findByRole('link', { name: /certificate-of-origin\.pdf/ })).toBeInTheDocument();
    expect(searches().map((c) => c.body)).toEqual([{ query: 'figs', filters: {}, limit: 20 }]);
    await vi.waitFor(() => expect(recentReads()).toBe(2));
    expect(await screen.findByRole('button', { name: /figs\s*1$/ })).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), '{Enter}');
    await vi.waitFor(() => expect(searches()).toHaveLength(2));
    await vi.waitFor(() => expect(recentReads()).toBe(3));
    expect(await screen.findByText('1 result for “figs”')).toBeInTheDocument();
  });

  it('puts every search run at the front of the recent searches once, whether the server or the cache answers it', async () => {
    // as the server keeps them: newest first, one entry per query; POST /search records what it answers
    let recent: { query: string; timestamp: string; resultsCount: number }[] = [];
    const remember = (query: string, resultsCount: number) => {
      const timestamp = new Date(Date.UTC(2026, 10, 22, 9, 0, recent.length)).toISOString();
      recent = [{ query, timestamp, resultsCount }, ...recent.filter((r) => r.query !== query)];
    };
    const calls = mockApi(
      contentRoutes([], {
        'POST /api/content/search': ({ body }) => {
          const { query, filters } = body as { query: string; filters: { type?: string } };
          const found = filters.type === 'image' ? [] : [result];
          remember(query, found.length);
          return { body: found };
        },
        'POST /api/content/recent-searches': ({ body }) => {
          const { query, resultsCount } = body as { query: string; resultsCount: number };
          remember(query, resultsCount);
          return { body: recent };
        },
        'GET /api/content/recent-searches': () => ({ body: recent }),
      }),
    );
    renderApp(<ContentAccessPage />, { path: paths.contentAccess });
    const user = userEvent.setup();
    const box = await screen.findByRole('searchbox', { name: 'Search' });
    const searches = () => calls.filter((c) => c.key === 'POST /api/content/search');
    const records = () => calls.filter((c) => c.key === 'POST /api/content/recent-searches').map((c) => c.body);
    const recentShown = () =>
      within(screen.getByRole('region', { name: 'Recent Searches' }))
        .queryAllByRole('button')
        .map((button) => button.textContent);
    const searchFor = async (query: string) => {
      await user.clear(box);
      await user.type(box, query);
      expect(await screen.findByText(new RegExp(`results? for “${query}”`))).toBeInTheDocument();
    };

    await searchFor('figs');
    await searchFor('anise');
    await vi.waitFor(() => expect(recentShown()).toEqual(['anise1', 'figs1']));
    expect(searches()).toHaveLength(2);
    expect(records()).toEqual([]); // the server recorded what it answered

    await searchFor('figs'); // answered from the cache
    await vi.waitFor(() => expect(recentShown()).toEqual(['figs1', 'anise1']));
    expect(searches()).toHaveLength(2);
    expect(records()).toEqual([{ query: 'figs', resultsCount: 1 }]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'image'); // a new search: fetched
    await vi.waitFor(() => expect(searches()).toHaveLength(3));
    expect(await screen.findByText('No content found. Try adjusting your search terms.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'all'); // back to a cached one
    expect(await screen.findByText('1 result for “figs”')).toBeInTheDocument();
    await vi.waitFor(() => expect(records()).toHaveLength(2));
    await searchFor('anise'); // cached too
    await vi.waitFor(() => expect(recentShown()).toEqual(['anise1', 'figs1']));

    await user.type(box, '{Enter}'); // the search on screen asked for again: fetched, recorded by the server
    await vi.waitFor(() => expect(searches()).toHaveLength(4));
    expect(await screen.findByText('1 result for “anise”')).toBeInTheDocument();
    expect(searches().map((c) => (c.body as { query: string }).query)).toEqual(['figs', 'anise', 'figs', 'anise']);
    expect(records()).toEqual([
      { query: 'figs', resultsCount: 1 },
      { query: 'figs', resultsCount: 1 },
      { query: 'anise', resultsCount: 1 },
    ]);
  });

  it('the library search finds words inside documents through the server (GET /files?search=)', async () => {
    const invoice = buildContentFile({ name: 'invoice-2291.pdf' });
    const calls = mockApi(
      contentRoutes([invoice], {
        'GET /api/content/files': ({ url }) => ({
          body: buildFileList(url.searchParams.get('search') === 'figs' ? [] : [invoice]),
        }),
      }),
    );
    renderApp(<ContentAccessPage />, { path: `${paths.contentAccess}?tab=manage` });
    const files = await screen.findByRole('list', { name: 'Files' });
    expect(within(files).getByText('invoice-2291.pdf')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search your files' }), 'figs');
    expect(await screen.findByText('No content found. Try adjusting your search terms.')).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(calls.some((c) => c.key === 'GET /api/content/files' && c.url.searchParams.get('search') === 'figs')).toBe(
        true,
      ),
    );
  });
});

describe('content hub: search, as the page starts', () => {
  it('shows the search box 100 ms after the tab loads, a placeholder until then', async () => {
    mockApi(contentRoutes([]));
    renderApp(<ContentAccessPage />, { path: paths.contentAccess });
    expect(await screen.findByText('Loading search')).toBeInTheDocument();
    expect(screen.queryByRole('searchbox', { name: 'Search' })).toBeNull();
    expect(await screen.findByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
  });

  it('shows it at once when taking over from the prerendered shell, which showed it from the first paint', async () => {
    const shell = document.createElement('div');
    shell.id = APP_SHELL_ID;
    document.body.append(shell);
    try {
      mockApi(contentRoutes([]));
      renderApp(<ContentAccessPage />, { path: paths.contentAccess });
      // the page's first render (the tab's placeholder would have shown with it)
      expect(await screen.findByRole('tab', { name: 'Search' })).toBeInTheDocument();
      expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
      expect(screen.getByText(/Search finds words inside your PDFs/)).toBeInTheDocument();
      expect(screen.queryByText('Loading search')).toBeNull();
    } finally {
      shell.remove();
    }
  });
});
