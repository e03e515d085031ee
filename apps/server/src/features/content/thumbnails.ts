import type { Readable } from 'node:stream';
import { UPLOAD_LIMITS } from '@tp/shared';
import { readToBuffer } from '../../plugins/storage/byte-limit';

/** Raster types the prebuilt sharp decodes (no SVG: a vector file is not rendered on the server). */
export const THUMBNAIL_SOURCE_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/tiff',
]);

export interface ThumbnailOptions {
  /** Longest side in pixels. */
  size?: number;
  format?: 'webp' | 'jpeg';
  maxInputBytes?: number;
  /** Decoded width × height; refuses decompression bombs before they are decoded. */
  maxInputPixels?: number;
}

export interface Thumbnail {
  data: Buffer;
  contentType: 'image/webp' | 'image/jpeg';
  width: number;
  height: number;
}

/**
 * A small image for the gallery: turned upright by its EXIF orientation, fitted inside size × size
 * without enlarging, metadata (GPS included) dropped. The input is read whole (image decoders
 * need random access) but never past maxInputBytes.
 */
export async function renderThumbnail(source: Readable, options: ThumbnailOptions = {}): Promise<Thumbnail> {
  const size = options.size ?? 320;
  const format = options.format ?? 'webp';
  const input = await readToBuffer(source, options.maxInputBytes ?? UPLOAD_LIMITS.contentManagerMaxBytes);
  // loaded on first use: libvips is ≈ 25 MB of the process's memory, and most processes never make a thumbnail
  const { default: sharp } = await import('sharp');
  const image = sharp(input, { limitInputPixels: options.maxInputPixels ?? 50_000_000, failOn: 'error' })
    .rotate()
    .resize(size, size, { fit: 'inside', withoutEnlargement: true });
  const encoded =
    format === 'webp'
      ? image.webp({ quality: 80 })
      : image.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { data, contentType: format === 'webp' ? 'image/webp' : 'image/jpeg', width: info.width, height: info.height };
}
