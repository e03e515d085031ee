import { describe, expect, it } from 'vitest';
import { contactListsResponseSchema } from '@tp/shared';
import { useTestApp, signedInClient } from '../../test/kit';
import { seedDemoContactLists } from './campaigns.seed';

describe('demo seed', () => {
  const t = useTestApp();

  it('gives the demo account the spec’s placeholder lists with their counts, once; other users get none', async () => {
    const demo = await signedInClient(t.app);
    const other = await signedInClient(t.app);
    expect(await seedDemoContactLists(t.app.deps.db, demo.user.id)).toBe(true);
    expect(await seedDemoContactLists(t.app.deps.db, demo.user.id)).toBe(false);
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
