/**
 * What the API's DNS zones support, as data (DNSControl's "capabilities"): the record types, TXT
 * limits, CAA flags and tags, SRV's null target, the ttl and priority ranges. The catalogue's
 * dnscreate/dnsupdate, the emulator's zones and the provider's DnsRecord all validate against this
 * table, the tests iterate it, and the support matrix of provider/resources/dns-record/README.md is
 * generated from it (dnsSupportMatrix; scripts/gen-docs.ts writes it, tests/rules checks it).
 */

/** spec "Service sub-resources": value formats per type; facts.md: dnslist filterType values. */
export const DNS_TYPES = ["A", "AAAA", "CNAME", "MX", "SRV", "TXT", "NS", "CAA"] as const;
export type DnsType = (typeof DNS_TYPES)[number];

/** Longest TXT value the API accepts (spec silent): room for 4096-bit DKIM keys, split or not. */
export const TXT_MAX = 4000;
/** Bytes in one DNS character-string (RFC 1035 3.3: a length octet, then at most 255 octets). */
export const TXT_STRING_BYTES = 255;

export interface TypeCapability {
  /** Takes a priority (spec: "default 10 for MX and SRV"). */
  readonly priority: boolean;
  /** May sit at the zone apex ("@"); `apexNote` says why not. */
  readonly apex: boolean;
  readonly apexNote?: string;
  /** The docs' matrix: what the value holds, and how the provider stores it. */
  readonly value: string;
  readonly storedAs: string;
}

const CAA_FLAGS = [0, 128] as const;
const CAA_TAGS = ["issue", "issuewild", "iodef"] as const;

export const DNS_CAPABILITIES = {
  types: {
    A: { priority: false, apex: true, value: "IPv4 (no leading zeros)", storedAs: "as given" },
    AAAA: { priority: false, apex: true, value: "IPv6", storedAs: "canonical RFC 5952 (`2001:DB8:0::1` -> `2001:db8::1`)" },
    // RFC 1034 3.6.2: a CNAME cannot share its name with other data, and the apex always has SOA/NS.
    CNAME: {
      priority: false,
      apex: false,
      apexNote: "RFC 1034",
      value: "host name, never an IP address",
      storedAs: "lower case, punycode, no trailing dot; `@` = the zone",
    },
    MX: { priority: true, apex: true, value: "host name (no null MX `.`)", storedAs: "as CNAME" },
    SRV: {
      priority: true,
      apex: false,
      value: "`weight port target`, target `.` = no service; priority is its own input",
      storedAs: "numbers without leading zeros, target as CNAME",
    },
    TXT: {
      priority: false,
      apex: true,
      value: 'text, unquoted or zone-file quoted strings (`"a" "b"`, `\\"`, `\\\\`)',
      storedAs: `up to ${TXT_STRING_BYTES} bytes: one unquoted string; longer: quoted strings of at most ${TXT_STRING_BYTES} bytes each (\`"..." "..."\`), up to ${TXT_MAX} characters in all`,
    },
    NS: { priority: false, apex: true, value: "host name", storedAs: "as CNAME" },
    CAA: {
      priority: false,
      apex: true,
      value: `\`flag tag "value"\`, flags ${CAA_FLAGS.join(" or ")}, tags ${CAA_TAGS.join(", ")}`,
      storedAs: "tag lower case, value quoted, issuer domain lower case",
    },
  } satisfies Record<DnsType, TypeCapability>,
  txt: {
    /**
     * The API takes a TXT value of up to this many characters. Text over 255 bytes is sent as quoted
     * strings of at most 255 bytes each, as DNS requires (txtStrings); this limit applies to that
     * split form.
     */
    maxLength: TXT_MAX,
    stringBytes: TXT_STRING_BYTES,
    /** The API treats an empty parameter as missing (facts.md "What real clients send"). */
    empty: false,
    /** The API trims parameter values (sdk/catalogue/fields.ts text()). */
    outerWhitespace: false,
  },
  caa: {
    /** RFC 8659: 0, or 128 (issuer critical). */
    flags: CAA_FLAGS,
    tags: CAA_TAGS,
  },
  srv: { nullTarget: true, fields: ["weight", "port", "target"] },
  mx: { nullTarget: false },
  /** Ranges dnscreate/dnsupdate/dnssetzone accept; "-" = the zone default. */
  ttl: { min: 60, max: 604800 },
  /** priority, and SRV weight and port (16-bit fields, RFC 2782). */
  priority: { min: 0, max: 65535, default: 10 },
} as const;

export function isDnsType(t: string): t is DnsType {
  return (DNS_TYPES as readonly string[]).includes(t);
}

/** MX and SRV take a priority; other types ignore it. */
export function takesPriority(type: string): boolean {
  return isDnsType(type) && DNS_CAPABILITIES.types[type].priority;
}

/** The support matrix of the DnsRecord README (markdown), generated from the table above. */
export function dnsSupportMatrix(): string {
  const rows = DNS_TYPES.map((t) => {
    const c: TypeCapability = DNS_CAPABILITIES.types[t];
    const apex = c.apex ? "yes" : c.apexNote ? `no (${c.apexNote})` : "no";
    return `| ${t} | ${c.value} | ${c.storedAs} | ${apex} |`;
  });
  return ["| type | value | stored as | at the apex |", "| --- | --- | --- | --- |", ...rows].join("\n");
}
