/**
 * One lock per DNS zone in the provider process. DnsZone's service/dnssetzone replaces the whole
 * zone from a read made just before it, so no other write of this process may fall between that
 * read and that write: DnsZone's read-then-write holds the zone exclusively. Per-record writes
 * (DnsRecord's create/update/delete) only hold it shared: they never conflict with one another, and
 * the engine's concurrency across the records of one zone is kept (a DnsRecord-only program runs
 * as fast as before the lock existed). Waiters are served in arrival order, so a DnsZone is not
 * starved by a stream of record writes. Writers outside the process (the panel, a certificate
 * client) are not covered: see provider/resources/dns-zone/README.md for what remains.
 */
export type ZoneLockMode = "shared" | "exclusive";

interface ZoneLock {
  shared: number;
  exclusive: boolean;
  waiting: { mode: ZoneLockMode; go: () => void }[];
}

const zones = new Map<string, ZoneLock>();

/** Lets in the waiters at the head of the queue that the lock admits now. */
function admit(key: string, z: ZoneLock): void {
  while (z.waiting.length) {
    const next = z.waiting[0];
    if (next.mode === "exclusive" ? z.shared > 0 || z.exclusive : z.exclusive) break;
    if (next.mode === "exclusive") z.exclusive = true;
    else z.shared++;
    z.waiting.shift();
    next.go();
  }
  // The last holder leaves no entry behind (a long-lived process with many zones).
  if (!z.shared && !z.exclusive && !z.waiting.length && zones.get(key) === z) zones.delete(key);
}

/** Runs `fn` holding the zone's lock (the zone is the serviceName as normalised); exclusive by default. */
export async function withZoneLock<T>(serviceName: string, fn: () => Promise<T>, mode: ZoneLockMode = "exclusive"): Promise<T> {
  const key = serviceName.toLowerCase();
  const lock = zones.get(key) ?? { shared: 0, exclusive: false, waiting: [] };
  zones.set(key, lock);
  await new Promise<void>((go) => {
    lock.waiting.push({ mode, go });
    admit(key, lock);
  });
  try {
    return await fn();
  } finally {
    if (mode === "exclusive") lock.exclusive = false;
    else lock.shared--;
    admit(key, lock);
  }
}
