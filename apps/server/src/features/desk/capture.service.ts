import type { Capture } from '@tp/shared';
import type { Deps } from '../../deps';
import { notFound } from '../../plugins/errors';

/** Placeholder until the invoice reader lands: answers 404 for every file. */
export async function captureInvoice(_deps: Deps, _userId: string, _fileId: string): Promise<Capture> {
  throw notFound('File not found');
}
