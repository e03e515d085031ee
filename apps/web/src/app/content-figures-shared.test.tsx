import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ContentFile } from '@tp/shared';
import ContentAccessPage from '@/features/content/content-access-page';
import DashboardPage from '@/features/dashboard/dashboard-page';
import { paths } from '@/lib/paths';
import {
  apiError,
  buildActivity,
  buildCompleteUser,
  buildContentFile,
  buildFileList,
  buildFileStats,
  buildPublicConfig,
  mockApi,
  deskAnswer,
  buildExposure,
  renderApp,
  signedInAs,
  orderList,
} from '@/testing';

/** A server holding `start`: the dashboard's and the content hub's reads, and a delete that removes one. */
function libraryApi(start: ContentFile[]) {
  let files = start;
  return mockApi({
    ...signedInAs(buildCompleteUser()),
    'GET /api/config': { body: buildPublicConfig() },
    'GET /api/me/activity': { body: buildActivity() },
    'GET /api/me/achievements': { body: { achievements: [], earned: 1, total: 14, next: null } },
    'GET /api/desk/exposure': deskAnswer(buildExposure()),
    'GET /api/portfolio': apiError(403, 'You do not have permission to perform this action.'),
    'GET /api/trades': orderList([]),
    'GET /api/content/files': () => ({ body: buildFileList(files) }),
    'GET /api/content/files/stats': () => ({ body: buildFileStats(files) }),
    'GET /api/content/files/session': { body: { files: [], count: 0, message: 'Session files' } },
    'GET /api/content/health': { body: { status: 'ok', database: 'ok', storage: 'ok', driver: 'local' } },
    'GET /api/content/recent-searches': { body: [] },
    'GET /api/content/shared-links': { body: { links: [], total: 0 } },
    [`DELETE /api/content/files/${start[0]!.id}`]: () => {
      files = files.slice(1);
      return { body: { success: true, message: 'File deleted successfully' } };
    },
  });
}

async function dashboardFileFigure() {
  await userEvent.click(await screen.findByRole('tab', { name: 'Content' }));
  const panel = screen.getByRole('tabpanel', { name: 'Content' });
  return within(panel).findByText(/files,/);
}

describe('the content figures, one cache entry for the hub and the dashboard', () => {
  it('a file deleted in the content hub leaves the dashboard with the new count', async () => {
    const invoice = buildContentFile();
    const photo = buildContentFile({ id: '22222222-2222-4222-8222-000000000002', name: 'photo.jpg' });
    libraryApi([invoice, photo]);
    const { router } = renderApp(
      [
        { path: paths.dashboard, element: <DashboardPage /> },
        { path: paths.contentAccess, element: <ContentAccessPage /> },
      ],
      { path: paths.dashboard },
    );
    expect(await dashboardFileFigure()).toHaveTextContent(/^2 files,/);

    await act(() => router.navigate(`${paths.contentAccess}?tab=manage`));
    await userEvent.click(await screen.findByRole('button', { name: `Delete ${invoice.name}` }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const figures = screen.getByRole('complementary', { name: 'Library figures' });
    await vi.waitFor(() => expect(within(figures).getByText('Files').nextElementSibling).toHaveTextContent('1'));

    await act(() => router.navigate(paths.dashboard));
    const figure = await dashboardFileFigure();
    await vi.waitFor(() => expect(figure).toHaveTextContent(/^1 files,/));
  });
});
