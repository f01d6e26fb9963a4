/**
 * Reading and decoding request bodies. API parameters travel only in the POST body (spec rule 3:
 * query-string parameters are ignored); both encodings real clients use are accepted
 * (facts.md "Requests"): application/x-www-form-urlencoded and multipart/form-data. A JSON body is
 * refused with error 100 (facts.md: "A JSON body is refused").
 */
import type { IncomingMessage } from "node:http";
import { multipartBoundary, parseMultipart } from "./multipart";

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

/** An object for request values keyed by request names: no prototype, so `__proto__` is just a name. */
export function paramsObject(): Record<string, string> {
  return Object.create(null) as Record<string, string>;
}

/** application/x-www-form-urlencoded; `+` is a space; the last of repeated names wins (PHP does the same). */
export function parseUrlencoded(text: string): Record<string, string> {
  const out = paramsObject();
  for (const [k, v] of new URLSearchParams(text)) out[k] = v;
  return out;
}

/**
 * Decodes a body by its Content-Type. An empty body is no parameters whatever the type. Throws
 * BodyError with a message for the caller when the type is refused or the body is malformed.
 */
export function parseBody(contentType: string | undefined, body: Buffer): Record<string, string> {
  if (body.length === 0) return paramsObject();
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded" || type === "") return parseUrlencoded(body.toString("utf8"));
  if (type === "multipart/form-data") {
    const boundary = multipartBoundary(contentType ?? "");
    if (!boundary) throw new BodyError("multipart/form-data without a boundary parameter");
    try {
      return parseMultipart(body, boundary);
    } catch (err) {
      throw new BodyError((err as Error).message);
    }
  }
  if (type === "application/json" || type.endsWith("+json")) {
    throw new BodyError("JSON bodies are not accepted: send the parameters as application/x-www-form-urlencoded or multipart/form-data");
  }
  throw new BodyError(`unsupported Content-Type ${type}: send application/x-www-form-urlencoded or multipart/form-data`);
}
