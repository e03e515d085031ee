import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, buildContentFile, buildFileList, mockApi, mockUploads, renderApp } from '@/testing';
import { DESCRIPTION_MAX, TAG_MAX, TAGS_FIELD_MAX, TAGS_MAX } from '@tp/shared';
import { paths } from '@/lib/paths';
import ContentAccessPage from './content-access-page';
import { contentRoutes } from './content-api.fixture';

const renderManage = () => renderApp(<ContentAccessPage />, { path: `${paths.contentAccess}?tab=manage` });

function fileOf(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const uploadAnswer = (file = buildContentFile({ name: 'invoice.pdf' })) => ({
  file,
  access: { isPublic: file.isPublic, url: file.url },
  urls: {
    publicUrl: `http://x${file.url}`,
    downloadUrl: `http://x${file.downloadUrl}`,
    legacyUrl: 'http://x/api/v1/content/1',
  },
});

describe('content hub: uploads', () => {
  it('refuses a file over 25 MB and a type it does not take, with the spec texts, before any upload', async () => {
    mockApi(contentRoutes());
    const xhr = mockUploads();
    renderManage();
    const input = await screen.findByLabelText('Browse files');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, [
      fileOf('catalogue.mp4', 'video/mp4', 26_214_401),
      fileOf('setup.exe', 'application/x-msdownload', 1_000),
      fileOf('exactly-25.pdf', 'application/pdf', 26_214_400),
    ]);
    const toast = await screen.findByText('File Upload Error');
    const box = toast.closest('li')!;
    expect(box).toHaveTextContent('catalogue.mp4: File size exceeds 25MB limit');
    expect(box).toHaveTextContent('setup.exe: File type not allowed. Accepted: image/*, video/*');
    const list = screen.getByRole('list', { name: 'Upload list' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('exactly-25.pdf')).toBeInTheDocument();
    expect(within(list).getByText(/^25 MB/)).toBeInTheDocument();
    expect(xhr.uploads).toHaveLength(0);
  });

  it('uploads with its metadata and a progress bar, then lists the new file', async () => {
    const uploaded = buildContentFile({ name: 'invoice.pdf', description: 'Lisbon', tags: ['invoice'] });
    let listed = [] as ReturnType<typeof buildContentFile>[];
    const calls = mockApi(contentRoutes([], { 'GET /api/content/files': () => ({ body: buildFileList(listed) }) }));
    const xhr = mockUploads();
    renderManage();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Browse files'), fileOf('invoice.pdf', 'application/pdf', 2_000));
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Lisbon');
    await user.type(screen.getByRole('textbox', { name: 'Tags' }), 'invoice');
    await user.click(screen.getByRole('switch', { name: 'Make public' }));
    await user.click(screen.getByRole('button', { name: 'Upload file' }));

    const upload = await xhr.sent(0);
    expect(upload.method).toBe('POST');
    expect(upload.url).toBe('/api/content/upload');
    expect(upload.headers.authorization).toBe('Bearer access-token');
    expect(upload.fields).toEqual({ description: 'Lisbon', tags: 'invoice', isPublic: 'true' });
    expect(upload.file?.name).toBe('invoice.pdf');

    upload.progress(800, 2_000);
    const bar = await screen.findByRole('progressbar', { name: 'Uploading invoice.pdf' });
    // the bar can appear at 0 before the progress event's render lands
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    expect(screen.getByText(/40%/)).toBeInTheDocument();

    const listsBefore = calls.filter((c) => c.key === 'GET /api/content/files').length;
    listed = [uploaded];
    upload.respond(200, uploadAnswer(uploaded));
    // its size as people read one: 2,000 bytes are "1.95 KB", not "0.00 MB"
    expect(await screen.findByText('1.95 KB · Uploaded')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    const files = await screen.findByRole('list', { name: 'Files' });
    expect(within(files).getByText('invoice.pdf')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'GET /api/content/files').length).toBeGreaterThan(listsBefore);
    expect(calls.filter((c) => c.key === 'GET /api/auth/me').length).toBeGreaterThan(1); // the sidebar's Files figure
  });

  it("shows the server's 413 text on the file, and cancels an upload in flight", async () => {
    mockApi(contentRoutes());
    const xhr = mockUploads();
    renderManage();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Browse files'), [
      fileOf('photos.zip', 'application/zip', 9_000),
      fileOf('price-list.pdf', 'application/pdf', 9_000),
    ]);
    await user.click(screen.getByRole('button', { name: 'Upload 2 files' }));
    const [zip, pdf] = [await xhr.sent(0), await xhr.sent(1)];
    zip.respond(
      413,
      apiError(413, 'Storage quota exceeded: your files may use at most 1 GB in all. Delete some files to make room.', {
        code: 'QUOTA_EXCEEDED',
      }).body,
    );
    expect(await screen.findByText(/Storage quota exceeded: your files may use at most 1 GB/)).toBeInTheDocument();

    pdf.progress(100, 9_000);
    await user.click(await screen.findByRole('button', { name: 'Cancel upload of price-list.pdf' }));
    expect(pdf.aborted).toBe(true);
    expect(await screen.findByText(/Cancelled$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry price-list.pdf' })).toBeInTheDocument();
  });

  it("shows the spec's texts when an upload is refused part-way, by the server or a proxy, or the connection drops", async () => {
    mockApi(contentRoutes());
    const xhr = mockUploads();
    renderManage();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Browse files'), [
      fileOf('catalogue.pdf', 'application/pdf', 20_000_000),
      fileOf('brochure.pdf', 'application/pdf', 20_000_000),
      fileOf('samples.pdf', 'application/pdf', 20_000_000),
    ]);
    await user.click(screen.getByRole('button', { name: 'Upload 3 files' }));
    const [server, proxy, dropped] = [await xhr.sent(0), await xhr.sent(1), await xhr.sent(2)];
    const row = (name: string) =>
      within(screen.getByRole('list', { name: 'Upload list' }))
        .getByText(name)
        .closest('li')!;

    // the answer arrives while the progress bar is still part-way
    server.progress(10_000_000, 20_000_000);
    expect(await screen.findByRole('progressbar', { name: 'Uploading catalogue.pdf' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    server.respond(413, apiError(413, 'File size exceeds 25MB limit', { code: 'PAYLOAD_TOO_LARGE' }).body);
    await vi.waitFor(() => expect(row('catalogue.pdf')).toHaveTextContent('File size exceeds 25MB limit'));
    expect(screen.queryByRole('progressbar', { name: 'Uploading catalogue.pdf' })).not.toBeInTheDocument();

    proxy.respondText(413, '<html><body><h1>413 Request Entity Too Large</h1></body></html>');
    await vi.waitFor(() => expect(row('brochure.pdf')).toHaveTextContent('File size exceeds 25MB limit'));

    dropped.fail();
    await vi.waitFor(() => expect(row('samples.pdf')).toHaveTextContent('Failed to upload file'));
    expect(screen.getByRole('button', { name: 'Retry samples.pdf' })).toBeInTheDocument();
  });

  it('starts the next file blank: Description, Tags and Make public go with the files being uploaded', async () => {
    mockApi(contentRoutes());
    const xhr = mockUploads();
    renderManage();
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Browse files');
    await user.upload(input, fileOf('invoice.pdf', 'application/pdf', 2_000));
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Lisbon');
    await user.type(screen.getByRole('textbox', { name: 'Tags' }), 'invoice');
    await user.click(screen.getByRole('switch', { name: 'Make public' }));
    await user.click(screen.getByRole('button', { name: 'Upload file' }));
    const first = await xhr.sent(0);
    expect(first.fields).toEqual({ description: 'Lisbon', tags: 'invoice', isPublic: 'true' });
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Tags' })).toHaveValue('');
    expect(screen.getByRole('switch', { name: 'Make public' })).not.toBeChecked();

    // a retry sends what the file was started with
    first.fail();
    await user.click(await screen.findByRole('button', { name: 'Retry invoice.pdf' }));
    expect((await xhr.sent(1)).fields).toEqual({ description: 'Lisbon', tags: 'invoice', isPublic: 'true' });

    await user.upload(input, fileOf('photo.png', 'image/png', 3_000));
    await user.click(screen.getByRole('button', { name: 'Upload file' }));
    expect((await xhr.sent(2)).fields).toEqual({ description: '', tags: '', isPublic: 'false' });
  });

  it('keeps the Tags field within the contract: its length, and a clear message for a tag too long or too many tags', async () => {
    mockApi(contentRoutes());
    const xhr = mockUploads();
    renderManage();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Browse files'), fileOf('invoice.pdf', 'application/pdf', 2_000));
    const tags = screen.getByRole('textbox', { name: 'Tags' });
    expect(tags).toHaveAttribute('maxLength', String(TAGS_FIELD_MAX));
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAttribute('maxLength', String(DESCRIPTION_MAX));
    expect(tags).toHaveAccessibleDescription('Separate tags with commas.');

    await user.type(tags, `invoice, ${'x'.repeat(TAG_MAX + 1)}`);
    expect(tags).toHaveAttribute('aria-invalid', 'true');
    expect(tags).toHaveAccessibleDescription('Separate tags with commas. Each tag may have at most 50 characters.');
    await user.click(screen.getByRole('button', { name: 'Upload file' }));
    expect(tags).toHaveFocus(); // nothing sent: the field says what to mend
    expect(xhr.uploads).toHaveLength(0);

    await user.clear(tags);
    await user.click(tags);
    await user.paste(Array.from({ length: TAGS_MAX + 1 }, (_, i) => `tag${i}`).join(', '));
    expect(tags).toHaveAccessibleDescription('Separate tags with commas. Add at most 20 tags.');
    await user.type(tags, '{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(tags).not.toHaveAttribute('aria-invalid');
    expect(tags).toHaveAccessibleDescription('Separate tags with commas.');
    await user.click(screen.getByRole('button', { name: 'Upload file' }));
    expect((await xhr.sent(0)).fields.tags).toBe(Array.from({ length: TAGS_MAX }, (_, i) => `tag${i}`).join(', '));
  });

  it('refuses an empty file before any upload, saying so', async () => {
    mockApi(contentRoutes());
    const xhr = mockUploads();
    renderManage();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Browse files'), new File([], 'empty.txt', { type: 'text/plain' }));
    const toast = await screen.findByText('File Upload Error');
    expect(toast.closest('li')).toHaveTextContent('empty.txt: File is empty (0 bytes)');
    expect(screen.queryByRole('list', { name: 'Upload list' })).not.toBeInTheDocument();
    expect(xhr.uploads).toHaveLength(0);
  });

  it('says "Deleted" in the upload list for an uploaded file deleted from the library', async () => {
    const uploaded = buildContentFile({ name: 'invoice.pdf' });
    let listed = [] as ReturnType<typeof buildContentFile>[];
    mockApi(
      contentRoutes([], {
        'GET /api/content/files': () => ({ body: buildFileList(listed) }),
        [`DELETE /api/content/files/${uploaded.id}`]: () => {
          listed = [];
          return { body: { success: true, message: 'File deleted successfully' } };
        },
      }),
    );
    const xhr = mockUploads();
    renderManage();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Browse files'), fileOf('invoice.pdf', 'application/pdf', 2_000));
    await user.click(screen.getByRole('button', { name: 'Upload file' }));
    listed = [uploaded];
    (await xhr.sent(0)).respond(200, uploadAnswer(uploaded));
    expect(await screen.findByText('1.95 KB · Uploaded')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Delete invoice.pdf' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('1.95 KB · Deleted')).toBeInTheDocument();
    expect(screen.queryByText(/· Uploaded/)).not.toBeInTheDocument();
  });

  it('says "File Removed" for 2 s when a file leaves the upload list, and "Download Started" for 2 s on a download', async () => {
    const file = buildContentFile({ name: 'invoice.pdf' });
    mockApi(contentRoutes([file]));
    mockUploads();
    const { notifications } = renderManage();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Browse files'), fileOf('photo.png', 'image/png', 3_000));
    await user.click(screen.getByRole('button', { name: 'Remove photo.png from the list' }));
    expect(notifications.getSnapshot()[0]).toMatchObject({
      title: 'File Removed',
      message: 'photo.png was removed',
      duration: 2000,
    });

    const download = await screen.findByRole('link', { name: 'Download invoice.pdf' });
    download.addEventListener('click', (event) => event.preventDefault()); // jsdom cannot navigate
    await user.click(download);
    expect(notifications.getSnapshot()[0]).toMatchObject({
      title: 'Download Started',
      message: 'invoice.pdf',
      duration: 2000,
    });
  });

  it('takes files dropped on the drop zone', async () => {
    mockApi(contentRoutes());
    mockUploads();
    renderManage();
    const zone = await screen.findByTestId('drop-zone');
    const dropped = fileOf('bill-of-lading.pdf', 'application/pdf', 5_000);
    const dataTransfer = { files: [dropped], types: ['Files'] };
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.dragEnter(zone, { dataTransfer });
    expect(zone).toHaveAttribute('data-drag-over', 'true');
    fireEvent.drop(zone, { dataTransfer });
    expect(zone).not.toHaveAttribute('data-drag-over');
    await vi.waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Upload list' })).getByText('bill-of-lading.pdf'),
      ).toBeInTheDocument(),
    );
  });
});
