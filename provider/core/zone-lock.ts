/**
 * One lock per DNS zone in the provider process, taken by every writer of a zone (DnsRecord's
 * create/update/delete, DnsZone's read-then-write): the engine runs resource operations
 * concurrently, and DnsZone's service/dnssetzone replaces the whole zone from a read made just
 * before it, so no write of this process may fall between that read and that write. Writers
 * outside the process (the panel, a certificate client) are not covered: see
 * provider/resources/dns-zone/README.md for what remains.
 */
const tails = new Map<string, Promise<unknown>>();

/** Runs `fn` when every earlier holder of the zone's lock is done; the zone is the serviceName as normalised. */
export async function withZoneLock<T>(serviceName: string, fn: () => Promise<T>): Promise<T> {
  const key = serviceName.toLowerCase();
  const before = tails.get(key) ?? Promise.resolve();
  const run = before.then(fn, fn);
  const tail = run.catch(() => undefined);
  tails.set(key, tail);
  try {
    return await run;
  } finally {
    // The last holder leaves no entry behind (a long-lived process with many zones).
    if (tails.get(key) === tail) tails.delete(key);
  }
}
