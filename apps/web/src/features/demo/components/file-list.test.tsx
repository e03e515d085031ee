import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationStore } from '@/lib/notification-types';
import { renderApp } from '@/testing';
import { FileList, type FileItem } from './file-list';

const file = (name: string, size: number, type: string) => new File([new Uint8Array(size)], name, { type });
const MB = 1024 * 1024;

let store: NotificationStore;

function Harness({
  initial = [],
  ...props
}: { initial?: FileItem[] } & Partial<React.ComponentProps<typeof FileList>>) {
  const [files, setFiles] = useState<FileItem[]>(initial);
  return (
    <FileList
      files={files}
      onFilesAdded={(added) =>
        setFiles((list) => [
          ...list,
          ...added.map((f, i) => ({ id: `${f.name}-${i}`, name: f.name, type: f.type, size: f.size })),
        ])
      }
      onRemove={(f) => setFiles((list) => list.filter((x) => x.id !== f.id))}
      {...props}
    />
  );
}

function setup(props: React.ComponentProps<typeof Harness> = {}) {
  store = renderApp(<Harness {...props} />).notifications;
}

const drop = (files: File[]) => fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files } });

afterEach(() => vi.useRealTimers());

describe('FileList', () => {
  it('highlights while dragging over, and not after leave or drop', () => {
    setup();
    const zone = screen.getByTestId('drop-zone');
    fireEvent.dragEnter(zone);
    expect(zone).toHaveAttribute('data-drag-over', 'true');
    fireEvent.dragLeave(zone);
    expect(zone).not.toHaveAttribute('data-drag-over');
    fireEvent.dragOver(zone);
    expect(zone).toHaveAttribute('data-drag-over', 'true');
    drop([]);
    expect(zone).not.toHaveAttribute('data-drag-over');
  });

  it('reports invalid files together, one per line, in one error that does not auto-close; passes the valid ones on', () => {
    vi.useFakeTimers();
    setup({ accept: ['image/*', '.pdf'] });
    drop([
      file('photo.png', 1000, 'image/png'),
      file('huge.pdf', 11 * MB, 'application/pdf'),
      file('setup.exe', 10, 'application/x-msdownload'),
    ]);
    const shown = store.getSnapshot();
    expect(shown).toHaveLength(2);
    const error = shown.find((n) => n.type === 'error')!;
    expect(error).toMatchObject({
      title: 'File Upload Error',
      message: 'huge.pdf: File size exceeds 10MB limit\nsetup.exe: File type not allowed. Accepted: image/*, .pdf',
      autoClose: false,
    });
    const success = shown.find((n) => n.type === 'success')!;
    expect(success).toMatchObject({ title: 'Files Added', message: '1 file is ready for upload', duration: 3000 });
    expect(screen.getByRole('list', { name: 'Files list' })).toHaveTextContent('photo.png');
    expect(screen.queryByText('huge.pdf')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(3300));
    expect(store.getSnapshot().map((n) => n.title)).toEqual(['File Upload Error']);
  });

  it('accepts picks from the file input (keyboard path) with a custom size limit', async () => {
    setup({ maxFileSize: 2 * MB });
    const input = screen.getByLabelText('Browse files');
    await userEvent.upload(input, [file('a.csv', 10, 'text/csv'), file('b.csv', 3 * MB, 'text/csv')]);
    expect(store.getSnapshot().find((n) => n.type === 'error')!.message).toBe('b.csv: File size exceeds 2MB limit');
    expect(screen.getByText('a.csv')).toBeInTheDocument();
  });

  it('stops at maxFiles (10 by default) with "Maximum files reached"', () => {
    const initial = Array.from({ length: 9 }, (_, i) => ({
      id: `f${i}`,
      name: `f${i}.txt`,
      type: 'text/plain',
      size: 1,
    }));
    setup({ initial });
    drop([file('x.txt', 1, 'text/plain'), file('y.txt', 1, 'text/plain')]);
    expect(store.getSnapshot().find((n) => n.type === 'error')!.message).toBe('y.txt: Maximum files reached');
    expect(screen.getByTestId('drop-zone')).toHaveTextContent('Maximum files reached');
    expect(screen.queryByLabelText('Browse files')).not.toBeInTheDocument();
    expect(screen.getByText(/10 of 10 used/)).toBeInTheDocument();
  });

  it('removes a file with a "File Removed" notice of 2 s, and announces downloads for 2 s', async () => {
    setup({ initial: [{ id: '1', name: 'terms.pdf', type: 'application/pdf', size: 1_572_864, url: '/files/1' }] });
    expect(screen.getByText('1.50 MB · application/pdf')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Download terms.pdf' });
    expect(link).toHaveAttribute('download', 'terms.pdf');
    link.addEventListener('click', (e) => e.preventDefault()); // jsdom cannot navigate
    await userEvent.click(link);
    expect(store.getSnapshot()[0]).toMatchObject({ title: 'Download Started', duration: 2000 });
    await userEvent.click(screen.getByRole('button', { name: 'Remove terms.pdf' }));
    expect(store.getSnapshot()[0]).toMatchObject({ title: 'File Removed', duration: 2000 });
    // the toasts name the file too: look at the list's entry
    expect(screen.queryByText('1.50 MB · application/pdf')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove terms.pdf' })).not.toBeInTheDocument();
  });

  it('shows no drop area when uploads are not allowed', () => {
    setup({ allowUpload: false });
    expect(screen.queryByTestId('drop-zone')).not.toBeInTheDocument();
  });
});
