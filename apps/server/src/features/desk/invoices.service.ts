import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  DESK_MESSAGES,
  exceedsMinorUnits,
  CURRENCY_MINOR_UNITS,
  type CurrencyCode,
  type Invoice,
  type InvoicePatch,
  type invoiceQuerySchema,
  type ParsedInvoiceInput,
} from '@tp/shared';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, invalidField, notFound } from '../../plugins/errors';
import { contentFiles } from '../content/content.tables';
import { amount, ZERO, type Amount } from '../trading';
import { deskContext, type DeskContext } from './desk-context';
import { roundMoney } from './desk-math';
import { deskAllocations, deskInvoices, deskPayments } from './desk.tables';
import { invoiceView, type AllocationRow, type InvoiceRow } from './desk-views';
import { spotAt, spotOn } from './market-rates';

/** Receivables and payables (docs/desk.md#3-invoices): every read and write is scoped to its owner. */

/** The owner's file, or a 400 naming fileId (another user's file is not found, exactly like an unknown one). */
async function checkFile(executor: DbExecutor, userId: string, fileId: string | null | undefined): Promise<void> {
  if (!fileId) return;
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const [file] = uuid.test(fileId)
    ? await executor
        .select({ id: contentFiles.id })
        .from(contentFiles)
        .where(and(eq(contentFiles.id, fileId), eq(contentFiles.ownerUserId, userId)))
    : [];
  if (!file) throw invalidField('fileId', DESK_MESSAGES.fileNotFound);
}

/** Today's spot of each currency against home, read once per answer. */
export async function spotsNow(
  deps: Deps,
  context: DeskContext,
  currencies: Iterable<CurrencyCode>,
): Promise<Map<CurrencyCode, Amount>> {
  const unique = [...new Set(currencies)];
  const spots = await Promise.all(unique.map((code) => spotAt(deps, code, context.homeCurrency, context.nowMs)));
  return new Map(unique.map((code, index) => [code, spots[index]!]));
}

export async function allocationsOf(executor: DbExecutor, invoiceIds: string[]): Promise<Map<string, AllocationRow[]>> {
  const byInvoice = new Map<string, AllocationRow[]>();
  if (invoiceIds.length === 0) return byInvoice;
  const rows = await executor
    .select({
      forwardId: deskAllocations.forwardId,
      invoiceId: deskAllocations.invoiceId,
      amount: deskAllocations.amount,
    })
    .from(deskAllocations)
    .where(inArray(deskAllocations.invoiceId, invoiceIds));
  for (const row of rows) byInvoice.set(row.invoiceId, [...(byInvoice.get(row.invoiceId) ?? []), row]);
  return byInvoice;
}

async function viewsOf(deps: Deps, context: DeskContext, rows: { invoice: InvoiceRow; fileName: string | null }[]) {
  const allocations = await allocationsOf(
    deps.db,
    rows.map((row) => row.invoice.id),
  );
  const spots = await spotsNow(
    deps,
    context,
    rows.map((row) => row.invoice.currency),
  );
  return rows.map(({ invoice, fileName }) =>
    invoiceView(invoice, allocations.get(invoice.id) ?? [], fileName, spots.get(invoice.currency)!),
  );
}

const withFileName = { invoice: deskInvoices, fileName: contentFiles.name };

async function readInvoice(deps: Deps, context: DeskContext, id: string): Promise<Invoice> {
  const rows = await deps.db
    .select(withFileName)
    .from(deskInvoices)
    .leftJoin(contentFiles, eq(contentFiles.id, deskInvoices.fileId))
    .where(and(eq(deskInvoices.id, id), eq(deskInvoices.userId, context.userId)));
  if (rows.length === 0) throw notFound(DESK_MESSAGES.invoiceNotFound);
  return (await viewsOf(deps, context, rows))[0]!;
}

export async function getInvoice(deps: Deps, userId: string, id: string): Promise<Invoice> {
  return readInvoice(deps, await deskContext(deps, userId), id);
}

export async function createInvoice(deps: Deps, userId: string, input: ParsedInvoiceInput): Promise<Invoice> {
  const context = await deskContext(deps, userId);
  if (input.issueDate > context.today) throw invalidField('issueDate', DESK_MESSAGES.issueInFuture);
  await checkFile(deps.db, userId, input.fileId);
  const bookedRate = await spotOn(deps, context, input.currency, input.issueDate);
  const [row] = await deps.db
    .insert(deskInvoices)
    .values({
      userId,
      counterparty: input.counterparty,
      reference: input.reference,
      direction: input.direction,
      currency: input.currency,
      amount: input.amount,
      issueDate: input.issueDate,
      dueDate: input.dueDate,
      incoterm: input.incoterm ?? null,
      goods: input.goods ?? null,
      notes: input.notes ?? null,
      fileId: input.fileId ?? null,
      homeCurrency: context.homeCurrency,
      bookedRate: bookedRate.toFixed(),
      bookedHomeAmount: roundMoney(amount(input.amount).mul(bookedRate), context.homeCurrency).toFixed(),
    })
    .returning({ id: deskInvoices.id });
  return readInvoice(deps, context, row!.id);
}

