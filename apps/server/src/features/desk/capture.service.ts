import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { DESK_MESSAGES, type Capture } from '@tp/shared';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../plugins/errors';
import { contentFiles } from '../content/content.tables';
import { users } from '../users/users.tables';
import { emptyProposals, READ_LIMIT_CHARS, readInvoice, type InvoiceProposals } from './invoice-reader/read-invoice';

/**
 * Capture from an uploaded invoice (docs/desk.md#9-capture-from-an-uploaded-invoice): proposes the invoice form's
 * fields from the
 * text the content hub extracted from one of the user's files. Reads the stored text only (never
 * the file itself), in the request, with the reader's bounds (decision 0041), and writes nothing:
 * the user confirms the fields in the form, which creates the invoice.
 */

const fileIdSchema = z.uuid();
const HAS_WORDS = /[\p{L}\p{N}]/u;

export async function captureInvoice(deps: Deps, userId: string, fileId: string): Promise<Capture> {
  // another user's file is not found, exactly like an unknown one
  if (!fileIdSchema.safeParse(fileId).success) throw notFound(DESK_MESSAGES.fileNotFound);
  const [file] = await deps.db
    .select({
      name: contentFiles.name,
      textState: contentFiles.textState,
      text: sql<string | null>`left(${contentFiles.extractedText}, ${READ_LIMIT_CHARS})`,
      company: users.company,
    })
    .from(contentFiles)
    .innerJoin(users, eq(users.id, contentFiles.ownerUserId))
    .where(and(eq(contentFiles.id, fileId), eq(contentFiles.ownerUserId, userId)));
  if (!file) throw notFound(DESK_MESSAGES.fileNotFound);
  if (file.textState === 'pending') throw conflict(DESK_MESSAGES.textPending);
  // skipped (not a type with text) or failed (the reader gave up on its bytes): nothing to read
  const text = file.textState === 'done' && file.text !== null && HAS_WORDS.test(file.text) ? file.text : null;
  const proposals = text === null ? emptyProposals() : readSafely(deps, fileId, text, file.company);
  return { fileId, fileName: file.name, textFound: text !== null, ...proposals };
}

/** The reader is total by design; should it ever fail, the user still gets the form to fill by hand. */
function readSafely(deps: Deps, fileId: string, text: string, company: string): InvoiceProposals {
  try {
    return readInvoice(text, company);
  } catch (error) {
    deps.log.error({ fileId, err: error instanceof Error ? error.message : String(error) }, 'invoice reader failed');
    return emptyProposals();
  }
}
