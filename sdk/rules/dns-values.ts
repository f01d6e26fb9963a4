/**
 * DNS record values per type (spec "Service sub-resources": value formats; dns-capabilities.ts:
 * limits), at two strengths:
 * - what the API accepts and how it stores it (dnsValueProblem, normaliseDnsValue): the catalogue
 *   rejects a bad record before any request and the emulator applies the very same rules;
 * - what the provider sends (normalizeValue and the per-type functions): stricter (no leading zeros,
 *   CAA flags and tags, IDNA-checked targets) and in one canonical spelling, so that what it sends
 *   compares equal to what dnslist answers (no perpetual diff). These throw RuleError("value", ...).
 */
import { isIPv6 } from "node:net";
import { DNS_CAPABILITIES as CAP, type DnsType, TXT_MAX, TXT_STRING_BYTES } from "./dns-capabilities";
import { isDnsHost } from "./host";
import { asciiOrSelf, tryAscii } from "./idn";
import { canonicalIPv6, IPV4, isPlainIPv4 } from "./ip";
import { RuleError } from "./rule-error";

const show = (v: string) => JSON.stringify(v.length > 60 ? `${v.slice(0, 57)}...` : v);
/** SRV weight and port, and the API's SRV check: 0 to 65535. */
const port = (s: string | undefined) => (s !== undefined && /^\d{1,5}$/.test(s) && Number(s) <= CAP.priority.max ? Number(s) : undefined);

// ---------- what the API accepts (catalogue, emulator) ----------

/** What is wrong with a DNS value for its type, or undefined (spec "Service sub-resources"). */
export function dnsValueProblem(type: DnsType, value: string): string | undefined {
  switch (type) {
    case "A":
      return IPV4.test(value.trim()) ? undefined : "an A value must be an IPv4 address";
    case "AAAA":
      return isIPv6(value) ? undefined : "an AAAA value must be an IPv6 address";
    case "CNAME":
    case "MX":
    case "NS":
      return isDnsHost(asciiOrSelf(value)) ? undefined : `a ${type} value must be a full host name such as mail.example.com`;
    case "SRV": {
      const m = /^(\d{1,5})\s+(\d{1,5})\s+(\S+)$/.exec(value.trim());
      const ok = m && port(m[1]) !== undefined && port(m[2]) !== undefined && (m[3] === "." || isDnsHost(asciiOrSelf(m[3])));
      return ok ? undefined : 'an SRV value must be "weight port target", for example "5 5060 sip.example.com"';
    }
    case "CAA": {
      const m = /^(\d{1,3})\s+([A-Za-z0-9]+)\s+"([^"]*)"$/.exec(value.trim());
      return m && Number(m[1]) <= 255 ? undefined : 'a CAA value must be flag tag "value", for example 0 issue "letsencrypt.org"';
    }
    case "TXT":
      if (/[\x00-\x1f\x7f]/.test(value)) return "a TXT value must not contain line breaks or control characters";
      return value.length <= TXT_MAX ? undefined : `a TXT value is at most ${TXT_MAX} characters (${value.length} given)`;
  }
}

/** The stored spelling of a valid value: host names lower case without the final dot; CAA tag lower case. */
export function normaliseDnsValue(type: DnsType, value: string): string {
  const v = type === "TXT" ? value : value.trim();
  switch (type) {
    case "CNAME":
    case "MX":
    case "NS":
      return asciiOrSelf(v);
    case "AAAA":
      return v.toLowerCase();
    case "SRV": {
      const [w, p, t] = v.split(/\s+/);
      return `${w} ${p} ${t === "." ? "." : asciiOrSelf(t)}`;
    }
    case "CAA": {
      const m = /^(\d{1,3})\s+([A-Za-z0-9]+)\s+(".*")$/.exec(v);
      return m ? `${Number(m[1])} ${m[2].toLowerCase()} ${m[3]}` : v;
    }
    default:
      return v;
  }
}

// ---------- what the provider sends ----------

/** Lower case, NFC, IDN labels in punycode, no trailing dot; undefined when it cannot be converted. */
export function asciiHost(v: string): string | undefined {
  return tryAscii(v.normalize("NFC"));
}

/** A full host name used as a target (CNAME, MX, NS, SRV): "@" is the zone apex. */
export function normalizeTarget(type: DnsType, raw: string, zone: string, property = "value"): string {
  const v = raw.trim();
  if (v === "@") return zone;
  const host = asciiHost(v);
  if (host === undefined || !isDnsHost(host, 1)) {
    throw new RuleError(property, `${show(raw)} is not a host name for a ${type} record`);
  }
  if (host.split(".").length < 2) {
    throw new RuleError(property, `${show(raw)} is not a full host name for a ${type} record; write it in full, e.g. ${host}.${zone}`);
  }
  return host;
}

export function normalizeIPv4(raw: string): string {
  const v = raw.trim();
  if (!isPlainIPv4(v)) throw new RuleError("value", `${show(raw)} is not an IPv4 address for an A record`);
  return v;
}

