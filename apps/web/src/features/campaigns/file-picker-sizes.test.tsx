import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildCompleteUser, buildContentFile, buildFileList, mockApi, renderApp, signedInAs } from '@/testing';
import { FilePicker } from './components/file-picker';

describe('the attachment picker', () => {
  it('gives a small file "< 0.01 MB", never "0.00 MB"', async () => {
    mockApi({
      ...signedInAs(buildCompleteUser()),
      'GET /api/content/files': {
        body: buildFileList([
          buildContentFile({ name: 'invoice-2291.pdf', size: 2_048 }),
          buildContentFile({ id: '22222222-2222-4222-8222-000000000002', name: 'catalogue.pdf', size: 1_572_864 }),
        ]),
      },
    });
    renderApp(<FilePicker open onOpenChange={() => undefined} selected={[]} onDone={() => undefined} />);
    const picker = await screen.findByRole('dialog', { name: 'Attach files' });
    const invoice = await within(picker).findByRole('checkbox', { name: /invoice-2291\.pdf/ });
    expect(invoice).toHaveAccessibleName(/invoice-2291\.pdf\s*< 0\.01 MB/);
    expect(within(picker).getByRole('checkbox', { name: /catalogue\.pdf/ })).toHaveAccessibleName(/1\.50 MB/);
    expect(picker).not.toHaveTextContent('0.00 MB');
  });
});
