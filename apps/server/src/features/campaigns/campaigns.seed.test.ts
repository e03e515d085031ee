import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { contactListsResponseSchema } from '@tp/shared';
import { buildTestApp, signedInClient } from '../../test/kit';
import { seedDemoContactLists } from './campaigns.seed';

describe('demo seed', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('gives the demo account the spec’s placeholder lists with their counts, once; other users get none', async () => {
    const demo = await signedInClient(app);
    const other = await signedInClient(app);
    expect(await seedDemoContactLists(app.deps.db, demo.user.id)).toBe(true);
    expect(await seedDemoContactLists(app.deps.db, demo.user.id)).toBe(false);
    const lists = contactListsResponseSchema.parse((await demo.get('/api/contact-lists')).json()).data;
    expect(lists.map((l) => [l.name, l.count])).toEqual([
      ['investors', 156],
      ['newsletter', 1024],
      ['traders', 245],
      ['vip', 42],
    ]);
    expect((await other.get('/api/contact-lists')).json()).toEqual({ data: [] });
  });
});
