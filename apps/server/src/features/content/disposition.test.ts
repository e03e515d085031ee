import { describe, expect, it } from 'vitest';
import { contentDisposition, fileResponseHeaders, SANDBOX_CSP } from './disposition';

describe('Content-Disposition (RFC 6266, RFC 5987 names)', () => {
  it('quotes a plain ASCII name as it is', () => {
    expect(contentDisposition('attachment', 'invoice-42.pdf')).toBe('attachment; filename="invoice-42.pdf"');
  });

  it('adds a UTF-8 name beside an ASCII fallback for other names', () => {
    expect(contentDisposition('attachment', 'Счёт №5.pdf')).toBe(
      `attachment; filename="____ _5.pdf"; filename*=UTF-8''%D0%A1%D1%87%D1%91%D1%82%20%E2%84%965.pdf`,
    );
    expect(contentDisposition('inline', 'price "list" (2026)\\v2%.csv')).toBe(
      `inline; filename="price _list_ (2026)_v2_.csv"; filename*=UTF-8''price%20%22list%22%20%282026%29%5Cv2%25.csv`,
    );
    expect(decodeURIComponent('%D0%A1%D1%87%D1%91%D1%82%20%E2%84%965.pdf')).toBe('Счёт №5.pdf');
  });

  it('lets no line break or control character into the header', () => {
    const header = contentDisposition('attachment', 'a\r\nSet-Cookie: x=1\u0000.txt');
    expect(header).toBe('attachment; filename="aSet-Cookie: x=1.txt"');
    expect(contentDisposition('attachment', '\r\n')).toBe('attachment; filename="download"');
  });
});

describe('headers for serving a user file', () => {
  it('shows safe types inline, with nosniff and a sandbox', () => {
    expect(fileResponseHeaders({ name: 'photo.jpg', mime: 'image/jpeg' })).toEqual({
      'content-type': 'image/jpeg',
      'content-disposition': 'inline; filename="photo.jpg"',
      'x-content-type-options': 'nosniff',
      'content-security-policy': SANDBOX_CSP,
    });
    expect(fileResponseHeaders({ name: 'notes.txt', mime: 'text/plain' })['content-type']).toBe(
      'text/plain; charset=utf-8',
    );
    expect(fileResponseHeaders({ name: 'clip.mp4', mime: 'video/mp4' })['content-disposition']).toMatch(/^inline/);
  });

  it('sends anything that could render as a page as a sandboxed attachment', () => {
    for (const mime of [
      'text/html',
      'image/svg+xml',
      'application/xml',
      'application/xhtml+xml',
      'application/x-msdownload',
    ]) {
      const headers = fileResponseHeaders({ name: 'x', mime });
      expect(headers['content-disposition'], mime).toMatch(/^attachment/);
      expect(headers['content-security-policy'], mime).toBe(SANDBOX_CSP);
      expect(headers['x-content-type-options']).toBe('nosniff');
    }
    expect(SANDBOX_CSP).toMatch(/^sandbox; default-src 'none'/);
  });

  it('leaves PDFs to the viewer (no sandbox), and downloads when asked', () => {
    const pdf = fileResponseHeaders({ name: 'invoice.pdf', mime: 'application/pdf' });
    expect(pdf['content-disposition']).toBe('inline; filename="invoice.pdf"');
    expect(pdf['content-security-policy']).toBeUndefined();
    expect(fileResponseHeaders({ name: 'photo.jpg', mime: 'image/jpeg', download: true })['content-disposition']).toBe(
      'attachment; filename="photo.jpg"',
    );
  });
});
