import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, buildContentFile, buildFileList, mockApi, renderApp } from '@/testing';
import { paths } from '@/lib/paths';
import ContentAccessPage from './content-access-page';
import { contentRoutes } from './content-api.fixture';

describe('content hub page', () => {
  it('shows the figures of /files/stats, and an empty gallery that leads to the upload tab', async () => {
    const photo = buildContentFile({ name: 'figs.jpg', category: 'image', size: 3 * 1024 * 1024 });
    mockApi(
      contentRoutes([], {
        'GET /api/content/files/stats': {
          body: {
            stats: {
              sessionUploads: 1,
              totalFiles: 4,
              totalSize: 3 * 1024 * 1024,
              categories: { image: 1, video: 0, document: 3, audio: 0, other: 0 },
              recentActivity: [{ id: photo.id, name: 'figs.jpg', category: 'image', createdAt: photo.createdAt }],
            },
            message: 'ok',
          },
        },
      }),
    );
    renderApp(<ContentAccessPage />, { path: `${paths.contentAccess}?tab=gallery` });
    const aside = await screen.findByRole('complementary', { name: 'Library figures' });
    expect(await within(aside).findByText('3 MB')).toBeInTheDocument();
    expect(within(aside).getByText('Files').nextElementSibling).toHaveTextContent('4');
    expect(within(aside).getByText('Documents').nextElementSibling).toHaveTextContent('3');
    expect(within(aside).getByText('figs.jpg')).toBeInTheDocument();
    expect(
      within(aside).getByText('Nothing uploaded since you signed in. Files you upload now are listed here.'),
    ).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: 'Go to Upload & Manage' }));
    expect(screen.getByRole('tab', { name: 'Upload & Manage' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Browse files')).toBeInTheDocument();
  });

  it("shows a failed list in place with the server's text, and Retry loads it", async () => {
    let fail = true;
    mockApi(
      contentRoutes([], {
        'GET /api/content/files': () =>
          fail ? apiError(403, 'Your session cannot read files.') : { body: buildFileList([buildContentFile()]) },
      }),
    );
    renderApp(<ContentAccessPage />, { path: `${paths.contentAccess}?tab=manage` });
    const panel = await screen.findByRole('tabpanel', { name: 'Upload & Manage' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Error: Your session cannot read files.');
    fail = false;
    await userEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await within(panel).findByRole('list', { name: 'Files' })).toHaveTextContent('invoice-2291.pdf');
  });

  it('makes a file public and says so in the banner', async () => {
    const file = buildContentFile();
    mockApi(
      contentRoutes([file], {
        [`PUT /api/content/access/${file.id}/public`]: {
          body: { file: { ...file, isPublic: true }, message: 'File made public successfully' },
        },
      }),
    );
    renderApp(<ContentAccessPage />, { path: `${paths.contentAccess}?tab=manage` });
    await userEvent.click(await screen.findByRole('switch', { name: `Public: ${file.name}` }));
    expect(await screen.findByText('File made public successfully')).toBeInTheDocument();
  });
});
