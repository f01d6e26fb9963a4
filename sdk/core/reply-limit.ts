/**
 * The size cap on replies, for the API client (transport.ts) and the dynamic DNS client (dyndns.ts).
 * A reply is counted while it streams in: a Content-Length over the cap is refused before any byte of
 * the body is read, and a body without one (or lying about it) is cut off, its connection closed, as
 * soon as the bytes received pass the cap. Memory per call is thus bounded by the cap plus one chunk.
 *
 * A reply over the cap is a transport error that counts the request as SENT (`mayHaveBeenSent`
 * true): the server read the request and answered, so the operation may have run. For an operation
 * that is not retry-safe the client turns it into DonDominioAmbiguousError, like a lost reply (look
 * before trying again; paid operations are never resent). It is never retried (retry.ts): the same
 * request gets the same reply.
 */
import { DonDominioTransportError } from "./errors";

/**
 * Largest API reply accepted: 8 MiB. The largest legitimate replies are pages of 1,000 items (the
 * API's default page length, spec "Limits"); measured against the emulator (bench/reply-sizes.ts),
 * the largest is domain/list with infoType=contact, 1.5 MiB in JSON and 2.7 MiB in pretty XML, and a
 * zone of 1,000 TXT records of the longest value the API takes (4,000 characters) would be about 4 MiB. 8 MiB leaves room for
 * longer real data; a reply past it is no API answer (a proxy, a misrouted download, an attack).
 */
export const MAX_REPLY_BYTES = 8 * 1024 * 1024;

/**
 * Largest dynamic DNS reply accepted: 64 KiB. Its replies are a few lines (a status, the host, the
 * address, a message or two: under 1 KiB in every format, facts.md "Dynamic DNS").
 */
export const MAX_DYNDNS_REPLY_BYTES = 64 * 1024;

/** DonDominioTransportError's `code` for a reply over the cap. */
export const REPLY_TOO_LARGE = "REPLY_TOO_LARGE";

/** The Content-Length a reply announces, when it is one non-negative integer. */
export function declaredLength(header: string | string[] | undefined): number | undefined {
  const v = Array.isArray(header) ? header[0] : header;
  if (v === undefined || !/^\s*\d+\s*$/.test(v)) return undefined;
  return Number(v);
}

const mib = (n: number) => (n >= 1024 * 1024 ? `${+(n / 1024 / 1024).toFixed(1)} MiB` : `${+(n / 1024).toFixed(1)} KiB`);

/**
 * The error for a reply over `limit`: `declared` when its Content-Length said so (nothing of the
 * body was read), else `received`, the bytes read when it was cut off.
 */
export function replyTooLarge(operation: string, limit: number, seen: { declared?: number; received?: number }): DonDominioTransportError {
  const what =
    seen.declared !== undefined ? `announced ${seen.declared} bytes (Content-Length)` : `passed ${seen.received ?? limit} bytes before it was cut off`;
  return new DonDominioTransportError(
    operation,
    `the reply is larger than the ${mib(limit)} limit (${limit} bytes): it ${what}; the connection was closed and nothing more was read (the request had been received and answered)`,
    { code: REPLY_TOO_LARGE, mayHaveBeenSent: true },
  );
}
