/**
 * A stored zone record (service/model.ts ZoneRecord, value as dnscreate keeps it) as DNS wire data
 * for dns-packet: MX/SRV take the record's priority (default 10, spec "service module"), CAA splits
 * `flag tag "value"`, TXT becomes character-strings of at most 255 bytes (RFC 1035 3.3.14).
 */
import type { Answer } from "dns-packet";
import { TXT_STRING_BYTES } from "../../sdk/rules";
import { DEFAULT_PRIORITY, DEFAULT_TTL } from "../modules/service/dnszone";
import type { ZoneRecord } from "../modules/service/model";

/** Zone-file quoted strings, as sdk/rules/dns-values.ts reads them (`"a" "b"`, `\"`, `\\`, `\DDD`). */
const QUOTED = /"(?:[^"\\]|\\.)*"/gs;

/** At most this many bytes per character-string (read once: asked for every record of every answer). */
const PIECE = TXT_STRING_BYTES;

/** Text cut into pieces of at most 255 bytes, between characters (each piece stays valid UTF-8). */
function split255(text: string): Buffer[] {
  const all = Buffer.from(text, "utf8");
  const out: Buffer[] = [];
  let start = 0;
  while (all.length - start > PIECE) {
    let end = start + PIECE;
    // Back off to the first byte of a character (UTF-8 continuation bytes are 10xxxxxx).
    while ((all[end] & 0xc0) === 0x80) end--;
    out.push(all.subarray(start, end));
    start = end;
  }
  out.push(all.subarray(start));
  return out;
}

/**
 * The character-strings of a TXT value: a value written as zone-file quoted strings (txtStrings'
 * form for text over 255 bytes, or another tool's) gives one string per quoted part, any other text
 * is one string; either way a part over 255 bytes is cut again, as the wire format requires.
 */
export function txtWireStrings(value: string): Buffer[] {
  const t = value.trim();
  const parts = t.startsWith('"') ? t.match(QUOTED) : null;
  if (parts && t.replace(QUOTED, "").trim() === "") {
    return parts.flatMap((p) => split255(p.slice(1, -1).replace(/\\(\d{3}|.)/gs, (_, e: string) => (e.length === 3 ? String.fromCharCode(Number(e)) : e))));
  }
  return split255(value);
}

/** The answer record for `owner` (the queried name for a wildcard match), or undefined if the value cannot be encoded. */
export function wireRecord(r: ZoneRecord, owner: string): Answer | undefined {
  const ttl = r.ttl ?? DEFAULT_TTL;
  const base = { name: owner, ttl, class: "IN" as const };
  const priority = r.priority ?? DEFAULT_PRIORITY;
  switch (r.type) {
    case "A":
    case "AAAA":
    case "CNAME":
    case "NS":
      return { ...base, type: r.type, data: r.value } as Answer;
    case "MX":
      return { ...base, type: "MX", data: { preference: priority, exchange: r.value } };
    case "SRV": {
      const [weight, port, target] = r.value.split(/\s+/);
      if (target === undefined) return undefined;
      return { ...base, type: "SRV", data: { priority, weight: Number(weight), port: Number(port), target } };
    }
    case "CAA": {
      const m = /^(\d{1,3})\s+([A-Za-z0-9]+)\s+"(.*)"$/s.exec(r.value.trim());
      if (!m) return undefined;
      return { ...base, type: "CAA", data: { flags: Number(m[1]), tag: m[2].toLowerCase() as "issue", value: m[3] } };
    }
    case "TXT":
      return { ...base, type: "TXT", data: txtWireStrings(r.value) };
  }
}
