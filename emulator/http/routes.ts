/**
 * Request paths. API calls are `{base}/<module>/<action>/`; the trailing slash is optional and a
 * doubled leading slash occurs (facts.md "What real clients send": the PHP SDK joins its base URL
 * and paths that way). The query string is dropped (spec rule 3).
 */

/** Path segments without the query string, empty segments removed (`//tool/hello` = `/tool/hello/`). */
export function pathSegments(url: string | undefined): string[] {
  const path = (url ?? "/").split("?")[0];
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    decoded = path;
  }
  return decoded.split("/").filter((s) => s !== "");
}

/** The query string of a URL as parameters (used by the dynamic DNS endpoint, which is a GET). */
export function queryParams(url: string | undefined): Record<string, string> {
  const q = (url ?? "").indexOf("?");
  // No prototype: request names index it.
  const out = Object.create(null) as Record<string, string>;
  if (q < 0) return out;
  for (const [k, v] of new URLSearchParams((url ?? "").slice(q + 1))) out[k] = v;
  return out;
}
