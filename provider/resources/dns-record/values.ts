/**
 * DNS values per record type: validation and the one stored spelling, so that what the provider
 * sends compares equal to what dnslist answers (no perpetual diff). Rules: spec "Service
 * sub-resources" (value formats), capabilities.ts (limits). Every function throws DnsInputError
 * naming the field and the rule.
 */
import { isIPv4, isIPv6 } from "node:net";
import { toASCII } from "punycode/";
import { DNS_CAPABILITIES as CAP, type DnsRecordType } from "./capabilities";

export class DnsInputError extends Error {
  constructor(
    readonly property: string,
    readonly reason: string,
  ) {
    super(`${property}: ${reason}`);
    this.name = "DnsInputError";
  }
}

/** One host-name label in ASCII: letters, digits, "-" inside, "_" anywhere (_acme-challenge, _sip). */
export const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

const show = (v: string) => JSON.stringify(v.length > 60 ? `${v.slice(0, 57)}...` : v);

/** Lower case, NFC, IDN labels in punycode, no trailing dot; undefined when punycode fails. */
export function asciiHost(v: string): string | undefined {
  try {
    return toASCII(v.trim().normalize("NFC").toLowerCase().replace(/\.$/, ""));
  } catch {
    return undefined;
  }
}

/** A full host name used as a target (CNAME, MX, NS, SRV): "@" is the zone apex. */
export function normalizeTarget(type: DnsRecordType, raw: string, zone: string, property = "value"): string {
  const v = raw.trim();
  if (v === "@") return zone;
  const host = asciiHost(v);
  const labels = host?.split(".") ?? [];
  if (host === undefined || host.length > 253 || !labels.every((l) => LABEL.test(l))) {
    throw new DnsInputError(property, `${show(raw)} is not a host name for a ${type} record`);
  }
  if (labels.length < 2) {
    throw new DnsInputError(property, `${show(raw)} is not a full host name for a ${type} record; write it in full, e.g. ${host}.${zone}`);
  }
  return host;
}

export function normalizeIPv4(raw: string): string {
  const v = raw.trim();
  // Leading zeros are refused: some resolvers read them as octal.
  if (!isIPv4(v) || v.split(".").some((o) => o.length > 1 && o.startsWith("0"))) {
    throw new DnsInputError("value", `${show(raw)} is not an IPv4 address for an A record`);
  }
  return v;
}

/** RFC 5952 canonical text: lower case, no leading zeros, the longest run of zero groups as "::". */
export function normalizeIPv6(raw: string): string {
  let v = raw.trim().toLowerCase();
  if (!isIPv6(v) || v.includes("%")) throw new DnsInputError("value", `${show(raw)} is not an IPv6 address for an AAAA record`);
  if (v.includes(".")) {
    const cut = v.lastIndexOf(":");
    const o = v.slice(cut + 1).split(".").map(Number);
    v = `${v.slice(0, cut + 1)}${((o[0] << 8) | o[1]).toString(16)}:${((o[2] << 8) | o[3]).toString(16)}`;
  }
  const [head, tail] = v.split("::");
  const h = head ? head.split(":") : [];
  const t = tail === undefined ? [] : tail ? tail.split(":") : [];
  const groups = [...h, ...Array(8 - h.length - t.length).fill("0"), ...t].map((g) => Number.parseInt(g, 16));
  // IPv4-mapped addresses keep the dotted tail (RFC 5952 section 5).
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `::ffff:${groups[6] >> 8}.${groups[6] & 255}.${groups[7] >> 8}.${groups[7] & 255}`;
  }
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) [best, bestLen] = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best < 0) return hex.join(":");
  return `${hex.slice(0, best).join(":")}::${hex.slice(best + bestLen).join(":")}`;
}

/** SRV value "weight port target" (priority is its own field); target "." = no such service. */
export function normalizeSrv(raw: string, zone: string): string {
  const parts = raw.trim().split(/\s+/);
  if (parts.length === 4 && parts.slice(0, 3).every((p) => /^\d+$/.test(p))) {
    throw new DnsInputError("value", `${show(raw)} has 4 fields; an SRV value is "weight port target" and the priority goes in priority`);
  }
  const [w, p, target] = parts;
  const num = (s: string | undefined) => (s !== undefined && /^\d{1,5}$/.test(s) && Number(s) <= 65535 ? Number(s) : undefined);
  if (parts.length !== 3 || num(w) === undefined || num(p) === undefined) {
    throw new DnsInputError("value", `${show(raw)} is not "weight port target" for an SRV record (weight and port 0 to 65535), e.g. "5 5060 sip.example.com"`);
  }
  const host = target === "." && CAP.srv.nullTarget ? "." : normalizeTarget("SRV", target, zone);
  return `${num(w)} ${num(p)} ${host}`;
}

