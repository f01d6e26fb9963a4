/**
 * How the functions hand the API's values to programs (issue 31: typed results, numbers as numbers,
 * dates as ISO strings): the API's texts for dates and year lists, mapped once here.
 * Pure; tests/functions/functions.unit.test.ts.
 */

/**
 * A date of the API as an ISO 8601 string: `YYYY-MM-DD` as is, `YYYYMMDD` with its dashes, a
 * `YYYY-MM-DD HH:MM:SS` timestamp with a `T` (the API states no zone: none is added); the empty
 * string (a registration just submitted: spec "Conventions") and anything else unreadable is
 * undefined, never a made-up date.
 */
export function isoDate(value: string | undefined): string | undefined {
  const v = value?.trim() ?? "";
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return v;
  if (/^\d{8}$/.test(v)) return `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6)}`;
  const ts = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(v);
  return ts ? `${ts[1]}T${ts[2]}` : undefined;
}

/** The years a price is offered for, which the API sends as one comma list ("1,2,3"): numbers, in order. */
export function yearList(value: string | undefined): number[] {
  return (value ?? "")
    .split(",")
    .map((y) => Number(y.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}
