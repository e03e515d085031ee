import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths, storyPath } from '@/lib/paths';
import { buildPublicConfig, mockApi, notFound, renderApp } from '@/testing';
import { readingProgress } from './components/reading-progress';
import { READING_TOOL_MISSING_WARNING } from './reading-tool';
import StoriesPage from './stories-page';
import StoryPage from './story-page';

const summary = {
  id: 'github-cloudflare',
  title: 'From GitHub to Cloudflare',
  summary: 'How every change travels from a pull request to the edge.',
  date: '2026-10-14',
  author: 'Trading Portal Engineering',
  readingTime: 7,
};
const story = {
  ...summary,
  html: '<h2 id="one-pipeline">One pipeline</h2><p>Every change arrives as a pull request.</p><p>Tests run <img src="x" onerror="window.__pwned = true"> first.</p><script>window.__pwned = true</script>',
};

function api(readingToolAccountId: string | null = null) {
  return mockApi({
    'GET /api/config': { body: buildPublicConfig({ readingToolAccountId }) },
    'GET /api/stories': () => ({
      body: {
        stories: [summary, { ...summary, id: 'incoterms-2020-explained', title: 'Incoterms 2020', date: '2026-09-02' }],
      },
    }),
    'GET /api/stories/github-cloudflare': () => ({ body: { story } }),
  });
}

const renderStory = (id = 'github-cloudflare') =>
  renderApp(
    [
      { path: storyPath(':id'), element: <StoryPage /> },
      { path: paths.stories, element: <StoriesPage /> },
    ],
    { path: storyPath(id) },
  );

describe('stories', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    warn.mockRestore();
    delete (window as { __pwned?: boolean }).__pwned;
  });

  it('lists stories with title, author, date and reading time, linking to each', async () => {
    api();
    renderApp(<StoriesPage />);
    const link = await screen.findByRole('link', { name: 'From GitHub to Cloudflare' });
    expect(link).toHaveAttribute('href', storyPath('github-cloudflare'));
    const card = link.closest('article')!;
    expect(card).toHaveTextContent('Trading Portal Engineering');
    expect(card).toHaveTextContent('October 14, 2026');
    expect(card).toHaveTextContent('7 min read');
    expect(screen.getByRole('link', { name: 'Incoterms 2020' })).toHaveAttribute(
      'href',
      storyPath('incoterms-2020-explained'),
    );
  });

  it('renders one story safely, with a reading-progress bar, and warns that the reading tool has no account', async () => {
    api();
    renderStory();
    expect(await screen.findByRole('heading', { level: 1, name: 'From GitHub to Cloudflare' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'One pipeline' })).toBeInTheDocument();
    expect(screen.getByText('Every change arrives as a pull request.')).toBeInTheDocument();
    const article = screen.getByRole('article');
    expect(article.querySelector('script')).toBeNull();
    expect(article.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();

    const bar = screen.getByRole('progressbar', { name: 'Reading progress' });
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuenow');

    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(READING_TOOL_MISSING_WARNING));
  });

  it('starts the reading tool with the configured account and logs no warning', async () => {
    api('acct-42');
    renderStory();
    await screen.findByRole('heading', { level: 1, name: 'From GitHub to Cloudflare' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(warn).not.toHaveBeenCalled();
  });

  it('lets the reader highlight a passage, keeps it in localStorage, and removes it on click', async () => {
    api();
    const user = userEvent.setup();
    const { unmount } = renderStory();
    const paragraph = await screen.findByText('Every change arrives as a pull request.');
    const toolbar = screen.getByRole('toolbar', { name: 'Highlighter' });
    const button = within(toolbar).getByRole('button', { name: 'Highlight selection' });
    expect(button).toBeDisabled();

    const text = paragraph.firstChild as Text;
    const range = document.createRange();
    range.setStart(text, 6);
    range.setEnd(text, 12); // "change"
    act(() => {
      document.getSelection()!.removeAllRanges();
      document.getSelection()!.addRange(range);
      document.dispatchEvent(new Event('selectionchange'));
    });
    expect(button).toBeEnabled();
    await user.click(button);

    const mark = screen.getByText('change', { selector: 'mark' });
    expect(toolbar).toHaveTextContent('1 highlight, kept in this browser.');
    const stored = JSON.parse(localStorage.getItem('tp.highlights.local.github-cloudflare')!) as { text: string }[];
    expect(stored).toMatchObject([{ text: 'change' }]);

    // a new visit draws the stored highlight again
    unmount();
    renderStory();
    const again = await screen.findByText('change', { selector: 'mark' });
    await user.click(again);
    expect(screen.queryByText('change', { selector: 'mark' })).not.toBeInTheDocument();
    expect(localStorage.getItem('tp.highlights.local.github-cloudflare')).toBeNull();
    expect(mark).not.toBeInTheDocument();
  });

  it('says when a story does not exist', async () => {
    mockApi({
      'GET /api/config': { body: buildPublicConfig() },
      'GET /api/stories/no-such-story': notFound(),
    });
    renderStory('no-such-story');
    expect(await screen.findByRole('heading', { name: 'Story not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All stories' })).toHaveAttribute('href', paths.stories);
  });
});

describe('readingProgress', () => {
  it('goes from 0 at the top of the article to 100 at its end', () => {
    expect(readingProgress({ top: 100, height: 3000 }, 800)).toBe(0);
    expect(readingProgress({ top: 0, height: 3000 }, 800)).toBe(0);
    expect(readingProgress({ top: -1100, height: 3000 }, 800)).toBe(50);
    expect(readingProgress({ top: -2200, height: 3000 }, 800)).toBe(100);
    expect(readingProgress({ top: -5000, height: 3000 }, 800)).toBe(100);
    expect(readingProgress({ top: 50, height: 400 }, 800)).toBe(100);
  });
});