/** CAA value `flag tag "value"` (spec "Service sub-resources"; RFC 8659); unquoted values get quotes. */
export function normalizeCaa(raw: string): string {
  const m = /^(\d{1,3})\s+([A-Za-z0-9]+)\s+(.*)$/s.exec(raw.trim());
  if (!m) throw new DnsInputError("value", `${show(raw)} is not 'flag tag "value"' for a CAA record, e.g. 0 issue "letsencrypt.org"`);
  const flag = Number(m[1]);
  const tag = m[2].toLowerCase();
  if (!(CAP.caa.flags as readonly number[]).includes(flag)) {
    throw new DnsInputError("value", `CAA flag ${m[1]} is not supported; use ${CAP.caa.flags.join(" or ")} (128 = critical)`);
  }
  if (!(CAP.caa.tags as readonly string[]).includes(tag)) {
    throw new DnsInputError("value", `CAA tag ${show(m[2])} is not supported; use one of ${CAP.caa.tags.join(", ")}`);
  }
  const quoted = /^"(.*)"$/s.exec(m[3]);
  let v = quoted ? quoted[1] : m[3];
  if (v.includes('"') || /\s/.test(v.replace(/;\s+/g, ";"))) {
    throw new DnsInputError("value", `CAA value ${show(m[3])} must be one quoted string without inner quotes or spaces`);
  }
  if (tag === "iodef") {
    if (!/^(mailto:\S+@\S+|https?:\/\/\S+)$/i.test(v)) throw new DnsInputError("value", `CAA iodef value ${show(v)} must be a mailto: or http(s):// URL`);
  } else if (v !== "" && v !== ";") {
    // issue/issuewild: "<issuer domain>[; parameters]"; the issuer is a host name, compared in lower case.
    const [issuer, ...params] = v.split(";");
    const host = asciiHost(issuer);
    if (!host || host.split(".").length < 2 || !host.split(".").every((l) => LABEL.test(l))) {
      throw new DnsInputError("value", `CAA ${tag} value ${show(v)} must be an issuer domain such as letsencrypt.org, or ";" for none`);
    }
    v = [host, ...params].join(";");
  }
  return `${flag} ${tag} "${v}"`;
}

/**
 * TXT text. Accepts it unquoted (taken as is, outer whitespace trimmed as the API does) or as one or
 * more zone-file quoted strings (`"v=spf1 ..."`, `"part1" "part2"`, with \" and \\ escapes), which
 * are joined into the text; dns-record/schema.ts then splits text over 255 bytes into quoted
 * strings of at most 255 bytes, as DNS requires.
 */
export function normalizeTxt(raw: string): string {
  const t = raw.trim();
  let text = t;
  if (t.startsWith('"')) {
    const parts = t.match(/"(?:[^"\\]|\\.)*"/gs);
    if (!parts || t.replace(/"(?:[^"\\]|\\.)*"/gs, "").trim() !== "") {
      throw new DnsInputError("value", 'TXT text that starts with a quote must be quoted strings ("..." "..."); escape inner quotes as \\"');
    }
    text = parts.map((p) => p.slice(1, -1).replace(/\\(\d{3}|.)/gs, (_, e: string) => (e.length === 3 ? String.fromCharCode(Number(e)) : e))).join("");
    if (text !== text.trim()) {
      throw new DnsInputError("value", "TXT text must not begin or end with whitespace: the API trims it, which would leave a permanent difference");
    }
  }
  if (text === "") throw new DnsInputError("value", "an empty TXT record cannot be stored: the API treats an empty value as missing");
  if (/[\x00-\x1f\x7f]/.test(text)) throw new DnsInputError("value", "TXT text must not contain line breaks or control characters");
  if (text.length > CAP.txt.maxLength) {
    throw new DnsInputError("value", `TXT text is at most ${CAP.txt.maxLength} characters (${text.length} given)`);
  }
  return text;
}