/** RFC 5952 canonical text (ip.ts canonicalIPv6). */
export function normalizeIPv6(raw: string): string {
  const v = canonicalIPv6(raw);
  if (v === undefined) throw new RuleError("value", `${show(raw)} is not an IPv6 address for an AAAA record`);
  return v;
}

/** SRV value "weight port target" (priority is its own field); target "." = no such service. */
export function normalizeSrv(raw: string, zone: string): string {
  const parts = raw.trim().split(/\s+/);
  if (parts.length === 4 && parts.slice(0, 3).every((p) => /^\d+$/.test(p))) {
    throw new RuleError("value", `${show(raw)} has 4 fields; an SRV value is "weight port target" and the priority goes in priority`);
  }
  const [w, p, target] = parts;
  if (parts.length !== 3 || port(w) === undefined || port(p) === undefined) {
    throw new RuleError("value", `${show(raw)} is not "weight port target" for an SRV record (weight and port 0 to 65535), e.g. "5 5060 sip.example.com"`);
  }
  const host = target === "." && CAP.srv.nullTarget ? "." : normalizeTarget("SRV", target, zone);
  return `${port(w)} ${port(p)} ${host}`;
}

/** CAA value `flag tag "value"` (spec "Service sub-resources"; RFC 8659); unquoted values get quotes. */
export function normalizeCaa(raw: string): string {
  const m = /^(\d{1,3})\s+([A-Za-z0-9]+)\s+(.*)$/s.exec(raw.trim());
  if (!m) throw new RuleError("value", `${show(raw)} is not 'flag tag "value"' for a CAA record, e.g. 0 issue "letsencrypt.org"`);
  const flag = Number(m[1]);
  const tag = m[2].toLowerCase();
  if (!(CAP.caa.flags as readonly number[]).includes(flag)) {
    throw new RuleError("value", `CAA flag ${m[1]} is not supported; use ${CAP.caa.flags.join(" or ")} (128 = critical)`);
  }
  if (!(CAP.caa.tags as readonly string[]).includes(tag)) {
    throw new RuleError("value", `CAA tag ${show(m[2])} is not supported; use one of ${CAP.caa.tags.join(", ")}`);
  }
  const quoted = /^"(.*)"$/s.exec(m[3]);
  let v = quoted ? quoted[1] : m[3];
  if (v.includes('"') || /\s/.test(v.replace(/;\s+/g, ";"))) {
    throw new RuleError("value", `CAA value ${show(m[3])} must be one quoted string without inner quotes or spaces`);
  }
  if (tag === "iodef") {
    if (!/^(mailto:\S+@\S+|https?:\/\/\S+)$/i.test(v)) throw new RuleError("value", `CAA iodef value ${show(v)} must be a mailto: or http(s):// URL`);
  } else if (v !== "" && v !== ";") {
    // issue/issuewild: "<issuer domain>[; parameters]"; the issuer is a host name, compared in lower case.
    const [issuer, ...params] = v.split(";");
    const host = asciiHost(issuer);
    if (!host || !isDnsHost(host, 2)) {
      throw new RuleError("value", `CAA ${tag} value ${show(v)} must be an issuer domain such as letsencrypt.org, or ";" for none`);
    }
    // RFC 8659 4.2: each parameter is tag=value (tag: letters and digits, inner hyphens).
    const bad = params.map((x) => x.trim()).find((x) => x !== "" && !/^[A-Za-z0-9](-*[A-Za-z0-9])*=[\x21-\x3a\x3c-\x7e]*$/.test(x));
    if (bad !== undefined)
      throw new RuleError(
        "value",
        `CAA ${tag} parameter ${show(bad)} is not tag=value (RFC 8659 4.2), e.g. accounturi=https://... or validationmethods=dns-01`,
      );
    v = [host, ...params].join(";");
  }
  return `${flag} ${tag} "${v}"`;
}

/** Zone-file quoted strings: `"..."`, with \" and \\ (and \DDD) escapes. */
const QUOTED = /"(?:[^"\\]|\\.)*"/gs;

/**
 * TXT text. Accepts it unquoted (taken as is, outer whitespace trimmed as the API does) or as one or
 * more zone-file quoted strings (`"v=spf1 ..."`, `"part1" "part2"`), which are joined into the text;
 * txtStrings splits text over 255 bytes again, as DNS requires.
 */
export function normalizeTxt(raw: string): string {
  const t = raw.trim();
  let text = t;
  if (t.startsWith('"')) {
    const parts = t.match(QUOTED);
    if (!parts || t.replace(QUOTED, "").trim() !== "") {
      throw new RuleError("value", 'TXT text that starts with a quote must be quoted strings ("..." "..."); escape inner quotes as \\"');
    }
    text = parts.map(unquoteTxtString).join("");
    if (text !== text.trim()) {
      throw new RuleError("value", "TXT text must not begin or end with whitespace: the API trims it, which would leave a permanent difference");
    }
  }
  if (text === "") throw new RuleError("value", "an empty TXT record cannot be stored: the API treats an empty value as missing");
  if (/[\x00-\x1f\x7f]/.test(text)) throw new RuleError("value", "TXT text must not contain line breaks or control characters");
  if (text.length > CAP.txt.maxLength) {
    throw new RuleError("value", `TXT text is at most ${CAP.txt.maxLength} characters (${text.length} given)`);
  }
  return text;
}

