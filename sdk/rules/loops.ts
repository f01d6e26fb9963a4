/**
 * Self-references and loops across objects, judged on graphs the caller builds from the program
 * and the account (mail aliases: address -> its targets; redirects: origin host -> the host its
 * destination URL names; CNAMEs are dns-meaning.ts's):
 * - a mail alias that delivers to itself, or aliases that deliver to each other in a ring: the
 *   mail system expands them until its hop limit and bounces the message (RFC 5321 6.3: "mail
 *   loops"; Postfix and Exim refuse or bounce such aliases);
 * - a redirect whose destination is its own host, or redirects that send to each other: browsers
 *   stop with "too many redirects" (RFC 9110 15.4: a client detects redirect loops), and a frame of
 *   itself nests forever.
 */
import { tryAscii } from "./idn";

/** The path of a ring that leads from `start` back to it through `next`, or undefined (at most `limit` nodes visited). */
export function ringThrough(start: string, next: (node: string) => readonly string[] | undefined, limit = 256): string[] | undefined {
  const stack: { node: string; path: string[] }[] = (next(start) ?? []).map((n) => ({ node: n, path: [start, n] }));
  const seen = new Set<string>();
  while (stack.length && seen.size < limit) {
    const { node, path } = stack.pop()!;
    if (node === start) return path;
    if (seen.has(node)) continue;
    seen.add(node);
    for (const n of next(node) ?? []) stack.push({ node: n, path: [...path, n] });
  }
  return undefined;
}

/** An address compared as mail systems route it: local part as given (lower case), domain in ASCII. */
export function mailKey(address: string): string {
  const a = address.trim().toLowerCase();
  const at = a.lastIndexOf("@");
  return at < 0 ? a : `${a.slice(0, at)}@${tryAscii(a.slice(at + 1)) ?? a.slice(at + 1)}`;
}

/** Why an alias of `address` delivering to `targets` loops at once (it is among its own targets), or undefined. */
export function aliasSelfProblem(address: string, targets: readonly string[]): string | undefined {
  const self = mailKey(address);
  return targets.some((t) => mailKey(t) === self)
    ? `${address} is among its own targets: the alias delivers to itself, a mail loop the server bounces (RFC 5321 6.3)`
    : undefined;
}

/** Why the alias of `address` closes a ring of aliases (`targetsOf`: an address's alias targets, undefined for a mailbox or an outside address), or undefined. */
export function aliasRingProblem(address: string, targetsOf: (address: string) => readonly string[] | undefined, where: string): string | undefined {
  const ring = ringThrough(mailKey(address), (a) => targetsOf(a)?.map(mailKey));
  return ring && ring.length > 2
    ? `the aliases deliver in a ring, ${ring.join(" -> ")} (${where}): the mail loops until the server bounces it (RFC 5321 6.3)`
    : undefined;
}

/** The host (lower case ASCII) a redirect destination URL names, or undefined. */
export function urlHost(url: string): string | undefined {
  const m = /^https?:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(url.trim());
  if (!m) return undefined;
  const host = m[1].replace(/\.$/, "").toLowerCase();
  return tryAscii(host) ?? host;
}

/** Why a redirect of `origin` (full host) to `destination` sends visitors to itself, or undefined. */
export function redirectSelfProblem(origin: string, destination: string): string | undefined {
  const host = urlHost(destination);
  const o = tryAscii(origin) ?? origin.toLowerCase();
  return host !== undefined && host === o
    ? `the destination's host is ${o}, the redirect's own origin: every request is sent back to it, a redirect loop browsers stop with "too many redirects" (RFC 9110 15.4)`
    : undefined;
}

/** Why the redirect of `origin` closes a ring of redirects (`destinationOf`: a host's redirect destination host), or undefined. */
export function redirectRingProblem(origin: string, destinationOf: (host: string) => string | undefined, where: string): string | undefined {
  const o = tryAscii(origin) ?? origin.toLowerCase();
  const ring = ringThrough(o, (h) => {
    const d = destinationOf(h);
    return d === undefined ? undefined : [d];
  });
  return ring && ring.length > 2
    ? `the redirects send visitors in a ring, ${ring.join(" -> ")} (${where}): browsers stop with "too many redirects" (RFC 9110 15.4)`
    : undefined;
}
