import type { Pagination } from '@tp/shared';

/** The pagination of a list's answer: page `page` of `limit` rows out of `total`. */
export function pageOf(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, hasNext: page * limit < total, hasPrev: page > 1 };
}
