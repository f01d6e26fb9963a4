/**
 * Reads an account for `dondominio-export`: every resource that can be discovered
 * (provider/registry.ts, each descriptor's `discover`), through the provider's Api (the sdk client
 * with its shared limiter, temporary blocks waited out, paged lists traversed once each:
 * provider/core/client.ts), into an AccountSnapshot that render.ts turns into a program. Only
 * read-only operations are called. Passwords the API returns (FTP, databases) are dropped by the
 * discoveries: nothing after them ever holds them.
 */
import type { ListedRecord } from "../../sdk/rules";
import type { Api } from "../core/client";
import { type AccountScope, unicodeOf } from "../core/discovery";
import { RESOURCES } from "../registry";
import type { ContactSnapshot } from "../resources/contact/discover";
import type { DomainSnapshot } from "../resources/domain/discover";
import type { ServiceHead } from "../resources/hosting-service/discover";
import type { CertificateSnapshot } from "../resources/ssl-certificate/discover";

export type { DomainSnapshot } from "../resources/domain/discover";

export interface ServiceSnapshot extends ServiceHead {
  dns: ListedRecord[];
  mail: { name: string; usage: number; quotaMax: number }[];
  aliases: { name: string; targets: string[] }[];
  redirects: { origin: string; destination: string; type: string }[];
  ftp: { name: string; ftpPath: string }[];
  databases: { name: string; user: string; externalAccess: boolean }[];
  subdomains: { name: string; ftpPath: string; hasSsl: boolean }[];
}

export interface AccountSnapshot {
  contacts: ContactSnapshot[];
  domains: DomainSnapshot[];
  services: ServiceSnapshot[];
  certificates: CertificateSnapshot[];
  /** Collections left out, and why (filters). */
  notes: string[];
}

export interface ReadOptions {
  /** Only these domains (any spelling); with any filter, contacts and certificates are left out. */
  domains?: readonly string[];
  /** Only these hosting services. */
  services?: readonly string[];
  /** A line per collection read (stderr in the command). */
  progress?: (line: string) => void;
}

/** Reads everything the export declares; one traversal per collection (per service for its families). */
export async function readAccount(api: Api, options: ReadOptions = {}): Promise<AccountSnapshot> {
  const say = options.progress ?? (() => undefined);
  const filtered = Boolean(options.domains?.length || options.services?.length);
  const wantDomains = options.domains?.length ? new Set(options.domains.map(unicodeOf)) : undefined;
  const wantServices = options.services?.length ? new Set(options.services.map(unicodeOf)) : filtered ? new Set<string>() : undefined;
  // --domain also takes the domain's own hosting service, when it has one.
  for (const d of wantDomains ?? []) wantServices?.add(d);
  const members = RESOURCES.flatMap((d) => (d.discover?.scope === "service" ? [d.discover] : []));
  const scope: AccountScope = {
    filtered,
    wantDomains,
    wantServices,
    services: options.services,
    notes: [],
    say,
    async within(serviceName, name) {
      const lists = await Promise.all(members.map((m) => m.read(api, serviceName, name)));
      say(`${name}: ${members.map((m, i) => m.label(lists[i].length)).join(", ")}`);
      return Object.fromEntries(members.map((m, i) => [m.key, lists[i]]));
    },
  };
  const snapshot: Record<string, unknown> = {};
  for (const d of RESOURCES) if (d.discover?.scope === "account") snapshot[d.discover.key] = await d.discover.read(api, scope);
  return { ...(snapshot as Omit<AccountSnapshot, "notes">), notes: scope.notes };
}
