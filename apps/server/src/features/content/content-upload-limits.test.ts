import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { CONTENT_MESSAGES } from '@tp/shared';
import { useTestApp, signedInClient, type SignedInClient } from '../../test/kit';
import { filesUnder } from '../../plugins/storage/storage-test-kit';
import { contentFiles } from './content.tables';
import { MULTIPART_BOUNDARY, multipartHeaders } from './content-test-kit';

async function fileCount(app: FastifyInstance, client: SignedInClient): Promise<number> {
  const rows = await app.deps.db
    .select({ id: contentFiles.id })
    .from(contentFiles)
    .where(eq(contentFiles.ownerUserId, client.user.id));
  return rows.length;
}

describe('a malformed multipart body', () => {
  const t = useTestApp();

  const part = (name: string, value: string) =>
    `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const filePart = (content: string) =>
    `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="prices.txt"\r\n` +
    `Content-Type: text/plain\r\n\r\n${content}`;

  it.each([
    ['cut short inside the file', `${part('description', 'Prices')}${filePart('Arabica AA 4.20 USD/lb')}`],
    ['cut short inside a field', `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="tags"\r\n\r\nco`],
    ['with a broken part header', `--${MULTIPART_BOUNDARY}\r\nContent-Disposition form-data\r\n\r\nx\r\n`],
    ['with no boundary line at all', 'Arabica AA 4.20 USD/lb'],
    ['sent without a boundary in its Content-Type', `${part('tags', 'coffee')}--${MULTIPART_BOUNDARY}--\r\n`, {}],
  ])('answers 400 naming the body when it is %s, and keeps nothing', async (_case, body, headers?: object) => {
    const ada = await signedInClient(t.app);
    const blobsBefore = await filesUnder(t.app.deps.config.storage.localDir);
    const res = await ada.post('/api/content/upload', Buffer.from(body), {
      headers: headers ? { 'content-type': 'multipart/form-data' } : multipartHeaders(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      details: [{ field: 'body' }],
    });
    expect(res.json().error).toBe(CONTENT_MESSAGES.malformedUpload);
    expect(await fileCount(t.app, ada)).toBe(0);
    expect(await filesUnder(t.app.deps.config.storage.localDir)).toEqual(blobsBefore);
  });
});
