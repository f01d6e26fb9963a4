/**
 * A small multipart/form-data parser (RFC 7578) for the vendor PHP SDK, which posts its parameters
 * as multipart (PHP curl with an array body, facts.md "Requests"). Only text fields matter to this
 * API: a part with a filename is still read as a field value (its bytes as UTF-8). Part headers and
 * values must be valid UTF-8 (./utf8.ts): a part that is not is refused, naming its field.
 */
import { decodeUtf8, nameForMessage } from "./utf8";

/** The boundary parameter of a multipart Content-Type, unquoted; undefined when absent. */
export function multipartBoundary(contentType: string): string | undefined {
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m ? (m[1] ?? m[2]) : undefined;
}

/** Field name of a part from its Content-Disposition header (`form-data; name="x"`). */
function partName(headers: string): string | undefined {
  for (const line of headers.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 0 || line.slice(0, colon).trim().toLowerCase() !== "content-disposition") continue;
    const m = /;\s*name=(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(line.slice(colon + 1));
    if (m) return m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1") : m[2];
  }
  return undefined;
}

/**
 * Parses a multipart body into fields. Throws an Error naming the problem when the body is not
 * well-formed (no opening boundary, a part without headers or name, no closing boundary, bytes that
 * are not UTF-8).
 */
export function parseMultipart(body: Buffer, boundary: string): Record<string, string> {
  // No prototype: a part may be named __proto__.
  const out = Object.create(null) as Record<string, string>;
  const delim = Buffer.from(`--${boundary}`);
  let pos = body.indexOf(delim);
  if (pos < 0) throw new Error("multipart body: the boundary from Content-Type never appears");
  pos += delim.length;
  for (;;) {
    // After a delimiter: "--" closes the body; otherwise CRLF then the part's headers.
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) return out;
    // Transport padding (spaces/tabs) may precede the CRLF (RFC 2046).
    while (body[pos] === 0x20 || body[pos] === 0x09) pos++;
    if (body[pos] !== 0x0d || body[pos + 1] !== 0x0a) throw new Error("multipart body: expected CRLF after a boundary");
    pos += 2;
    const headerEnd = body.indexOf("\r\n\r\n", pos);
    if (headerEnd < 0) throw new Error("multipart body: a part has no blank line after its headers");
    const name = partName(decodeUtf8(body.subarray(pos, headerEnd), "in the headers of a multipart part"));
    const next = body.indexOf(Buffer.concat([Buffer.from("\r\n"), delim]), headerEnd + 4);
    if (next < 0) throw new Error("multipart body: the closing boundary is missing");
    if (name === undefined) throw new Error("multipart body: a part has no Content-Disposition name");
    out[name] = decodeUtf8(body.subarray(headerEnd + 4, next), `in parameter ${nameForMessage(name)}`);
    pos = next + 2 + delim.length;
  }
}
