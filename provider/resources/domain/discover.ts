/**
 * Domain's live objects for `dondominio-export` (core/descriptor.ts `discover`), with their glue
 * records and DNSSEC entries (GlueRecord, DnssecKey): domain/list once per infoType (status,
 * nameservers, gluerecords), and one domain/getinfo infoType=dnssec per active domain (DNSSEC is
 * no list infoType).
 */
import { DEFAULT_NAMESERVERS, normaliseNameserver, normaliseTags } from "../../../sdk/rules";
import type { Api } from "../../core/client";
import { type AccountScope, asciiOf, unicodeOf } from "../../core/discovery";

export interface DomainSnapshot {
  /** Unicode form, as Domain records it. */
  name: string;
  ascii: string;
  status: string;
  tsExpir: string;
  renewalMode?: string;
  transferBlock?: boolean;
  modifyBlock?: boolean;
  whoisPrivacy?: boolean;
  viewWhois?: boolean;
  tags: string[];
  /** ["default"]: the service's own servers. */
  nameservers?: string[];
  glue: { name: string; ipv4: string; ipv6?: string }[];
  dnssec: { keytag: number; algorithm: number; digesttype: number; digest: string }[];
  /** Why the DNSSEC entries were not read (a domain that is not active). */
  dnssecNote?: string;
}

export async function discoverDomains(api: Api, scope: AccountScope): Promise<DomainSnapshot[]> {
  const want = scope.wantDomains;
  const [status, ns, glue] = await Promise.all([
    api.listAll("domain/list", { infoType: "status" }),
    api.listAll("domain/list", { infoType: "nameservers" }),
    api.listAll("domain/list", { infoType: "gluerecords" }),
  ]);
  const nsOf = new Map(ns.map((d) => [unicodeOf(d.name), d]));
  const glueOf = new Map(glue.map((d) => [unicodeOf(d.name), d]));
  const domains: DomainSnapshot[] = [];
  for (const d of want ? status.filter((x) => want.has(unicodeOf(x.name))) : status) {
    const key = unicodeOf(d.name);
    const n = nsOf.get(key);
    const nameservers = n
      ? n.defaultNS
        ? [...DEFAULT_NAMESERVERS]
        : [...(n.nameservers ?? [])].sort((a, b) => a.order - b.order).map((x) => normaliseNameserver(x.name))
      : undefined;
    domains.push({
      name: key,
      ascii: asciiOf(key),
      status: d.status,
      tsExpir: d.tsExpir,
      renewalMode: d.renewalMode,
      transferBlock: d.transferBlock,
      modifyBlock: d.modifyBlock,
      whoisPrivacy: d.whoisPrivacy,
      viewWhois: d.viewWhois,
      tags: d.tag ? normaliseTags(d.tag) : [],
      nameservers: nameservers?.length ? nameservers : undefined,
      glue: (glueOf.get(key)?.gluerecords ?? []).map((g) => ({ name: g.name, ipv4: g.ipv4, ...(g.ipv6 ? { ipv6: g.ipv6 } : {}) })),
      dnssec: [],
    });
  }
  domains.sort((a, b) => a.ascii.localeCompare(b.ascii));
  for (const w of want ?? []) if (!domains.some((d) => d.name === w)) scope.notes.push(`--domain ${w}: not in this account`);
  scope.say(`domains: ${domains.length} (${status.length} in the account; status, nameservers and glue records: one list each)`);

  let dnssecReads = 0;
  await Promise.all(
    domains.map(async (d) => {
      if (d.status !== "active") {
        d.dnssecNote = `DNSSEC entries not read: the domain is ${d.status}`;
        return;
      }
      const info = await api.call("domain/getinfo", { domain: d.ascii, infoType: "dnssec" });
      dnssecReads++;
      d.dnssec = (info.dnssec?.entries ?? []).map((e) => ({ keytag: e.keytag, algorithm: e.algorithm, digesttype: e.digesttype, digest: e.digest }));
    }),
  );
  scope.say(`dnssec: ${domains.reduce((n, d) => n + d.dnssec.length, 0)} entries (${dnssecReads} domains read)`);
  return domains;
}
