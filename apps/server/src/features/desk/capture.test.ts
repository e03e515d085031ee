import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { captureResponseSchema, errorResponseSchema, type Capture } from '@tp/shared';
import { createUser, errorFields, signedInClient, type SignedInClient } from '../../test/kit';
import { contentFiles } from '../content/content.tables';
import { makePdf, makePng, uploaded, waitForFileRow } from '../content/content-test-kit';
import { deskInvoices } from './desk.tables';
import { deskSuite } from './desk-test-kit';
import { INVOICE_LAYOUTS, layoutText, seenFields, type InvoiceLayout } from './invoice-reader/invoice-test-kit';

/**
 * Capture from an uploaded invoice (docs/desk.md#9-capture-from-an-uploaded-invoice): stored text in, proposals out,
 * nothing written.
 */
describe('desk: capture from an uploaded invoice', () => {
  const t = deskSuite();

  async function uploadedAndRead(client: SignedInClient, fileName: string, content: Buffer) {
    const { file } = await uploaded(client, { fileName, content });
    return waitForFileRow(t.app, file.id, (row) => row.textState !== 'pending');
  }

  async function capture(client: SignedInClient, fileId: string): Promise<Capture> {
    const res = await client.post('/api/desk/invoices/capture', { fileId });
    expect(res.statusCode, res.body).toBe(200);
    return captureResponseSchema.parse(res.json()).data;
  }

  async function invoiceCount() {
    const [row] = await t.app.deps.db.select({ n: count() }).from(deskInvoices);
    return row!.n;
  }

  async function expectLayout(client: SignedInClient, fileName: string, content: Buffer, layout: InvoiceLayout) {
    const row = await uploadedAndRead(client, fileName, content);
    expect(row.textState).toBe('done');
    const captured = await capture(client, row.id);
    expect(captured).toMatchObject({ fileId: row.id, fileName, textFound: true });
    expect(seenFields(captured), JSON.stringify(captured, null, 1)).toEqual(layout.expected);
    // each proposal says where it was read
    expect(captured.amount.source).toMatch(/97.450|97,450/);
    const [after] = await t.app.deps.db.select().from(contentFiles).where(eq(contentFiles.id, row.id));
    expect(after).toEqual(row);
    expect(await invoiceCount()).toBe(0);
  }

  it('proposes every field of an uploaded text invoice and writes nothing', async () => {
    const layout = INVOICE_LAYOUTS.british;
    await expectLayout(t.ada, 'invoice-uk-1042.txt', Buffer.from(layoutText(layout)), layout);
  });

  it('reads a PDF invoice through the text the content hub extracted from it', async () => {
    const layout = INVOICE_LAYOUTS.german;
    await expectLayout(t.ada, 'Rechnung RE-2026-0142.pdf', makePdf([layout.rows]), layout);
  });

  it("takes the direction from the user's own company: the same invoice is the buyer's payable", async () => {
    const buyer = await signedInClient(t.app, await createUser(t.app, { company: 'Thames Roasters Ltd' }));
    const row = await uploadedAndRead(buyer, 'uk-1042.txt', Buffer.from(layoutText(INVOICE_LAYOUTS.british)));
    const captured = await capture(buyer, row.id);
    expect(captured.direction).toMatchObject({ value: 'payable', confidence: 1 });
    expect(captured.counterparty.value).toBe('Ada Exports Ltd');
    expect(captured.amount.value).toBe('97450.00');
  });

  it("answers 404 for another user's file and for an unknown id, 400 without a fileId", async () => {
    const row = await uploadedAndRead(t.ada, 'mine.txt', Buffer.from(layoutText(INVOICE_LAYOUTS.british)));
    expect((await capture(t.ada, row.id)).reference.value).toBe('UK-1042');
    for (const fileId of [row.id, randomUUID(), 'not-a-file-id']) {
      const res = await t.bob.post('/api/desk/invoices/capture', { fileId });
      expect(res.statusCode, fileId).toBe(404);
      expect(errorResponseSchema.parse(res.json()).error).toBe('File not found');
    }
    const missing = await t.ada.post('/api/desk/invoices/capture', {});
    expect(missing.statusCode).toBe(400);
    expect(errorFields(missing.json())).toEqual(['fileId']);
  });

  it('answers 409 while the text is still being read, and proposals once it is', async () => {
    const row = await uploadedAndRead(t.ada, 'later.txt', Buffer.from(layoutText(INVOICE_LAYOUTS.british)));
    // as just after the upload, before the extraction job has run
    await t.app.deps.db.update(contentFiles).set({ textState: 'pending' }).where(eq(contentFiles.id, row.id));
    const res = await t.ada.post('/api/desk/invoices/capture', { fileId: row.id });
    expect(res.statusCode).toBe(409);
    expect(errorResponseSchema.parse(res.json()).error).toBe(
      "The file's text is still being read; try again in a moment",
    );
    await t.app.deps.db.update(contentFiles).set({ textState: 'done' }).where(eq(contentFiles.id, row.id));
    expect((await capture(t.ada, row.id)).reference.value).toBe('UK-1042');
  });

  it('says no text was found for an image, a PDF the extraction gave up on and a PDF without words', async () => {
    const image = await uploadedAndRead(t.ada, 'scan.png', await makePng(40, 40));
    const broken = await uploadedAndRead(
      t.ada,
      'broken.pdf',
      Buffer.from('%PDF-1.4\nthis is not really a PDF\n%%EOF\n'),
    );
    const blank = await uploadedAndRead(t.ada, 'blank.pdf', makePdf(['']));
    expect([image.textState, broken.textState, blank.textState]).toEqual(['skipped', 'failed', 'done']);
    for (const row of [image, broken, blank]) {
      const captured = await capture(t.ada, row.id);
      expect(captured, row.name).toMatchObject({ fileId: row.id, fileName: row.name, textFound: false });
      for (const field of [
        'reference',
        'counterparty',
        'currency',
        'amount',
        'issueDate',
        'dueDate',
        'direction',
      ] as const) {
        expect(captured[field], `${row.name} ${field}`).toEqual({ value: null, confidence: 0, source: null });
      }
    }
    expect(await invoiceCount()).toBe(0);
  });
});
