/**
 * Strict UTF-8 for request bytes: a body, a percent-decoded name or value, a multipart field. What is
 * not valid UTF-8 (stray bytes, a truncated sequence, an overlong form, an encoded UTF-16 surrogate)
 * is refused with an Error naming where it was, never stored as U+FFFD; the HTTP layer answers it
 * with error 100 (syntax error). A BOM is kept as a character, as URLSearchParams does.
 */
import { isAscii } from "node:buffer";

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export class InvalidUtf8Error extends Error {}

/** A request name for a message: long ones are cut (the name itself may be what is oversized). */
export function nameForMessage(name: string): string {
  return name.length > 64 ? `${name.slice(0, 64)}…` : name;
}

/** The refusal of bytes that are not UTF-8; `where` completes its text, e.g. "in parameter FirstName". */
export function notUtf8(where: string): InvalidUtf8Error {
  return new InvalidUtf8Error(`the request body is not valid UTF-8 (${where})`);
}

/** Strict UTF-8 decoding; throws notUtf8(where). */
export function decodeUtf8(bytes: Uint8Array, where: string): string {
  // Pure ASCII, the usual case, needs no decoder.
  if (isAscii(bytes)) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("latin1");
  try {
    return decoder.decode(bytes);
  } catch {
    throw notUtf8(where);
  }
}
