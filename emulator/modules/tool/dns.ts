/**
 * tool/dig and tool/zonecheck: answers come from the emulator's own hosted zones (service module,
 * lookup.ts), because the emulator has no network. The `nameserver` parameter of tool/dig is echoed
 * and named in the text but does not change the answer (spec silent; every hosted zone is served by
 * the emulator's nameservers).
 */
import { normaliseNameserver } from "../../../sdk/rules";
import type { World } from "../../core/state";
import { EMULATOR_NAMESERVERS } from "../../data/products";
import { type DnsAnswer, findZone, lookupRecords } from "../service/lookup";

/**
 * Nameservers of zones hosted in the emulator (the service module's hosting platform; reserved
 * `.test` TLD), used when a zone has no NS records of its own.
 */
export { EMULATOR_NAMESERVERS };

const HOSTNAME_TYPES = new Set(["CNAME", "MX", "NS", "SRV"]);

function rdata(a: DnsAnswer): string {
  const type = a.type.toUpperCase();
  let value = a.value;
  if (HOSTNAME_TYPES.has(type) && !value.endsWith(".") && /[a-z]/i.test(value)) value = `${value}.`;
  if (type === "TXT" && !value.startsWith('"')) value = `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  return a.priority !== undefined && (type === "MX" || type === "SRV") ? `${a.priority} ${value}` : value;
}

/** A dig-like text: header with status, question section, answer section (RFC 1035 presentation). */
export function digText(world: World, fqdn: string, type: string, nameserver: string): string {
  const zone = findZone(world, fqdn);
  const all = zone ? lookupRecords(world, fqdn, "ANY") : [];
  const answers = zone ? lookupRecords(world, fqdn, type) : [];
  // NXDOMAIN: no hosted zone holds the name, or the zone has no record at all at that name.
  const status = !zone || (all.length === 0 && answers.length === 0) ? "NXDOMAIN" : "NOERROR";
  const lines = [
    `; <<>> DiG (DonDominio emulator) <<>> @${nameserver} ${fqdn} ${type}`,
    ";; global options: +cmd",
    ";; Got answer:",
    `;; ->>HEADER<<- opcode: QUERY, status: ${status}, id: 1`,
    `;; flags: qr${zone ? " aa" : ""} rd; QUERY: 1, ANSWER: ${answers.length}, AUTHORITY: 0, ADDITIONAL: 0`,
    "",
    ";; QUESTION SECTION:",
    `;${fqdn}.\t\t\tIN\t${type}`,
  ];
  if (answers.length) {
    lines.push("", ";; ANSWER SECTION:");
    for (const a of answers) lines.push(`${a.name}.\t\t${a.ttl}\tIN\t${a.type.toUpperCase()}\t${rdata(a)}`);
  }
  lines.push("", `;; SERVER: ${nameserver}#53`);
  return lines.join("\n");
}

/**
 * tool/zonecheck: the zone passes when the emulator hosts it and every nameserver given is one the
 * zone itself names in its apex NS records (the emulator's nameservers; EMULATOR_NAMESERVERS when
 * the zone has no NS records). The report names each failure and what to do.
 */
export function zoneCheck(world: World, domain: string, nameservers: string[]): { zonepass: boolean; report: string } {
  const lines: string[] = [];
  let pass = true;
  const zone = findZone(world, domain);
  const hosted = zone !== undefined && zone.serviceName.toLowerCase() === domain;
  const nsRecords = hosted ? lookupRecords(world, domain, "NS").map((a) => normaliseNameserver(a.value)) : [];
  const authoritative = nsRecords.length ? nsRecords : [...EMULATOR_NAMESERVERS];
  if (!hosted) {
    pass = false;
    lines.push(`FAIL: ${domain} is not a zone hosted here; create a hosting or redirect service for it first.`);
  } else {
    const soa = lookupRecords(world, domain, "SOA").length;
    lines.push(`OK: zone ${domain} is hosted (service ${zone.serviceName}${soa ? ", SOA present" : ""}).`);
  }
  for (const ns of nameservers) {
    const name = normaliseNameserver(ns);
    if (!authoritative.includes(name)) {
      pass = false;
      lines.push(`FAIL: ${name} is not authoritative for ${domain}; use ${authoritative.join(", ")}.`);
    } else if (hosted) {
      lines.push(`OK: ${name} answers authoritatively for ${domain}.`);
    } else {
      lines.push(`FAIL: ${name} does not serve ${domain} (no hosted zone).`);
    }
  }
  lines.push(pass ? "Zone check passed." : "Zone check failed.");
  return { zonepass: pass, report: lines.join("\n") };
}
