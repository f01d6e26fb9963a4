/**
 * multipart/form-data bodies (RFC 7578), which the vendor PHP SDK posts (PHP curl with an array
 * body, facts.md "Requests"), read by the platform's parser (`Response.formData()`). Kept here is
 * what the platform does not do for us:
 * - Names and values must be valid UTF-8 (./utf8.ts): the platform decodes what is not into U+FFFD,
 *   so a name or value holding a U+FFFD that the body does not carry as such is refused, naming
 *   it. A part with a filename is still a field value, its bytes read as UTF-8.
 * - A refused body names what is wrong with its shape, in our words (the platform's own reason is
 *   an internal text; one we do not know is passed on as it is).
 * - The last of repeated names wins; names index an object without a prototype.
 * The platform's parser finds a part's end by the boundary text alone, so a value that holds the
 * boundary (without the leading dashes) is refused: clients draw long random boundaries.
 */
import { decodeUtf8, nameForMessage, notUtf8 } from "./utf8";

/** The platform's reasons for refusing a multipart body (undici's formdata-parser), in our words. */
const SHAPE_PROBLEMS: ReadonlyArray<[RegExp, string]> = [
  [/missing boundary in content-type/i, "multipart/form-data without a boundary parameter"],
  [/no boundary found/i, "multipart body: the boundary from Content-Type never appears"],
  [/expected boundary after body/i, "multipart body: the closing boundary is missing"],
  [/header name is null/i, "multipart body: a part has no Content-Disposition name"],
  [/^expected :$/i, "multipart body: a part has no blank line after its headers (a line without a colon where a header was expected)"],
  [/^expected CRLF$/i, "multipart body: expected CRLF after a boundary"],
];

function shapeProblem(err: unknown): string {
  const reason = err instanceof Error && err.cause instanceof Error ? err.cause.message : String((err as Error)?.message ?? err);
  return SHAPE_PROBLEMS.find(([re]) => re.test(reason))?.[1] ?? `multipart body: ${reason}`;
}

/**
 * Whether the platform decoded bytes that are not UTF-8 into `text` (a U+FFFD the body does not
 * hold), searching the body from `from` on. Parts come in the body's order, so each search starts
 * where the previous text was found: a search of the whole body per part cost 2.4 s for one
 * unauthenticated 4 MB body of 990 distinct parts with a U+FFFD each (independent probe, issue 19
 * item 7); from the previous find, the searches together scan the body about once.
 * Returns where the text found ends (the next search's start: never past the current part's own
 * end, so never past the next part), or -1 when the body does not hold it there.
 */
function foundAt(text: string, body: Buffer, from: number): number {
  if (!text.includes("\uFFFD")) return from;
  const bytes = Buffer.from(text, "utf8");
  const at = body.indexOf(bytes, from);
  return at < 0 ? -1 : at + bytes.length;
}

/**
 * Parses a multipart body with the boundary its Content-Type gives. Throws an Error naming the
 * problem when the body is not well-formed, and an InvalidUtf8Error when a name or value is not UTF-8.
 */
export async function parseMultipart(body: Buffer, contentType: string): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch (err) {
    throw new Error(shapeProblem(err));
  }
  // No prototype: a part may be named __proto__.
  const out = Object.create(null) as Record<string, string>;
  // Never past the end of the previous name or value: each find ends at or before its own end.
  let cursor = 0;
  for (const [name, value] of form) {
    cursor = foundAt(name, body, cursor);
    if (cursor < 0) throw notUtf8("in the headers of a multipart part");
    const where = `in parameter ${nameForMessage(name)}`;
    const text = typeof value === "string" ? value : decodeUtf8(await value.bytes(), where);
    cursor = foundAt(text, body, cursor);
    if (cursor < 0) throw notUtf8(where);
    out[name] = text;
  }
  return out;
}
