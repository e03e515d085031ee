import { Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { TooLargeError } from '../../plugins/storage';
import { makePng, makeSidewaysJpeg } from './content-test-kit';
import { renderThumbnail } from './thumbnails';

const streamOf = (data: Buffer) => Readable.from([data]);

describe('image thumbnails', () => {
  it('turns a sideways photo upright by its EXIF orientation and fits it in 320 px, as WebP', async () => {
    // stored 640 × 320 with orientation 6: the photo is 320 wide and 640 tall
    const thumbnail = await renderThumbnail(streamOf(await makeSidewaysJpeg(640, 320)));
    expect(thumbnail).toMatchObject({ contentType: 'image/webp', width: 160, height: 320 });
    const meta = await sharp(thumbnail.data).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 160, height: 320 });
    expect(meta.exif).toBeUndefined();
  });

  it('does not enlarge a small image, and writes JPEG on a white background when asked', async () => {
    const thumbnail = await renderThumbnail(streamOf(await makePng(40, 30)), { format: 'jpeg' });
    expect(thumbnail).toMatchObject({ contentType: 'image/jpeg', width: 40, height: 30 });
    const { data } = await sharp(thumbnail.data).raw().toBuffer({ resolveWithObject: true });
    // half-transparent green over white
    expect([data[0], data[1], data[2]].map((v) => Math.round((v ?? 0) / 10))).toEqual([13, 19, 13]);
  });

  it('refuses an input larger than its byte bound before decoding anything', async () => {
    const png = await makePng(64, 64);
    await expect(renderThumbnail(streamOf(png), { maxInputBytes: png.length - 1 })).rejects.toBeInstanceOf(
      TooLargeError,
    );
  });

  it('refuses an image of more pixels than allowed (a decompression bomb)', async () => {
    await expect(renderThumbnail(streamOf(await makePng(200, 200)), { maxInputPixels: 10_000 })).rejects.toThrow(
      /pixel limit/i,
    );
  });

  it('fails on bytes that are no image', async () => {
    await expect(renderThumbnail(streamOf(Buffer.from('not an image at all')))).rejects.toThrow();
  });
});
