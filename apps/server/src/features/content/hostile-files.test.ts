import { describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { searchResponseSchema } from '@tp/shared';
import { useTestApp, signedInClient, type SignedInClient } from '../../test/kit';
import { makeInflateBombPdf, makePdf, uploaded, waitForFileRow } from './content-test-kit';
import { EXTRACT_TEXT_QUEUE } from './content.jobs';
import { contentFiles } from './content.tables';

const POLL_EVERY_MS = 200;

/**
 * Asks /api/health every POLL_EVERY_MS until `done` holds, and returns how late each answer came:
 * from when the question was due (not when a busy event loop got round to sending it) to the answer.
 */
async function healthLatenciesUntil(app: FastifyInstance, done: () => Promise<boolean>): Promise<number[]> {
  const latencies: number[] = [];
  let due = performance.now();
  for (;;) {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    latencies.push(performance.now() - due);
    expect(res.statusCode).toBe(200);
    // fail at the first late answer, not only once the extraction is over
    expect(Math.max(...latencies)).toBeLessThan(1000);
    if (await done()) return latencies;
    due += POLL_EVERY_MS;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
  }
}

async function searchIds(client: SignedInClient, query: string): Promise<string[]> {
  const res = await client.post('/api/content/search', { query });
  expect(res.statusCode).toBe(200);
  return searchResponseSchema.parse(res.json()).map((hit) => hit.id);
}

async function textJobStates(app: FastifyInstance, fileId: string): Promise<string[]> {
  const { rows } = await app.deps.connection.query<{ state: string }>(
    "select state from pgboss.job where name = $1 and data->>'fileId' = $2",
    [EXTRACT_TEXT_QUEUE, fileId],
  );
  return rows.map((row) => row.state);
}

describe('a hostile upload does not stop the server', () => {
  const t = useTestApp();

  it('gives up on a PDF decompression bomb for good, answering /api/health within 1 s throughout', async () => {
    const ada = await signedInClient(t.app);
    const bombBytes = await makeInflateBombPdf('Quillwort consignment manifest');
    expect(bombBytes.length).toBeLessThan(150_000);
    const bomb = await uploaded(ada, { fileName: 'manifest.pdf', content: bombBytes });
    // a normal PDF uploaded behind it is still read
    const normal = await uploaded(ada, {
      fileName: 'origin.pdf',
      content: makePdf(['Certificate of origin: green cardamom from Idukki']),
    });
    const bothRead = async () => {
      const rows = await t.app.deps.db
        .select({ textState: contentFiles.textState })
        .from(contentFiles)
        .where(inArray(contentFiles.id, [bomb.file.id, normal.file.id]));
      return rows.every((row) => row.textState !== 'pending');
    };
    const latencies = await healthLatenciesUntil(t.app, bothRead);
    expect(latencies.length).toBeGreaterThan(1);

    const bombRow = await waitForFileRow(t.app, bomb.file.id, () => true);
    expect(bombRow).toMatchObject({ textState: 'failed', extractedText: null });
    // given up for good: its one job completed, and nothing waits to run it again
    expect(await textJobStates(t.app, bomb.file.id)).toEqual(['completed']);
    const download = await ada.get(bomb.file.downloadUrl);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bombBytes)).toBe(true);
    expect(await searchIds(ada, 'quillwort')).toEqual([]);

    expect((await waitForFileRow(t.app, normal.file.id, () => true)).textState).toBe('done');
    expect(await searchIds(ada, 'cardamom')).toEqual([normal.file.id]);
  }, 60_000);
});
