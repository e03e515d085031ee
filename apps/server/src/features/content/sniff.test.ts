import { describe, expect, it } from 'vitest';
import { makeExecutable, makePdf, makePng, makeSidewaysJpeg } from './content-test-kit';
import { sniff } from './sniff';

const text = (value: string) => Buffer.from(value, 'utf8');
const whole = (head: Buffer, fileName?: string) => sniff(head, { fileName, complete: true });
const type = (mime: string, ext: string, category: string) => ({ mime, ext, category });

describe('sniffing the type from the bytes', () => {
  it('recognises documents, images and media by their signatures, whatever the name says', async () => {
    expect(await whole(makePdf(['Invoice 42']), 'photo.jpg')).toEqual(type('application/pdf', 'pdf', 'document'));
    expect(await whole(await makePng(4, 4), 'notes.txt')).toEqual(type('image/png', 'png', 'image'));
    expect(await whole(await makeSidewaysJpeg(8, 4))).toMatchObject({ mime: 'image/jpeg', category: 'image' });
    const wav = Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'), Buffer.alloc(64)]);
    expect(await whole(wav, 'track.bin')).toMatchObject({ mime: 'audio/wav', category: 'audio' });
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\0\0isommp41', 'latin1')]);
    expect(await whole(mp4, 'clip.pdf')).toMatchObject({ mime: 'video/mp4', category: 'video' });
  });

  it('never takes a renamed executable for a PDF', async () => {
    expect(await whole(makeExecutable(), 'invoice.pdf')).toEqual(type('application/x-msdownload', 'exe', 'other'));
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
    expect(await whole(elf, 'price-list.pdf')).toMatchObject({ mime: 'application/x-elf', category: 'other' });
  });

  it('recognises plain text, CSV, Markdown and JSON as documents', async () => {
    expect(await whole(text('Bill of lading\nPort: Hamburg\n'), 'bol.txt')).toEqual(
      type('text/plain', 'txt', 'document'),
    );
    expect(await whole(text('sku,price\nA-1,9.50\n'), 'prices.csv')).toEqual(type('text/csv', 'csv', 'document'));
    expect(await whole(text('# Certificate of origin\n'), 'README.md')).toMatchObject({ mime: 'text/markdown' });
    expect(await whole(text('{"hs":"0901.21","origin":"BR"}'), 'data')).toEqual(
      type('application/json', 'json', 'document'),
    );
    expect(await whole(text('Preisliste für Kaffee – 1 € pro kg'))).toMatchObject({ mime: 'text/plain' });
    expect(await whole(text('\ufeffwith a byte order mark'))).toMatchObject({ mime: 'text/plain' });
  });

  it('keeps a text name only for text: a binary file called .csv is not CSV', async () => {
    const binary = Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x10, 0x00]);
    expect(await whole(binary, 'prices.csv')).toEqual(type('application/octet-stream', 'bin', 'other'));
    expect(await whole(text('a,b\u0000c'), 'prices.csv')).toMatchObject({ mime: 'application/octet-stream' });
    expect(await whole(Buffer.from([0x61, 0xc3, 0x28]), 'bad-utf8.txt')).toMatchObject({ category: 'other' });
  });

  it('reads a head cut in the middle of a character as text when the file goes on', async () => {
    const head = text('Zertifikat ü').subarray(0, -1);
    expect(await sniff(head, { fileName: 'z.txt', complete: false })).toMatchObject({ mime: 'text/plain' });
    expect(await sniff(head, { fileName: 'z.txt', complete: true })).toMatchObject({
      mime: 'application/octet-stream',
    });
  });

  it('names HTML, SVG and XML pages as such (they are served sandboxed), whatever the name', async () => {
    expect(await whole(text('<!DOCTYPE html><script>alert(1)</script>'), 'notes.txt')).toEqual(
      type('text/html', 'html', 'document'),
    );
    expect(await whole(text('  <svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'logo.png')).toEqual(
      type('image/svg+xml', 'svg', 'image'),
    );
    expect(await whole(text('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toMatchObject({
      mime: 'image/svg+xml',
    });
    expect(await whole(text('<?xml version="1.0"?><invoice><total>9</total></invoice>'))).toMatchObject({
      mime: 'application/xml',
      category: 'document',
    });
  });

  it('tells legacy Office files from other compound files by the name, only among compound files', async () => {
    const cfb = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    expect(await whole(cfb, 'invoice.xls')).toEqual(type('application/vnd.ms-excel', 'xls', 'document'));
    expect(await whole(cfb, 'setup.msi')).toMatchObject({ mime: 'application/x-cfb', category: 'other' });
  });
});
