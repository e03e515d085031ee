import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS } from '@tp/shared';
import { makeInflateBombPdf, makePdf } from './content-test-kit';
import { canExtractText, extractText } from './extract-text';
import { InflateLimitError } from './pdf-streams';

const streamOf = (data: Buffer | string) => Readable.from([Buffer.from(data)]);
const maxInputBytes = UPLOAD_LIMITS.contentManagerMaxBytes;

describe('text extraction for the search index', () => {
  it('reads the words inside a PDF, page by page', async () => {
    const pdf = makePdf(['Certificate of origin: Brazil', 'Coffee beans (arabica), 40 bags']);
    const extracted = await extractText(streamOf(pdf), 'application/pdf', { maxInputBytes });
    expect(extracted?.truncated).toBe(false);
    expect(extracted?.text).toContain('Certificate of origin: Brazil');
    expect(extracted?.text).toContain('Coffee beans (arabica), 40 bags');
  });

  it('stops at the page and character bounds and says the text was cut', async () => {
    const pdf = makePdf(['first page words', 'second page words', 'third page words']);
    const byPages = await extractText(streamOf(pdf), 'application/pdf', { maxInputBytes, maxPages: 2 });
    expect(byPages).toMatchObject({ truncated: true });
    expect(byPages?.text).not.toContain('third');
    const byChars = await extractText(streamOf(pdf), 'application/pdf', { maxInputBytes, maxChars: 10 });
    expect(byChars).toEqual({ text: 'first page', truncated: true });
  });

  it('reads text documents, without NUL or control characters, and stops reading at the bound', async () => {
    const csv = 'sku,description\nA-1,Green coffee\u0000\u0007 Santos\n';
    expect(await extractText(streamOf(csv), 'text/csv', { maxInputBytes })).toEqual({
      text: 'sku,description\nA-1,Green coffee Santos',
      truncated: false,
    });
    let chunksRead = 0;
    const endless = Readable.from(
      (function* () {
        for (;;) {
          chunksRead += 1;
          yield Buffer.from('price list '.repeat(1_000));
        }
      })(),
    );
    const extracted = await extractText(endless, 'text/plain', { maxInputBytes, maxChars: 25_000 });
    expect(extracted).toMatchObject({ truncated: true });
    expect(extracted?.text.length).toBe(25_000);
    expect(chunksRead).toBeLessThan(10);
    expect(endless.destroyed).toBe(true);
  });

  it('reads JSON and Markdown as text, and nothing from other types', async () => {
    expect((await extractText(streamOf('{"hs":"0901"}'), 'application/json', { maxInputBytes }))?.text).toBe(
      '{"hs":"0901"}',
    );
    expect((await extractText(streamOf('# Price list'), 'text/markdown', { maxInputBytes }))?.text).toBe(
      '# Price list',
    );
    const image = streamOf('not read');
    expect(await extractText(image, 'image/png', { maxInputBytes })).toBeNull();
    expect(image.destroyed).toBe(true);
    expect(canExtractText('application/pdf')).toBe(true);
    expect(canExtractText('text/html')).toBe(false);
  });

  it('fails on a damaged PDF', async () => {
    await expect(extractText(streamOf('%PDF-1.4\nnot really'), 'application/pdf', { maxInputBytes })).rejects.toThrow();
  });

  it('refuses a PDF whose streams inflate past the limits, before reading its pages', async () => {
    const bomb = await makeInflateBombPdf('never read', { pages: 2, inflatedBytes: 8 * 1024 * 1024 });
    const reading = extractText(streamOf(bomb), 'application/pdf', { maxInputBytes, maxStreamBytes: 4 * 1024 * 1024 });
    await expect(reading).rejects.toBeInstanceOf(InflateLimitError);
  });

  it('tidies white space in linear time: 200,000 carriage returns in a row take moments', async () => {
    const started = performance.now();
    const extracted = await extractText(streamOf(`Packing list${'\r'.repeat(199_000)}end`), 'text/plain', {
      maxInputBytes,
    });
    expect(extracted?.text.startsWith('Packing list\r')).toBe(true);
    // a backtracking pattern took 30 s here (quadratic in the run's length)
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});
