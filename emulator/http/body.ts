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

export class BodyError extends Error {}

export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        reject(new BodyError(`request body larger than ${limit} bytes`));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** application/x-www-form-urlencoded; `+` is a space; the last of repeated names wins (PHP does the same). */
export function parseUrlencoded(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(text)) out[k] = v;
  return out;
}

/**
 * Decodes a body by its Content-Type. An empty body is no parameters whatever the type. Throws
 * BodyError with a message for the caller when the type is refused or the body is malformed.
 */
export function parseBody(contentType: string | undefined, body: Buffer): Record<string, string> {
  if (body.length === 0) return {};
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
