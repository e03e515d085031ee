import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { CONTENT_MESSAGES, fileQuotaExceededMessage, uploadRateLimitedMessage } from '@tp/shared';
import { useTestApp, signedInClient, type SignedInClient } from '../../test/kit';
import { filesUnder } from '../../plugins/storage/storage-test-kit';
import { contentFiles, contentOwnerStats } from './content.tables';
import { MULTIPART_BOUNDARY, multipartHeaders, upload } from './content-test-kit';
import { uploadCounterKey } from './upload-row';

async function fileCount(app: FastifyInstance, client: SignedInClient): Promise<number> {
  const rows = await app.deps.db
    .select({ id: contentFiles.id })
    .from(contentFiles)
    .where(eq(contentFiles.ownerUserId, client.user.id));
  return rows.length;
}

/** The minute of the user's upload counter is over (as if a minute had passed). */
async function endUploadMinute(app: FastifyInstance, client: SignedInClient): Promise<void> {
  await app.deps.connection.query('update rate_limits set reset_at = now() where key = $1', [
    uploadCounterKey(client.user.id),
  ]);
}

const note = (n: number) => ({ fileName: `note-${n}.txt`, content: Buffer.from(`price note ${n}`) });
const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort();

describe('the upload limits: uploads a minute and files kept, counted in the database', () => {
  const t = useTestApp({ CONTENT_UPLOADS_PER_MINUTE: '4', CONTENT_FILE_QUOTA: '6' });

  it('takes CONTENT_UPLOADS_PER_MINUTE uploads of a user at once and answers the rest 429 with Retry-After', async () => {
    const ada = await signedInClient(t.app);
    const answers = await Promise.all([0, 1, 2, 3, 4, 5].map((n) => upload(ada, note(n))));
    expect(statuses(answers)).toEqual([200, 200, 200, 200, 429, 429]);
    for (const refused of answers.filter((a) => a.statusCode === 429)) {
      expect(refused.json()).toEqual({ success: false, error: uploadRateLimitedMessage(4), code: 'RATE_LIMITED' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    expect(await fileCount(t.app, ada)).toBe(4);

    // another user has a minute of their own; the next minute takes uploads again
    const bob = await signedInClient(t.app);
    expect((await upload(bob, note(9))).statusCode).toBe(200);
    await endUploadMinute(t.app, ada);
    expect((await upload(ada, note(6))).statusCode).toBe(200);
    expect(await fileCount(t.app, ada)).toBe(5);
  });

  it('keeps at most CONTENT_FILE_QUOTA files a user, also against uploads at once, and refuses before reading', async () => {
    const carol = await signedInClient(t.app);
    await Promise.all([0, 1, 2, 3].map((n) => upload(carol, note(n))));
    await endUploadMinute(t.app, carol);
    const racing = await Promise.all([4, 5, 6, 7].map((n) => upload(carol, note(n))));
    expect(statuses(racing)).toEqual([200, 200, 413, 413]);
    for (const refused of racing.filter((a) => a.statusCode === 413)) {
      expect(refused.json()).toEqual({
        success: false,
        error: fileQuotaExceededMessage(6),
        code: 'FILE_QUOTA_EXCEEDED',
      });
    }
    expect(await fileCount(t.app, carol)).toBe(6);
    const [stats] = await t.app.deps.db
      .select()
      .from(contentOwnerStats)
      .where(eq(contentOwnerStats.ownerUserId, carol.user.id));
    expect(stats!.fileCount).toBe(6);

    // full: refused at once, nothing stored
    await endUploadMinute(t.app, carol);
    const blobsBefore = await filesUnder(t.app.deps.config.storage.localDir);
    const full = await upload(carol, note(8));
    expect(full.json().code).toBe('FILE_QUOTA_EXCEEDED');
    expect(await filesUnder(t.app.deps.config.storage.localDir)).toEqual(blobsBefore);

    const [first] = await t.app.deps.db
      .select({ id: contentFiles.id })
      .from(contentFiles)
      .where(eq(contentFiles.ownerUserId, carol.user.id));
    expect((await carol.delete(`/api/content/files/${first!.id}`)).statusCode).toBe(200);
    expect((await upload(carol, note(9))).statusCode).toBe(200);
  });
});

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
