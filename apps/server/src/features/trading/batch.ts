import { AppError } from '../../plugins/errors';

/** A batch item that failed: its own error body, as a single call would have answered. */
export interface BatchFailure {
  index: number;
  success: false;
  error: string;
  code: string;
  details?: Array<{ field: string; message: string }>;
}

/**
 * Runs each item on its own, in order: an expected failure (an AppError) becomes that item's
 * result and the others go on; anything else fails the whole request.
 */
export async function eachItem<T, R extends object>(
  items: readonly T[],
  run: (item: T, index: number) => Promise<R>,
): Promise<Array<({ index: number; success: true } & R) | BatchFailure>> {
  const results: Array<({ index: number; success: true } & R) | BatchFailure> = [];
  for (const [index, item] of items.entries()) {
    try {
      results.push({ index, success: true, ...(await run(item, index)) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({
        index,
        success: false,
        error: error.message,
        code: error.code,
        ...(error.details ? { details: error.details } : {}),
      });
    }
  }
  return results;
}
