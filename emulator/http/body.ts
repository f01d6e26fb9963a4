/**
 * Reading and decoding request bodies. API parameters travel only in the POST body (spec rule 3:
 * query-string parameters are ignored); both encodings real clients use are accepted
 * (facts.md "Requests"): application/x-www-form-urlencoded and multipart/form-data. A JSON body is
 * refused with error 100 (facts.md: "A JSON body is refused"). A body of more than MAX_PARAMS
 * parameters is refused with 100 too, before any of them is decoded.
 */
import type { IncomingMessage } from "node:http";
import { parseMultipart } from "./multipart";
import { decodeUtf8, InvalidUtf8Error, nameForMessage } from "./utf8";

/** Bodies above this size are refused: no API call needs more than a CSR and a few fields. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * A refused body is read on (and thrown away, nothing is kept) up to this many bytes in all, so the
 * client gets its error envelope on a clean connection; past it, or when Content-Length announces
 * more, the reply goes out at once and the connection is closed (the client may then see a reset
 * while it is still sending).
 */
export const MAX_DRAIN_BYTES = 32 * 1024 * 1024;

export class BodyError extends Error {
  constructor(
    message: string,
    /** The body was over the size limit. */
    readonly tooLarge = false,
    /** The whole request was read: the connection can carry the reply cleanly. */
    readonly drained = true,
  ) {
    super(message);
  }
}

/**
 * Reads a request body of at most `limit` bytes. A larger one is refused with a BodyError
 * (tooLarge) after the rest is read and dropped, up to `drainLimit` bytes in all; beyond that (or
 * when Content-Length announces more) at once, with `drained` false: the caller answers with
 * `Connection: close`. Memory use is bounded by `limit` either way.
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES, drainLimit = MAX_DRAIN_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const refused = (drained: boolean) => new BodyError(`request body larger than ${limit} bytes`, true, drained);
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > Math.max(limit, drainLimit)) {
      // Nothing is read: Node discards what arrives until the reply closes the connection.
      return reject(refused(false));
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        if (!over) chunks.length = 0;
        over = true;
        if (size > drainLimit) {
          req.off("data", onData);
          req.off("end", onEnd);
          reject(refused(false));
        }
        return;
      }
      chunks.push(c);
    };
    const onEnd = () => (over ? reject(refused(true)) : resolve(Buffer.concat(chunks)));
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", reject);
  });
}

/**
 * Most parameters a body may carry, counted before anything is decoded (parseBody): 1,000, the
 * default of PHP's max_input_vars (the API is PHP, facts.md "Requests"). The largest legitimate
 * call has under 80 (domain/transfer: 74 catalogue parameters, plus apiuser, apipasswd and the output
 * options). Decoding costs per parameter: 400,000 tiny ones in a 3.9 MB body held the event loop
 * 1.7 s before the login was even looked at, so the count is refused first, cheaply. PHP drops the
 * variables past the limit with a warning; the emulator answers 100 instead, so that a client
 * never mistakes a truncated request for the one it sent.
 */
export const MAX_PARAMS = 1000;

/** Counts occurrences of `needle` in `buf`, stopping once past `max` (the caller only needs "more than max"). */
function countUpTo(buf: Buffer, needle: number | Buffer, max: number): number {
  let n = 0;
  const step = typeof needle === "number" ? 1 : needle.length;
  for (let i = buf.indexOf(needle); i >= 0 && n <= max; i = buf.indexOf(needle, i + step)) n++;
  return n;
}

/**
 * How many parameters a body holds at most, found by scanning for separators only: `&` for
 * urlencoded (pairs are at most one more than the separators); for multipart, `CRLF--`, which comes
 * before every delimiter line after the first (the one after the last part included), so a body
 * has no more parts than it has of them. Not the boundary of the Content-Type: the platform's
 * parser reads a header with commas as a list and takes the last multipart type's boundary, and a
 * count by the first one (found nowhere in the body) let every part be decoded. A value holding
 * `CRLF--` (a PEM with CRLF line ends: two a block) counts more than it is, far below the limit.
 * Stops counting past MAX_PARAMS.
 */
export function paramCountUpTo(type: string, _contentType: string, body: Buffer, max = MAX_PARAMS): number {
  if (type === "multipart/form-data") return countUpTo(body, MULTIPART_DELIMITER, max);
  return countUpTo(body, 0x26, max) + 1;
}

const MULTIPART_DELIMITER = Buffer.from("\r\n--");

/** An object for request values keyed by request names: no prototype, so `__proto__` is just a name. */
export function paramsObject(): Record<string, string> {
  return Object.create(null) as Record<string, string>;
}

