import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, buildCompleteUser, captureDownloads, mockApi, renderApp, signedInAs } from '@/testing';
import { ExportsPanel } from './components/exports-panel';

const CSV = '\ufeffreference,counterparty,direction\r\nINV-2026-0142,Rösterei Hamburg GmbH,receivable\r\n';

describe('desk: exports', () => {
  it('downloads each CSV with the session’s token and saves it under its name', async () => {
    const saved = captureDownloads();
    const calls = mockApi({
      ...signedInAs(buildCompleteUser()),
      'GET /api/desk/export/invoices.csv': { raw: { body: CSV, contentType: 'text/csv; charset=utf-8' } },
    });
    renderApp(<ExportsPanel />);
    const exports = await screen.findByRole('region', { name: 'Exports' });
    await userEvent.click(within(exports).getByRole('button', { name: 'Invoices CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('desk-invoices.csv');
    expect(new Uint8Array(await saved[0]!.blob.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    const asked = calls.find((c) => c.key === 'GET /api/desk/export/invoices.csv')!;
    expect(asked.headers.authorization).toBe('Bearer access-token');
  });

  it('says so beside the button when the export fails, and nothing is saved', async () => {
    const saved = captureDownloads();
    mockApi({
      ...signedInAs(buildCompleteUser()),
      'GET /api/desk/export/payments.csv': apiError(503, 'The export is unavailable right now.'),
    });
    renderApp(<ExportsPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Payments CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: The export is unavailable right now.');
    expect(saved).toEqual([]);
  });
});