/**
 * TXT text longer than one DNS string (255 bytes) as zone-file quoted strings of at most 255 bytes
 * each (`"..." "..."`, `\` and `"` escaped), cut between characters, never inside one: the API
 * stores the value as sent and publishes a quoted value as those strings (tool/dig shows them), so
 * the record is valid DNS; dnslist answers it in the same form, so the next plan is empty. Text of
 * 255 bytes or fewer stays one unquoted string.
 */
export function txtStrings(text: string): string {
  if (Buffer.byteLength(text, "utf8") <= TXT_STRING_BYTES) return text;
  const chunks: string[] = [];
  let cur = "";
  let bytes = 0;
  for (const ch of text) {
    const n = Buffer.byteLength(ch, "utf8");
    if (bytes + n > TXT_STRING_BYTES) {
      chunks.push(cur);
      cur = "";
      bytes = 0;
    }
    cur += ch;
    bytes += n;
  }
  if (cur) chunks.push(cur);
  return chunks.map(quoteTxtString).join(" ");
}

/** The text of one zone-file quoted string (`"a\\"b"` -> `a"b`; `\DDD` a byte as a character). */
const unquoteTxtString = (p: string) => p.slice(1, -1).replace(/\\(\d{3}|.)/gs, (_, e: string) => (e.length === 3 ? String.fromCharCode(Number(e)) : e));

/**
 * The text a stored or declared TXT value stands for, whatever its presentation: zone-file quoted
 * strings (`"v=DKIM1; " "p=MIIB..."`, split at 255 bytes by txtStrings or anywhere by another tool)
 * joined, unescaped; any other value as is, outer whitespace trimmed (the API trims it). The API
 * stores TXT as sent (emulator/modules/service/dnszone.ts; spec silent), so the same text may be
 * listed as one unsplit string or as quoted strings: this is what makes them one record (issue 19
 * item 14). Never throws.
 */
export function txtText(value: string): string {
  const t = value.trim();
  return isQuotedStrings(t) ? (t.match(QUOTED) ?? []).map(unquoteTxtString).join("") : t;
}

/** One zone-file quoted string: `"..."` with `\` and `"` escaped. */
const quoteTxtString = (s: string) => `"${s.replace(/[\\"]/g, (m) => `\\${m}`)}"`;

/** True when a TXT value is entirely zone-file quoted strings (`"a" "b"`): how the API publishes it. */
const isQuotedStrings = (v: string) => v.startsWith('"') && (v.match(QUOTED)?.length ?? 0) > 0 && v.replace(QUOTED, "").trim() === "";

/**
 * A stored TXT value in zone-file presentation (RFC 1035 5.1), as the API publishes it: a value that
 * is already quoted strings (txtStrings' form for text over 255 bytes, or another tool's) as is, any
 * other text as one quoted string.
 */
export function txtPresentation(value: string): string {
  return isQuotedStrings(value) ? value : quoteTxtString(value);
}

/**
 * A normalised record's data as a zone file shows it: MX and SRV with the priority first, host name
 * targets (CNAME, MX, NS, SRV) fully qualified with the final dot, TXT quoted (txtPresentation),
 * other values as stored. Nothing is converted: IDN targets stay in punycode, as in a zone file.
 */
export function rdataPresentation(r: { type: DnsType; value: string; priority?: number }): string {
  const fqdn = (host: string) => (host === "." || host.endsWith(".") ? host : `${host}.`);
  const prio = r.priority ?? CAP.priority.default;
  switch (r.type) {
    case "TXT":
      return txtPresentation(r.value);
    case "CNAME":
    case "NS":
      return fqdn(r.value);
    case "MX":
      return `${prio} ${fqdn(r.value)}`;
    case "SRV": {
      const [weight, port, target] = r.value.split(" ");
      return target === undefined ? `${prio} ${r.value}` : `${prio} ${weight} ${port} ${fqdn(target)}`;
    }
    default:
      return r.value;
  }
}

/** The provider's value of a record of `type` in `zone` (ASCII), or RuleError("value", ...). */
export function normalizeValue(zone: string, type: DnsType, raw: string): string {
  if (typeof raw !== "string") throw new RuleError("value", `must be a string for a ${type} record`);
  switch (type) {
    case "A":
      return normalizeIPv4(raw);
    case "AAAA":
      return normalizeIPv6(raw);
    case "CNAME":
    case "NS":
      return normalizeTarget(type, raw, zone);
    case "MX":
      if (raw.trim() === "." && !CAP.mx.nullTarget) throw new RuleError("value", 'a null MX (".") is not supported by the API; remove the MX record instead');
      return normalizeTarget(type, raw, zone);
    case "SRV":
      return normalizeSrv(raw, zone);
    case "CAA":
      return normalizeCaa(raw);
    case "TXT":
      return normalizeTxt(raw);
  }
}
