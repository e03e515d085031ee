import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestApp, signedInClient, type SignedInClient } from '../../test/kit';
import { filesUnder } from '../../plugins/storage/storage-test-kit';
import { authSessions } from '../auth/auth.tables';
import { activityDays, userActivity } from '../activity/activity.tables';
import { localDay } from '../activity/calendar';
import { users } from '../users/users.tables';
import { contentFiles, contentOwnerStats } from './content.tables';
import { upload, uploaded } from './content-test-kit';
import { recordUpload, startUpload, type NewFile } from './upload-row';

/**
 * The upload's two statements (decision 0028): the first proves the session live (decision 0027),
 * the second writes the quota, the row and the activity event together or not at all.
 */
describe('the upload row', () => {
  const t = useTestApp();

  /** Everything an upload writes for one user. */
  async function writtenFor(client: SignedInClient) {
    const { db } = t.app.deps;
    return {
      files: await db
        .select({ id: contentFiles.id })
        .from(contentFiles)
        .where(eq(contentFiles.ownerUserId, client.user.id)),
      stats: await db.select().from(contentOwnerStats).where(eq(contentOwnerStats.ownerUserId, client.user.id)),
      events: await db.select().from(userActivity).where(eq(userActivity.userId, client.user.id)),
      blobs: await filesUnder(t.app.deps.config.storage.localDir),
    };
  }

  const binary = () => ({ fileName: 'crate.bin', content: randomBytes(40_000) });

  it('refuses a logged-out or expired session at once, writing nothing', async () => {
    const ada = await signedInClient(t.app);
    await uploaded(ada, binary());
    const before = await writtenFor(ada);
    expect((await ada.post('/api/auth/logout', {})).statusCode).toBe(200);
    const refused = await upload(ada, binary());
    expect(refused.statusCode, refused.body).toBe(401);
    expect(await writtenFor(ada)).toEqual(before);

    const bob = await signedInClient(t.app);
    await t.app.deps.db
      .update(authSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authSessions.id, bob.sessionId));
    const bobBefore = await writtenFor(bob);
    expect((await upload(bob, binary())).statusCode).toBe(401);
    expect(await writtenFor(bob)).toEqual(bobBefore);
  });

  it('writes the row, the quota totals and the activity event of a file without background steps', async () => {
    const carol = await signedInClient(t.app);
    const { file } = await uploaded(carol, binary(), { description: 'Crate photos', tags: 'crates' });
    const [row] = await t.app.deps.db.select().from(contentFiles).where(eq(contentFiles.id, file.id));
    expect(row).toMatchObject({
      size: 40_000,
      mime: 'application/octet-stream',
      textState: 'skipped',
      thumbnailState: 'skipped',
      sessionId: carol.sessionId,
    });
    expect(row!.createdAt.toISOString()).toBe(file.createdAt);
    expect(row!.searchVector).toBe(row!.rankVector);
    expect(row!.rankVector).toContain("'crate'");
    const written = await writtenFor(carol);
    expect(written.stats[0]).toMatchObject({ fileCount: 1, totalBytes: 40_000 });
    expect(written.events.map((e) => [e.kind, e.key])).toEqual([['file_uploaded', `file:${file.id}`]]);
  });

  it('reads the activity context again when it changed after the upload started', async () => {
    const dave = await signedInClient(t.app);
    const start = await startUpload(t.app.deps.connection, { userId: dave.user.id, sessionId: dave.sessionId });
    expect(start).toMatchObject({ usedBytes: 0, context: { activity_time_zone: 'UTC', activity_latest_day: null } });
    // the user moves to Tokyo while the bytes stream in: the event counts in Tokyo's calendar
    await t.app.deps.db.update(users).set({ timezone: 'Asia/Tokyo' }).where(eq(users.id, dave.user.id));
    const file: NewFile = {
      ownerUserId: dave.user.id,
      sessionId: dave.sessionId,
      storageKey: 'files/upload-row-test',
      name: 'manifest.bin',
      size: 10,
      mime: 'application/octet-stream',
      category: 'other',
      description: '',
      tags: [],
      isPublic: false,
      textState: 'skipped',
      thumbnailState: 'skipped',
    };
    const recorded = await recordUpload(t.app.deps, { file, quota: { bytes: 1_000, files: 10 }, start });
    expect(recorded).toMatchObject({ name: 'manifest.bin', size: 10 });
    const [event] = await t.app.deps.db.select().from(userActivity).where(eq(userActivity.userId, dave.user.id));
    expect(event!.day).toBe(localDay(event!.occurredAt, 'Asia/Tokyo'));
    const days = await t.app.deps.db.select().from(activityDays).where(eq(activityDays.userId, dave.user.id));
    expect(days.map((d) => [d.day, d.timeZone])).toEqual([[event!.day, 'Asia/Tokyo']]);

    // past the quota: nothing written, and null
    const again = await startUpload(t.app.deps.connection, { userId: dave.user.id, sessionId: dave.sessionId });
    expect(again).toMatchObject({ usedBytes: 10, fileCount: 1 });
    const full = await recordUpload(t.app.deps, {
      file: { ...file, storageKey: 'files/x', size: 991 },
      quota: { bytes: 1_000, files: 10 },
      start: again,
    });
    expect(full).toBeNull();
    expect(
      await t.app.deps.db.select().from(contentFiles).where(eq(contentFiles.ownerUserId, dave.user.id)),
    ).toHaveLength(1);
    expect(await t.app.deps.db.select().from(userActivity).where(eq(userActivity.userId, dave.user.id))).toHaveLength(
      1,
    );
  });
});
