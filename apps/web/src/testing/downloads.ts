import { onTestFinished, vi } from 'vitest';

export interface SavedFile {
  /** The name the browser was asked to save it under. */
  name: string;
  blob: Blob;
}

/**
 * Catches what the app hands the browser to save (lib/download: an object URL clicked as a
 * download link), which jsdom cannot do. Call inside the test; returns the files saved, in order.
 * Undone when the test ends.
 */
export function captureDownloads(): SavedFile[] {
  const saved: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test-${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => {};
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    if (blob) saved.push({ name: this.download, blob });
  });
  onTestFinished(() => {
    click.mockRestore();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
  return saved;
}
