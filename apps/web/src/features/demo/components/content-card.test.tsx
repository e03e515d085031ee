import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing';
import { ContentCard, truncateContent } from './content-card';

describe('ContentCard', () => {
  it('truncates text over 150 characters with an ellipsis', () => {
    const long = 'x'.repeat(151);
    expect(truncateContent(long)).toBe(`${'x'.repeat(150)}...`);
    expect(truncateContent('y'.repeat(150))).toBe('y'.repeat(150));
    renderApp(<ContentCard title="Market outlook" content={long} />);
    expect(screen.getByText(`${'x'.repeat(150)}...`)).toBeInTheDocument();
  });

  it('hides its image when it fails to load', () => {
    renderApp(<ContentCard title="Cocoa" content="Prices" image="/missing.jpg" imageAlt="Cocoa beans" />);
    const img = screen.getByRole('img', { name: 'Cocoa beans' });
    fireEvent.error(img);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cocoa' })).toBeInTheDocument();
  });

  it('shows tags, author, date and read time', () => {
    renderApp(
      <ContentCard
        title="Guide"
        content="Text"
        tags={['export', 'fx']}
        author="Ada"
        date="2026-03-05T00:00:00Z"
        readTime={4}
      />,
    );
    expect(screen.getByRole('list', { name: 'Tags' })).toHaveTextContent('exportfx');
    expect(screen.getByText('Ada')).toBeInTheDocument();
    expect(screen.getByText('4')).toHaveClass('tabular');
    expect(document.querySelector('time')).toHaveAttribute('dateTime', '2026-03-05T00:00:00.000Z');
  });

  it('when interactive, its title is the link or button', async () => {
    const onSelect = vi.fn();
    const linked = renderApp(<ContentCard title="Open me" content="c" interactive href="/stories/a" />);
    expect(screen.getByRole('link', { name: 'Open me' })).toHaveAttribute('href', '/stories/a');
    linked.unmount();
    renderApp(<ContentCard title="Pick me" content="c" interactive onSelect={onSelect} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pick me' }));
    expect(onSelect).toHaveBeenCalledOnce();
  });
});
