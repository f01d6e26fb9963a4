/**
 * tool/dig and tool/zonecheck: answers come from the emulator's own hosted zones (service module,
 * lookup.ts), because the emulator has no network. The `nameserver` parameter of tool/dig is echoed
 * and named in the text but does not change the answer (spec silent; every hosted zone is served by
 * the emulator's nameservers).
 */
import type { World } from "../../core/state";
import { type DnsAnswer, findZone, lookupRecords } from "../service/lookup";

/**
 * Nameservers of zones hosted in the emulator (choice: the spec does not name the vendor's; the
 * `.test` TLD is reserved, RFC 2606). tool/zonecheck passes only with these.
 */
export const EMULATOR_NAMESERVERS: readonly string[] = ["ns1.emulator.dondominio.test", "ns2.emulator.dondominio.test"];

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
 * tool/zonecheck: the zone passes when the emulator hosts it and every nameserver given is one of
 * EMULATOR_NAMESERVERS (those are the only servers that can answer for it). The report names each
 * failure and what to do.
 */
export function zoneCheck(world: World, domain: string, nameservers: string[]): { zonepass: boolean; report: string } {
  const lines: string[] = [];
  let pass = true;
  const zone = findZone(world, domain);
  if (!zone || zone.serviceName.toLowerCase() !== domain) {
    pass = false;
    lines.push(`FAIL: ${domain} is not a zone hosted here; create a hosting or redirect service for it first.`);
  } else {
    const soa = lookupRecords(world, domain, "SOA").length;
    lines.push(`OK: zone ${domain} is hosted (service ${zone.serviceName}${soa ? ", SOA present" : ""}).`);
  }
  for (const ns of nameservers) {
    const name = ns.toLowerCase().replace(/\.$/, "");
    if (!EMULATOR_NAMESERVERS.includes(name)) {
      pass = false;
      lines.push(`FAIL: ${name} is not authoritative for ${domain}; use ${EMULATOR_NAMESERVERS.join(", ")}.`);
    } else if (zone) {
      lines.push(`OK: ${name} answers authoritatively for ${domain}.`);
    } else {
      lines.push(`FAIL: ${name} does not serve ${domain} (no hosted zone).`);
    }
  }
  lines.push(pass ? "Zone check passed." : "Zone check failed.");
  return { zonepass: pass, report: lines.join("\n") };
}