/**
 * Longest parameter value accepted, in UTF-8 bytes (105 naming the parameter past it, emulator/http/api.ts).
 * The largest legitimate values are PEM texts (a certificate chain in service/subdomain* sslCertChain,
 * a CSR or key in ssl csrData/keyData): a few KiB each, so 64 KiB leaves ample room.
 */
export const MAX_PARAM_BYTES = 64 * 1024;

/**
 * Parameters with their own limit: dnsZoneData (service/dnssetzone) carries a whole zone in base64,
 * so it is held only to the body limit.
 */
export const PARAM_BYTE_LIMITS: Readonly<Record<string, number>> = { dnsZoneData: MAX_BODY_BYTES };

/** The first parameter whose value is over its limit (in UTF-8 bytes), if any. */
export function oversizedParam(params: Record<string, string>): { name: string; bytes: number; limit: number } | undefined {
  for (const [name, value] of Object.entries(params)) {
    const limit = Object.hasOwn(PARAM_BYTE_LIMITS, name) ? PARAM_BYTE_LIMITS[name] : MAX_PARAM_BYTES;
    // A UTF-16 code unit is at most 3 UTF-8 bytes: most values are judged without counting.
    if (value.length * 3 <= limit) continue;
    const bytes = Buffer.byteLength(value, "utf8");
    if (bytes > limit) return { name, bytes, limit };
  }
  return undefined;
}

const hexValue = (b: number): number => (b >= 0x30 && b <= 0x39 ? b - 0x30 : b >= 0x41 && b <= 0x46 ? b - 0x37 : b >= 0x61 && b <= 0x66 ? b - 0x57 : -1);

/**
 * Percent-decoding of one urlencoded name or value, as bytes (WHATWG URL "percent-decode"): `+` is
 * a space, `%XX` a byte, a `%` not followed by two hex digits stays as it is.
 */
function percentDecode(bytes: Buffer): Buffer {
  if (bytes.indexOf(0x25) < 0 && bytes.indexOf(0x2b) < 0) return bytes;
  const out = Buffer.allocUnsafe(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x2b) out[n++] = 0x20;
    else if (b === 0x25 && i + 2 < bytes.length && hexValue(bytes[i + 1]) >= 0 && hexValue(bytes[i + 2]) >= 0) {
      out[n++] = hexValue(bytes[i + 1]) * 16 + hexValue(bytes[i + 2]);
      i += 2;
    } else out[n++] = b;
  }
  return out.subarray(0, n);
}

/**
 * application/x-www-form-urlencoded, as URLSearchParams reads it but strict about UTF-8: `+` is a
 * space; the last of repeated names wins (PHP does the same). Each name and value must be valid UTF-8
 * once percent-decoded (raw bytes and %XX alike): one that is not throws an InvalidUtf8Error naming it.
 */
export function parseUrlencoded(body: Buffer | string): Record<string, string> {
  const buf = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  const out = paramsObject();
  let start = 0;
  while (start <= buf.length) {
    let end = buf.indexOf(0x26, start);
    if (end < 0) end = buf.length;
    if (end > start) {
      const pair = buf.subarray(start, end);
      const eq = pair.indexOf(0x3d);
      const name = decodeUtf8(percentDecode(eq < 0 ? pair : pair.subarray(0, eq)), "in a parameter name");
      out[name] = decodeUtf8(percentDecode(eq < 0 ? Buffer.alloc(0) : pair.subarray(eq + 1)), `in parameter ${nameForMessage(name)}`);
    }
    start = end + 1;
  }
  return out;
}

/**
 * Decodes a body by its Content-Type. An empty body is no parameters whatever the type. Throws
 * BodyError with a message for the caller when the type is refused or the body is malformed.
 */
export async function parseBody(contentType: string | undefined, body: Buffer): Promise<Record<string, string>> {
  if (body.length === 0) return paramsObject();
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded" || type === "" || type === "multipart/form-data") {
    const count = paramCountUpTo(type, contentType ?? "", body);
    if (count > MAX_PARAMS) throw new BodyError(`the request carries more than ${MAX_PARAMS} parameters (the limit); none was read`);
  }
  if (type === "application/x-www-form-urlencoded" || type === "") {
    try {
      return parseUrlencoded(body);
    } catch (err) {
      if (err instanceof InvalidUtf8Error) throw new BodyError(err.message);
      throw err;
    }
  }
  if (type === "multipart/form-data") {
    try {
      return await parseMultipart(body, contentType ?? "");
    } catch (err) {
      throw new BodyError((err as Error).message);
    }
  }
  if (type === "application/json" || type.endsWith("+json")) {
    throw new BodyError("JSON bodies are not accepted: send the parameters as application/x-www-form-urlencoded or multipart/form-data");
  }
  throw new BodyError(`unsupported Content-Type ${type}: send application/x-www-form-urlencoded or multipart/form-data`);
}
