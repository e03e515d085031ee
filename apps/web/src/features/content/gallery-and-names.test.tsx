import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildContentFile, mockApi, renderApp } from '@/testing';
import { paths } from '@/lib/paths';
import ContentAccessPage from './content-access-page';
import { contentRoutes } from './content-api.fixture';

const longName = 'invoice-MCC-2026-0042-final-signed.pdf';
const invoice = buildContentFile({ id: '22222222-2222-4222-8222-000000000021', name: longName });
const photo = buildContentFile({
  id: '22222222-2222-4222-8222-000000000022',
  name: 'white-coffee-sacks.png',
  type: 'image/png',
  category: 'image',
  description: 'Sacks ready for the Mombasa shipment',
  thumbnailUrl: '/api/content/access/22222222-2222-4222-8222-000000000022/thumbnail?expires=1&signature=s',
});

const openTab = (tab: 'manage' | 'gallery') =>
  renderApp(<ContentAccessPage />, { path: `${paths.contentAccess}?tab=${tab}` });

/** Whether the element or one of its ancestors cuts its text at the end of one line. */
const cutToOneLine = (element: HTMLElement | null): boolean =>
  element !== null && (element.classList.contains('truncate') || cutToOneLine(element.parentElement));

describe('content hub: names, badges and the gallery preview', () => {
  it('shows a long name in full in the library rows', async () => {
    mockApi(contentRoutes([invoice, photo]));
    openTab('manage');
    const row = within(await screen.findByRole('list', { name: 'Files' })).getByText(longName);
    expect(cutToOneLine(row)).toBe(false);
  });

  it('shows a long name in full in the gallery cards', async () => {
    mockApi(contentRoutes([invoice, photo]));
    openTab('gallery');
    const card = within(await screen.findByRole('list', { name: 'Gallery' })).getByText(longName);
    expect(cutToOneLine(card)).toBe(false);
  });

  it('cuts a name only in the middle where one line is all there is, keeping its end and the whole name as a tooltip', async () => {
    mockApi(contentRoutes([invoice]));
    openTab('manage');
    const recent = await screen.findByRole('region', { name: 'Your library' });
    const name = await within(recent).findByTitle(longName);
    // screen readers and searches get the whole name; the eye gets its start (cut if need be) and its end
    expect(within(name).getByText(longName)).toHaveClass('sr-only');
    const [start, end] = [...name.querySelectorAll('[aria-hidden="true"]')] as HTMLElement[];
    expect(start).toHaveClass('truncate');
    expect(end).not.toHaveClass('truncate');
    expect(end!.textContent).toBe('signed.pdf');
    expect(`${start!.textContent}${end!.textContent}`).toBe(longName);
  });

  it('puts the Private and Public badges of the gallery on their own solid chip over the picture', async () => {
    mockApi(
      contentRoutes([
        photo,
        buildContentFile({ ...photo, id: '22222222-2222-4222-8222-000000000023', isPublic: true }),
      ]),
    );
    openTab('gallery');
    const gallery = await screen.findByRole('list', { name: 'Gallery' });
    for (const label of ['Private', 'Public']) {
      const badge = within(gallery)
        .getAllByText(label)
        .find((el) => el.closest('[class*="absolute"]'))!;
      // an opaque background of the theme's surface under the theme's text: the picture never shows through
      expect(badge).toHaveClass('bg-surface');
      expect(badge.className).not.toMatch(/\bbg-[\w-]+\/\d+/);
    }
  });

  it('opens the picture in a preview when its image is clicked, and closes it with Escape', async () => {
    mockApi(contentRoutes([photo]));
    openTab('gallery');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Preview ${photo.name}` }));
    const preview = await screen.findByRole('dialog', { name: photo.name });
    expect(within(preview).getByRole('img', { name: photo.description })).toHaveAttribute('src', photo.url);
    expect(within(preview).getByRole('link', { name: `Download ${photo.name}` })).toHaveAttribute(
      'href',
      photo.downloadUrl,
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(preview).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: `Preview ${photo.name}` })).toHaveFocus();
  });
});
