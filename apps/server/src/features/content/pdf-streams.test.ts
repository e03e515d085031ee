import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makeInflateBombPdf, makePdf } from './content-test-kit';
import { checkPdfStreams, InflateLimitError } from './pdf-streams';

const MiB = 1024 * 1024;
const limits = { maxStreamBytes: 4 * MiB, maxFileBytes: 10 * MiB };

/** A stream object of `inflated` bytes (spaces), Flate-compressed, with extra dictionary entries. */
function flateObject(id: number, inflated: number, entries = ''): Buffer {
  const data = deflateSync(Buffer.alloc(inflated, ' '));
  return Buffer.concat([
    Buffer.from(`${id} 0 obj\n<< ${entries} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
}

const pdfOf = (...parts: Array<Buffer | string>) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n'), ...parts.map((part) => Buffer.from(part)), Buffer.from('%%EOF\n')]);

const failureOf = (pdf: Buffer) =>
  checkPdfStreams(pdf, limits).then(
    () => undefined,
    (e: unknown) => e,
  );

describe('the inflate limits of a PDF', () => {
  it('lets a normal PDF through', async () => {
    await expect(checkPdfStreams(makePdf(['Invoice 7: 12 t of sesame']), limits)).resolves.toBeUndefined();
    await expect(
      checkPdfStreams(pdfOf(flateObject(1, 3 * MiB), flateObject(2, 3 * MiB)), limits),
    ).resolves.toBeUndefined();
  });

  it('refuses one stream that inflates past the stream limit', async () => {
    const error = await failureOf(await makeInflateBombPdf('x', { pages: 2, inflatedBytes: 32 * MiB }));
    expect(error).toBeInstanceOf(InflateLimitError);
    expect(error).toMatchObject({ scope: 'stream', limit: 4 * MiB });
  });

  it('refuses streams that each pass but together inflate past the file limit', async () => {
    const error = await failureOf(
      pdfOf(flateObject(1, 3 * MiB), flateObject(2, 3 * MiB), flateObject(3, 3 * MiB), flateObject(4, 3 * MiB)),
    );
    expect(error).toMatchObject({ scope: 'file', limit: 10 * MiB });
  });

  it('finds a stream whose /Length is a reference, or wrong, by its endstream', async () => {
    const data = deflateSync(Buffer.alloc(5 * MiB, ' '));
    for (const length of ['9 0 R', '12']) {
      const pdf = pdfOf(
        Buffer.from(`1 0 obj\n<< /Length ${length} /Filter [/FlateDecode] >>\nstream\r\n`, 'latin1'),
        data,
        '\nendstream\nendobj\n',
      );
      expect(await failureOf(pdf)).toMatchObject({ scope: 'stream' });
    }
  });

  it('skips images and embedded files, which text extraction never decodes', async () => {
    const pdf = pdfOf(
      flateObject(1, 5 * MiB, '/Type /XObject /Subtype /Image /Width 2048 /Height 2560 /BitsPerComponent 8'),
      flateObject(2, 5 * MiB, '/Type /EmbeddedFile'),
    );
    await expect(checkPdfStreams(pdf, limits)).resolves.toBeUndefined();
  });

  it('is not misled by << in a string or a comment, nor by a dictionary nested in the stream’s', async () => {
    const pdf = pdfOf(
      '1 0 obj\n(an unbalanced << \\) in a string) endobj\n% and << in a comment\n',
      flateObject(2, 5 * MiB, '/DecodeParms << /Predictor 1 >>'),
    );
    expect(await failureOf(pdf)).toMatchObject({ scope: 'stream' });
  });
});