export type InvoiceQuery = z.output<typeof invoiceQuerySchema>;

export async function listInvoices(deps: Deps, userId: string, query: InvoiceQuery) {
  const context = await deskContext(deps, userId);
  const filters: SQL[] = [eq(deskInvoices.userId, userId)];
  if (query.status) filters.push(eq(deskInvoices.status, query.status));
  if (query.currency) filters.push(eq(deskInvoices.currency, query.currency));
  if (query.direction) filters.push(eq(deskInvoices.direction, query.direction));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select(withFileName)
      .from(deskInvoices)
      .leftJoin(contentFiles, eq(contentFiles.id, deskInvoices.fileId))
      .where(where)
      .orderBy(asc(deskInvoices.dueDate), asc(deskInvoices.createdAt))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    deps.db.select({ value: count() }).from(deskInvoices).where(where),
  ]);
  return {
    invoices: await viewsOf(deps, context, rows),
    total: total?.value ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

export function statusAfter(total: Amount, paid: Amount): 'open' | 'partly_paid' | 'paid' {
  return paid.isZero() ? 'open' : paid.gte(total) ? 'paid' : 'partly_paid';
}

/** The invoice row locked for a write in `tx`, or a 404. */
export async function lockInvoice(tx: DbExecutor, userId: string, id: string): Promise<InvoiceRow> {
  const [row] = await tx
    .select()
    .from(deskInvoices)
    .where(and(eq(deskInvoices.id, id), eq(deskInvoices.userId, userId)))
    .for('update');
  if (!row) throw notFound(DESK_MESSAGES.invoiceNotFound);
  return row;
}

export async function allocatedTo(tx: DbExecutor, invoiceId: string): Promise<Amount> {
  const [row] = await tx
    .select({ total: sql<string | null>`sum(${deskAllocations.amount})` })
    .from(deskAllocations)
    .where(eq(deskAllocations.invoiceId, invoiceId));
  return row?.total ? amount(row.total) : ZERO;
}

export async function patchInvoice(deps: Deps, userId: string, id: string, patch: InvoicePatch): Promise<Invoice> {
  const context = await deskContext(deps, userId);
  await deps.db.transaction(async (tx) => {
    const row = await lockInvoice(tx, userId, id);
    const changes: Partial<typeof deskInvoices.$inferInsert> = { updatedAt: new Date(context.nowMs) };
    for (const field of ['counterparty', 'reference', 'incoterm', 'goods', 'notes'] as const) {
      if (patch[field] !== undefined) changes[field] = patch[field] as never;
    }
    if (patch.dueDate !== undefined) {
      if (patch.dueDate < row.issueDate) throw invalidField('dueDate', DESK_MESSAGES.dueBeforeIssue);
      changes.dueDate = patch.dueDate;
    }
    if (patch.fileId !== undefined) {
      await checkFile(tx, userId, patch.fileId);
      changes.fileId = patch.fileId;
    }
    if (patch.amount !== undefined) {
      if (exceedsMinorUnits(String(patch.amount), row.currency)) {
        throw invalidField('amount', DESK_MESSAGES.tooManyDecimals(row.currency, CURRENCY_MINOR_UNITS[row.currency]));
      }
      const used = amount(row.paidAmount).plus(await allocatedTo(tx, id));
      if (amount(patch.amount).lt(used)) throw invalidField('amount', DESK_MESSAGES.amountBelowUsed(used.toFixed()));
      if (row.status === 'cancelled') throw new AppError(409, DESK_MESSAGES.notOpen, 'INVOICE_NOT_OPEN');
      changes.amount = String(patch.amount);
      changes.bookedHomeAmount = roundMoney(amount(patch.amount).mul(row.bookedRate), row.homeCurrency).toFixed();
      changes.status = statusAfter(amount(patch.amount), amount(row.paidAmount));
    }
    if (patch.status === 'cancelled') {
      changes.status = 'cancelled';
      // a cancelled invoice leaves the ladder: its forwards stay live, no longer allocated to it
      await tx.delete(deskAllocations).where(eq(deskAllocations.invoiceId, id));
    }
    await tx.update(deskInvoices).set(changes).where(eq(deskInvoices.id, id));
  });
  return readInvoice(deps, context, id);
}

export async function deleteInvoice(deps: Deps, userId: string, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await lockInvoice(tx, userId, id);
    const [payments] = await tx.select({ value: count() }).from(deskPayments).where(eq(deskPayments.invoiceId, id));
    if ((payments?.value ?? 0) > 0) throw new AppError(409, DESK_MESSAGES.hasPayments, 'INVOICE_HAS_PAYMENTS');
    await tx.delete(deskInvoices).where(eq(deskInvoices.id, id));
  });
}
