/**
 * Paging shared by the list operations (spec "Conventions": page is 1-based, pageLength defaults
 * per operation; queryInfo reports page, pageLength, results on this page and total).
 * A page past the end answers an empty list rather than an error: the spec is silent and a caller
 * walking pages expects to stop on an empty one.
 */
export interface QueryInfo {
  page: number;
  pageLength: number;
  results: number;
  total: number;
}

export function paginate<T>(items: T[], page: number, pageLength: number): { queryInfo: QueryInfo; items: T[] } {
  const p = Math.max(1, Math.floor(page) || 1);
  const len = Math.max(1, Math.floor(pageLength) || 1);
  const slice = items.slice((p - 1) * len, p * len);
  return { queryInfo: { page: p, pageLength: len, results: slice.length, total: items.length }, items: slice };
}
