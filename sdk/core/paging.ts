/**
 * Paging written once for every paged operation (catalogue `paged: { itemsKey, defaultPageLength }`;
 * spec "Conventions": queryInfo carries page, pageLength, results, total). The iterator stops on
 * an empty page, a short page, or when page * pageLength reaches total, whichever comes first, so
 * it ends even if a server miscounts total.
 */
import type { PagedSpec } from "../catalogue";

export type FetchPage = (page: number, pageLength: number) => Promise<unknown>;

interface QueryInfo {
  page?: number;
  pageLength?: number;
  total?: number;
}

export async function* iteratePages<T>(
  paged: PagedSpec,
  fetchPage: FetchPage,
  startPage = 1,
  pageLength = paged.defaultPageLength,
): AsyncGenerator<T, void, undefined> {
  for (let page = startPage; ; page++) {
    const result = (await fetchPage(page, pageLength)) as Record<string, unknown>;
    const items = (result?.[paged.itemsKey] ?? []) as T[];
    const info = (result?.queryInfo ?? {}) as QueryInfo;
    for (const item of items) yield item;
    const size = info.pageLength ?? pageLength;
    if (items.length === 0 || items.length < size) return;
    if (info.total !== undefined && page * size >= info.total) return;
  }
}

/**
 * Collects at most `limit` items. More items than the limit is an error unless `truncate` is set:
 * silently dropping the tail of a domain list would look like domains that vanished.
 */
export async function collect<T>(it: AsyncIterable<T>, opts: { limit: number; truncate?: boolean }): Promise<T[]> {
  if (!Number.isInteger(opts.limit) || opts.limit < 0) throw new RangeError(`limit must be a non-negative integer, got ${opts.limit}`);
  const out: T[] = [];
  for await (const item of it) {
    if (out.length === opts.limit) {
      if (opts.truncate) break;
      throw new RangeError(`more than ${opts.limit} items: raise the limit or pass truncate: true`);
    }
    out.push(item);
  }
  return out;
}
