import { beforeAll, describe, expect, it } from 'vitest';
import {
  addListMembersResponseSchema,
  CAMPAIGN_MESSAGES,
  contactListsResponseSchema,
  contactResponseSchema,
  contactsResponseSchema,
  errorResponseSchema,
  importProgressLineSchema,
  importResponseSchema,
  recipientCountResponseSchema,
} from '@tp/shared';
import { useTestApp, signedInClient, type SignedInClient } from '../../test/kit';
import { contactImportRows, emailSuppressions } from './campaigns.tables';
import { createList } from './campaigns-test-kit';

describe('contact lists and contacts', () => {
  let ada: SignedInClient;
  let bob: SignedInClient;

  const t = useTestApp();
  beforeAll(async () => {
    ada = await signedInClient(t.app);
    bob = await signedInClient(t.app);
  });

  it('creates, renames and deletes lists with their counts; names are unique per user, case-insensitively', async () => {
    const traders = await createList(ada, 'traders');
    const vip = await createList(ada, 'VIP');
    expect((await ada.post('/api/contact-lists', { name: 'Traders' })).statusCode).toBe(409);
    expect((await bob.post('/api/contact-lists', { name: 'traders' })).statusCode).toBe(201);
    const empty = await ada.post('/api/contact-lists', { name: '  ' });
    expect(errorResponseSchema.parse(empty.json()).details?.[0]?.field).toBe('name');

    const added = await ada.post('/api/contacts', { email: ' Ann@Example.com ', name: 'Ann', lists: [traders, vip] });
    expect(added.statusCode).toBe(201);
    expect(contactResponseSchema.parse(added.json()).data).toMatchObject({
      email: 'ann@example.com',
      name: 'Ann',
      lists: [traders, vip].sort(),
      status: 'active',
    });

    const renamed = await ada.patch(`/api/contact-lists/${vip}`, { name: 'vip' });
    expect(renamed.json()).toEqual({ data: { id: vip, name: 'vip', count: 1 } });
    const lists = contactListsResponseSchema.parse((await ada.get('/api/contact-lists')).json()).data;
    expect(lists).toEqual([
      { id: traders, name: 'traders', count: 1 },
      { id: vip, name: 'vip', count: 1 },
    ]);
    expect((await ada.delete(`/api/contact-lists/${vip}`)).statusCode).toBe(204);
    const after = contactsResponseSchema.parse((await ada.get('/api/contacts?search=ann')).json());
    expect(after.data[0]?.lists).toEqual([traders]);
  });

  it('takes a contact out of one list: the contact, its other lists and the list stay; the counts follow', async () => {
    const fairs = await createList(ada, 'fairs');
    const buyers = await createList(ada, 'buyers');
    const eve = contactResponseSchema.parse(
      (await ada.post('/api/contacts', { email: 'eve@example.com', lists: [fairs, buyers] })).json(),
    ).data;
    await ada.post('/api/contacts', { email: 'fay@example.com', lists: [fairs] });

    const removed = await ada.delete(`/api/contact-lists/${fairs}/contacts/${eve.id}`);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    const lists = contactListsResponseSchema.parse((await ada.get('/api/contact-lists')).json()).data;
    expect(lists.filter((l) => l.id === fairs || l.id === buyers)).toEqual([
      { id: buyers, name: 'buyers', count: 1 },
      { id: fairs, name: 'fairs', count: 1 },
    ]);
    const after = contactsResponseSchema.parse((await ada.get('/api/contacts?search=eve@')).json()).data;
    expect(after).toMatchObject([{ id: eve.id, lists: [buyers] }]);
    const members = contactsResponseSchema.parse((await ada.get(`/api/contacts?list=${fairs}`)).json()).data;
    expect(members.map((c) => c.email)).toEqual(['fay@example.com']);

    // again: the list no longer holds it, and the answer names both
    const again = await ada.delete(`/api/contact-lists/${fairs}/contacts/${eve.id}`);
    expect(again.statusCode).toBe(404);
    expect(errorResponseSchema.parse(again.json())).toMatchObject({
      error: CAMPAIGN_MESSAGES.contactNotInList('eve@example.com', 'fairs'),
      code: 'NOT_FOUND',
    });
    expect(CAMPAIGN_MESSAGES.contactNotInList('eve@example.com', 'fairs')).toBe(
      'eve@example.com is not in the list “fairs”',
    );

    const unknown = '00000000-0000-4000-8000-000000000000';
    const noContact = await ada.delete(`/api/contact-lists/${fairs}/contacts/${unknown}`);
    expect(noContact.statusCode).toBe(404);
    expect(errorResponseSchema.parse(noContact.json()).error).toBe(CAMPAIGN_MESSAGES.contactNotFound);
    const noList = await ada.delete(`/api/contact-lists/${unknown}/contacts/${eve.id}`);
    expect(errorResponseSchema.parse(noList.json()).error).toBe(CAMPAIGN_MESSAGES.listNotFound);
    const bad = await ada.delete(`/api/contact-lists/${fairs}/contacts/not-an-id`);
    expect(bad.statusCode).toBe(400);
    expect(errorResponseSchema.parse(bad.json()).details?.[0]?.field).toBe('contactId');
  });

  it('requires a valid e-mail; adding a known address adds it to more lists without a second contact', async () => {
    const missing = await ada.post('/api/contacts', { name: 'No address' });
    expect(missing.statusCode).toBe(400);
    expect(errorResponseSchema.parse(missing.json()).details).toEqual([
      { field: 'email', message: CAMPAIGN_MESSAGES.contactEmailRequired },
    ]);
    const bad = await ada.post('/api/contacts', { email: 'not-an-address' });
    expect(errorResponseSchema.parse(bad.json()).details?.[0]?.field).toBe('email');

    const list = await createList(ada, 'investors');
    const first = await ada.post('/api/contacts', { email: 'ivy@example.com' });
    const again = await ada.post('/api/contacts', { email: 'IVY@example.com', name: 'Ivy', lists: [list] });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(contactResponseSchema.parse(again.json()).data).toMatchObject({
      id: contactResponseSchema.parse(first.json()).data.id,
      name: 'Ivy',
      lists: [list],
    });
  });

  it('adds existing contacts to lists: every one to every list, a membership it has stays, answering the contacts', async () => {
    const fairs = await createList(ada, 'members fairs');
    const buyers = await createList(ada, 'members buyers');
    const kim = contactResponseSchema.parse(
      (await ada.post('/api/contacts', { email: 'kim@example.com' })).json(),
    ).data;
    const lou = contactResponseSchema.parse(
      (await ada.post('/api/contacts', { email: 'lou@example.com', lists: [fairs] })).json(),
    ).data;

    const added = await ada.post('/api/contact-lists/members', { contacts: [kim.id, lou.id], lists: [fairs, buyers] });
    expect(added.statusCode).toBe(200);
    expect(addListMembersResponseSchema.parse(added.json()).data).toMatchObject([
      { id: kim.id, email: 'kim@example.com', lists: [fairs, buyers].sort() },
      { id: lou.id, email: 'lou@example.com', lists: [fairs, buyers].sort() },
    ]);
    const lists = contactListsResponseSchema.parse((await ada.get('/api/contact-lists')).json()).data;
    expect(lists.filter((l) => l.id === fairs || l.id === buyers).map((l) => l.count)).toEqual([2, 2]);

    const empty = await ada.post('/api/contact-lists/members', { contacts: [], lists: [fairs] });
    expect(empty.statusCode).toBe(400);
    expect(errorResponseSchema.parse(empty.json()).details?.[0]?.field).toBe('contacts');
  });

  it('adding to lists never makes a deleted contact again: 404 naming each missing contact or list, nothing linked', async () => {
    const fairs = await createList(ada, 'gone fairs');
    const gone = await createList(ada, 'gone list');
    const max = contactResponseSchema.parse(
      (await ada.post('/api/contacts', { email: 'max@example.com' })).json(),
    ).data;
    const ned = contactResponseSchema.parse(
      (await ada.post('/api/contacts', { email: 'ned@example.com' })).json(),
    ).data;
    // another tab deleted Ned and the list meanwhile
    expect((await ada.delete(`/api/contacts/${ned.id}`)).statusCode).toBe(204);
    expect((await ada.delete(`/api/contact-lists/${gone}`)).statusCode).toBe(204);

    const refused = await ada.post('/api/contact-lists/members', { contacts: [max.id, ned.id], lists: [fairs, gone] });
    expect(refused.statusCode).toBe(404);
    expect(errorResponseSchema.parse(refused.json())).toEqual({
      success: false,
      error: CAMPAIGN_MESSAGES.contactNotFound,
      code: 'NOT_FOUND',
      details: [
        { field: 'contacts.1', message: CAMPAIGN_MESSAGES.contactNotFound },
        { field: 'lists.1', message: CAMPAIGN_MESSAGES.listNotFound },
      ],
    });
    const listGone = await ada.post('/api/contact-lists/members', { contacts: [max.id], lists: [fairs, gone] });
    expect(errorResponseSchema.parse(listGone.json())).toMatchObject({
      error: CAMPAIGN_MESSAGES.listNotFound,
      details: [{ field: 'lists.1', message: CAMPAIGN_MESSAGES.listNotFound }],
    });

    // nothing was linked, and Ned was not made again
    const all = contactsResponseSchema.parse((await ada.get('/api/contacts?search=@example.com&limit=200')).json());
    expect(all.data.find((c) => c.email === 'ned@example.com')).toBeUndefined();
    expect(all.data.find((c) => c.id === max.id)?.lists).toEqual([]);
    const lists = contactListsResponseSchema.parse((await ada.get('/api/contact-lists')).json()).data;
    expect(lists.find((l) => l.id === fairs)?.count).toBe(0);

    // another user's contact and list read as missing too
    const theirs = await bob.post('/api/contact-lists/members', { contacts: [max.id], lists: [fairs] });
    expect(theirs.statusCode).toBe(404);
    expect(errorResponseSchema.parse(theirs.json()).details?.map((d) => d.field)).toEqual(['contacts.0', 'lists.0']);
  });

  it('never shows one user’s contacts, lists or imports to another: their ids answer 404', async () => {
    const list = await createList(ada, 'private');
    const contact = contactResponseSchema.parse(
      (await ada.post('/api/contacts', { email: 'secret@example.com', lists: [list] })).json(),
    ).data;

    expect((await bob.get('/api/contacts')).json()).toMatchObject({ data: [] });
    expect(
      contactListsResponseSchema.parse((await bob.get('/api/contact-lists')).json()).data.map((l) => l.id),
    ).not.toContain(list);
    expect((await bob.patch(`/api/contact-lists/${list}`, { name: 'mine' })).statusCode).toBe(404);
    expect((await bob.delete(`/api/contact-lists/${list}`)).statusCode).toBe(404);
    expect((await bob.delete(`/api/contacts/${contact.id}`)).statusCode).toBe(404);
    // Bob's own list cannot take Ada's contact out of hers, nor name it: both read as not found
    const bobs = await createList(bob, 'bob list');
    const bobContact = contactResponseSchema.parse(
      (await bob.post('/api/contacts', { email: 'bob-own@example.com', lists: [bobs] })).json(),
    ).data;
    const hers = await bob.delete(`/api/contact-lists/${list}/contacts/${contact.id}`);
    expect(hers.statusCode).toBe(404);
    expect(errorResponseSchema.parse(hers.json()).error).toBe(CAMPAIGN_MESSAGES.listNotFound);
    const herContact = await bob.delete(`/api/contact-lists/${bobs}/contacts/${contact.id}`);
    expect(herContact.statusCode).toBe(404);
    expect(errorResponseSchema.parse(herContact.json()).error).toBe(CAMPAIGN_MESSAGES.contactNotFound);
    expect((await bob.delete(`/api/contact-lists/${list}/contacts/${bobContact.id}`)).statusCode).toBe(404);
    expect((await bob.get(`/api/contacts?list=${list}`)).statusCode).toBe(404);
    const joined = await bob.post('/api/contacts', { email: 'bob-friend@example.com', lists: [list] });
    expect(joined.statusCode).toBe(404);
    expect(errorResponseSchema.parse(joined.json()).details).toEqual([
      { field: 'lists.0', message: CAMPAIGN_MESSAGES.listNotFound },
    ]);
    const imported = await bob.post('/api/contacts/import', { text: 'x@example.com', lists: [list] });
    expect(imported.statusCode).toBe(404);
    // streamed, the refusal comes before the stream starts: a 404 answer, not a line in a 200
    const streamed = await bob.post('/api/contacts/import', 'y@example.com\n', {
      query: { lists: list },
      headers: { 'content-type': 'text/plain', accept: 'application/x-ndjson' },
    });
    expect(streamed.statusCode).toBe(404);
    expect(errorResponseSchema.parse(streamed.json()).details).toEqual([
      { field: 'lists.0', message: CAMPAIGN_MESSAGES.listNotFound },
    ]);
    // nothing of Bob's landed in Ada's list
    const members = contactsResponseSchema.parse((await ada.get(`/api/contacts?list=${list}`)).json());
    expect(members.data.map((c) => c.email)).toEqual(['secret@example.com']);
    expect((await t.app.inject({ method: 'GET', url: '/api/contacts' })).statusCode).toBe(401);
    const anonymous = await t.app.inject({
      method: 'DELETE',
      url: `/api/contact-lists/${list}/contacts/${contact.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('counts the recipients of a set of lists exactly: an address once, suppressed ones left out', async () => {
    const a = await createList(ada, 'count a');
    const b = await createList(ada, 'count b');
    for (const [email, lists] of [
      ['both@example.com', [a, b]],
      ['only-a@example.com', [a]],
      ['only-b@example.com', [b]],
      ['left@example.com', [a, b]],
      ['bounced@example.com', [b]],
    ] as const) {
      expect((await ada.post('/api/contacts', { email, lists })).statusCode).toBe(201);
    }
    await t.app.deps.db.insert(emailSuppressions).values([
      { userId: ada.user.id, email: 'left@example.com', reason: 'unsubscribed' },
      { userId: ada.user.id, email: 'bounced@example.com', reason: 'hard_bounce' },
    ]);
    // another sender's unsubscribe does not concern Ada's campaigns
    await t.app.deps.db
      .insert(emailSuppressions)
      .values({ userId: bob.user.id, email: 'only-a@example.com', reason: 'unsubscribed' });
    const count = async (query: string) =>
      recipientCountResponseSchema.parse((await ada.get(`/api/contact-lists/recipients${query}`)).json()).data;

    // the lists' own counts add up to 8; the campaign reaches 3 people
    expect(await count(`?lists=${a},${b}`)).toEqual({ lists: 2, recipients: 3 });
    expect(await count(`?lists=${a}`)).toEqual({ lists: 1, recipients: 2 });
    expect(await count(`?lists=${b}`)).toEqual({ lists: 1, recipients: 2 });
    expect(await count('')).toEqual({ lists: 0, recipients: 0 });

    const foreign = await bob.get(`/api/contact-lists/recipients?lists=${a}`);
    expect(foreign.statusCode).toBe(404);
    expect(errorResponseSchema.parse(foreign.json()).details).toEqual([
      { field: 'lists.0', message: CAMPAIGN_MESSAGES.listNotFound },
    ]);
    const malformed = await ada.get('/api/contact-lists/recipients?lists=nope');
    expect(malformed.statusCode).toBe(400);
    expect(errorResponseSchema.parse(malformed.json()).details?.[0]?.field).toMatch(/^lists/);
  });

  it('pages contacts and searches by address or name', async () => {
    const list = await createList(ada, 'paged');
    const text = Array.from({ length: 25 }, (_, i) => `Page Person ${i} <paged-${i}@example.org>`).join('\n');
    expect((await ada.post('/api/contacts/import', { text, lists: [list] })).json()).toEqual({
      data: { imported: 25, skipped: 0, invalid: 0 },
    });
    const page2 = contactsResponseSchema.parse((await ada.get(`/api/contacts?list=${list}&page=2&limit=10`)).json());
    expect(page2.data).toHaveLength(10);
    expect(page2.pagination).toEqual({ page: 2, limit: 10, total: 25, hasNext: true, hasPrev: true });
    const found = contactsResponseSchema.parse((await ada.get('/api/contacts?search=Person 7')).json());
    expect(found.data.map((c) => c.email)).toEqual(['paged-7@example.org']);
    expect((await ada.get('/api/contacts?limit=1000')).statusCode).toBe(400);
  });
});

describe('contact import', () => {
  let ada: SignedInClient;

  const t = useTestApp();
  beforeAll(async () => {
    ada = await signedInClient(t.app);
  });

  it('keeps lines holding a valid address, de-duplicates, and counts imported, skipped and invalid', async () => {
    const list = await createList(ada, 'traders');
    await ada.post('/api/contacts', { email: 'known@example.com' });
    const text = [
      'ann@example.com',
      'Bea Buyer <BEA@example.com>',
      'carl@example.com, Carl Cargo',
      '',
      'ann@example.com',
      'known@example.com',
      'no address here',
      'broken@',
      '   ',
    ].join('\r\n');
    const res = await ada.post('/api/contacts/import', { text, lists: [list] });
    expect(res.statusCode).toBe(200);
    expect(importResponseSchema.parse(res.json()).data).toEqual({ imported: 3, skipped: 2, invalid: 2 });
    const members = contactsResponseSchema.parse((await ada.get(`/api/contacts?list=${list}&limit=200`)).json()).data;
    expect(members.map((c) => [c.email, c.name]).sort()).toEqual([
      ['ann@example.com', ''],
      ['bea@example.com', 'Bea Buyer'],
      ['carl@example.com', 'Carl Cargo'],
      ['known@example.com', ''],
    ]);
    expect(await t.app.deps.db.select().from(contactImportRows)).toEqual([]);
  });

  it('reads CSV with an email column (quoted fields, another delimiter, first and last names)', async () => {
    const csv =
      'First Name;Last Name;E-mail;Company\n"Dora";"Dealer";dora@example.com;"Dealers; Ltd"\nEd;Export;not-valid;X\n';
    const res = await ada.post('/api/contacts/import', { text: csv, lists: [] });
    expect(importResponseSchema.parse(res.json()).data).toEqual({ imported: 1, skipped: 0, invalid: 1 });
    const [dora] = contactsResponseSchema.parse((await ada.get('/api/contacts?search=dora')).json()).data;
    expect(dora).toMatchObject({ email: 'dora@example.com', name: 'Dora Dealer' });
  });

  it('answers 400 "No valid email addresses found" and adds nothing when no line holds an address', async () => {
    const before = contactsResponseSchema.parse((await ada.get('/api/contacts')).json()).pagination.total;
    const res = await ada.post('/api/contacts/import', { text: 'hello\nworld\n', lists: [] });
    expect(res.statusCode).toBe(400);
    expect(errorResponseSchema.parse(res.json()).error).toBe(CAMPAIGN_MESSAGES.noValidEmails);
    expect(contactsResponseSchema.parse((await ada.get('/api/contacts')).json()).pagination.total).toBe(before);
  });

  it('streams 100,000 lines as text/csv, answering progress lines then the result (NDJSON)', async () => {
    const list = await createList(ada, 'newsletter');
    const lines = ['email,name'];
    for (let i = 0; i < 100_000; i += 1)
      lines.push(i % 1000 === 999 ? `bad line ${i}` : `reader-${i}@example.net,Reader ${i}`);
    lines.push('reader-1@example.net,Reader again');
    const res = await ada.post('/api/contacts/import', lines.join('\n'), {
      query: { lists: list },
      headers: { 'content-type': 'text/csv', accept: 'application/x-ndjson' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const events = res.body
      .trim()
      .split('\n')
      .map((line) => importProgressLineSchema.parse(JSON.parse(line)));
    const progress = events.filter((e) => e.type === 'progress');
    expect(progress.length).toBeGreaterThanOrEqual(20);
    expect(progress.at(-1)).toMatchObject({ phase: 'saving', lines: 100_001, invalid: 100 });
    expect(events.at(-1)).toEqual({ type: 'done', data: { imported: 99_900, skipped: 1, invalid: 100 } });
    const [lists] = [contactListsResponseSchema.parse((await ada.get('/api/contact-lists')).json()).data];
    expect(lists.find((l) => l.id === list)?.count).toBe(99_900);
  }, 120_000);

  it('refuses a streamed body past the limit and keeps nothing of it', async () => {
    const list = await createList(ada, 'too-big');
    const body = `${'x@example.com\n'.repeat(2_500_000)}`; // 35 MB
    const res = await ada.post('/api/contacts/import', body, {
      query: { lists: list },
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(413);
    expect(
      contactListsResponseSchema.parse((await ada.get('/api/contact-lists')).json()).data.find((l) => l.id === list)
        ?.count,
    ).toBe(0);
    expect(await t.app.deps.db.select().from(contactImportRows)).toEqual([]);
  }, 60_000);
});
