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
