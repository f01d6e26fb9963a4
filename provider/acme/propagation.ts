/**
 * Waiting until DNS serves a challenge value, so the ACME server's check does not come too early
 * (a failed validation spends the order: RFC 8555 7.5.1 lets an authorization be tried once).
 * The servers asked are the zone's authoritative nameservers (the zone's NS records as dnslist gives
 * them, found by the system resolver), or those of DONDOMINIO_ACME_DNS_SERVERS; every one of them
 * must serve the value.
 */
import { lookup } from "node:dns/promises";
import { Resolver } from "node:dns/promises";
import { isIP } from "node:net";
import { asciiOrSelf } from "../../sdk/rules";
import type { Api } from "../core/client";

export interface WaitOptions {
  /** host:port or address list; undefined = the zone's nameservers on port 53. */
  servers?: string[];
  timeoutMs: number;
  intervalMs: number;
  /** One line per poll that did not see it yet. */
  progress?: (line: string) => void;
}

/** "host[:port]" entries of DONDOMINIO_ACME_DNS_SERVERS (IPv6 as [addr]:port), checked. */
export function parseServers(raw: string): string[] {
  const list = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const s of list) {
    const host = s.startsWith("[") ? s.slice(1, s.indexOf("]")) : s.replace(/:\d+$/, "");
    if (isIP(host) === 0) throw new Error(`DONDOMINIO_ACME_DNS_SERVERS: ${JSON.stringify(s)} is not an IP address with an optional :port`);
  }
  if (list.length === 0) throw new Error("DONDOMINIO_ACME_DNS_SERVERS: give at least one address, e.g. 192.0.2.53 or 192.0.2.53:5353");
  return list;
}

/** Addresses of the zone's nameservers (its apex NS records), by the system resolver. */
async function zoneNameservers(api: Api, zone: string): Promise<string[]> {
  const apex = asciiOrSelf(zone.toLowerCase());
  const ns = (await api.listAll("service/dnslist", { serviceName: zone, filterType: "NS" })).filter((r) => asciiOrSelf(r.name.toLowerCase()) === apex);
  const out: string[] = [];
  for (const r of ns) {
    const host = r.value.replace(/\.$/, "");
    try {
      for (const a of await lookup(host, { all: true })) out.push(a.family === 6 ? `[${a.address}]` : a.address);
    } catch {
      // A nameserver that does not resolve cannot be asked; the others still can.
    }
  }
  if (out.length === 0)
    throw new Error(
      `${zone}: none of the zone's nameservers (${ns.map((r) => r.value).join(", ") || "no NS records"}) resolves; set DONDOMINIO_ACME_DNS_SERVERS`,
    );
  return [...new Set(out)];
}

async function serves(server: string, name: string, value: string): Promise<boolean> {
  const r = new Resolver({ timeout: 3000, tries: 1 });
  r.setServers([server]);
  try {
    return (await r.resolveTxt(name)).some((chunks) => chunks.join("") === value);
  } catch {
    return false;
  } finally {
    r.cancel();
  }
}

/** Resolves when every server serves `value` at `name`; throws after `timeoutMs` naming those that do not. */
export async function waitForTxt(api: Api, zone: string, name: string, value: string, opts: WaitOptions): Promise<{ servers: string[]; waitedMs: number }> {
  const servers = opts.servers ?? (await zoneNameservers(api, zone));
  const started = Date.now();
  for (;;) {
    const missing: string[] = [];
    for (const s of servers) if (!(await serves(s, name, value))) missing.push(s);
    const waitedMs = Date.now() - started;
    if (missing.length === 0) return { servers, waitedMs };
    if (waitedMs + opts.intervalMs > opts.timeoutMs) {
      throw new Error(
        `${name}: the TXT value is not served by ${missing.join(", ")} after ${Math.round(waitedMs / 1000)} s (DONDOMINIO_ACME_PROPAGATION_TIMEOUT); the record was written, DNS did not publish it in time`,
      );
    }
    opts.progress?.(`${name}: not yet served by ${missing.join(", ")} (${Math.round(waitedMs / 1000)} s)`);
    await new Promise((r) => setTimeout(r, opts.intervalMs));
  }
}
