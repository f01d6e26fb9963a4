/**
 * Form encoding of parsed parameters (application/x-www-form-urlencoded), with explicit rules:
 * - booleans as 1/0. Never "false": the vendor SDK sends 1/"" and the PHP server casts any
 *   non-empty string to true, so the string "false" would mean true (facts.md "Requests").
 * - arrays as comma lists (nameservers, tlds: spec "domain module");
 * - numbers as decimal text; Dates as YYYY-MM-DD (spec "Conventions");
 * - undefined and null omitted (the API reads an absent parameter as "not given");
 * - plain objects as JSON text (no catalogue entry sends one today; JSON keeps the value legible).
 */
export function formValue(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === "boolean") return v ? "1" : "0";
  if (typeof v === "number" || typeof v === "bigint") return String(v);
  if (typeof v === "string") return v;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (Array.isArray(v)) return v.map((x) => formValue(x) ?? "").join(",");
  return JSON.stringify(v);
}

/** Encodes parameters (in their insertion order) into a form body. */
export function encodeForm(params: Record<string, unknown>): string {
  let body: URLSearchParams | undefined;
  for (const [k, v] of Object.entries(params)) {
    const s = formValue(v);
    if (s === undefined) continue;
    body ??= new URLSearchParams();
    body.append(k, s);
  }
  return body ? body.toString() : "";
}
