/**
 * What the API's DNS zones support, as data (DNSControl's "capabilities"): the record types, TXT
 * limits, CAA flags and tags, SRV's null target, the ttl and priority ranges. normalize.ts validates
 * against this table before any API call, the tests iterate it, and README.md's support matrix
 * mirrors it.
 */

/** spec "Service sub-resources": value formats per type; facts.md: dnslist filterType values. */
export const DNS_RECORD_TYPES = ["A", "AAAA", "CNAME", "MX", "SRV", "TXT", "NS", "CAA"] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];

export interface TypeCapability {
  /** What the value holds, for error messages and docs. */
  readonly value: string;
  /** Takes a priority (spec: "default 10 for MX and SRV"). */
  readonly priority: boolean;
  /** May sit at the zone apex ("@"). */
  readonly apex: boolean;
}

export const DNS_CAPABILITIES = {
  types: {
    A: { value: "an IPv4 address", priority: false, apex: true },
    AAAA: { value: "an IPv6 address (stored in canonical RFC 5952 form)", priority: false, apex: true },
    // RFC 1034 3.6.2: a CNAME cannot share its name with other data, and the apex always has SOA/NS.
    CNAME: { value: "a host name", priority: false, apex: false },
    MX: { value: "a mail server host name", priority: true, apex: true },
    SRV: { value: '"weight port target" (target "." = no service)', priority: true, apex: false },
    TXT: { value: "text, quoted or not (stored unquoted)", priority: false, apex: true },
    NS: { value: "a name server host name", priority: false, apex: true },
    CAA: { value: 'flag tag "value"', priority: false, apex: true },
  } satisfies Record<DnsRecordType, TypeCapability>,
  txt: {
    /**
     * The API takes a TXT value of up to this many characters (sdk/catalogue/service.ts TXT_MAX).
     * Text over 255 bytes is sent as quoted strings of at most 255 bytes each, as DNS requires
     * (dns-record/schema.ts); this limit applies to that split form.
     */
    maxLength: 4000,
    /** The API treats an empty parameter as missing (facts.md "What real clients send"). */
    empty: false,
    /** The API trims parameter values (sdk/catalogue/fields.ts text()). */
    outerWhitespace: false,
  },
  caa: {
    /** RFC 8659: 0, or 128 (issuer critical). */
    flags: [0, 128],
    tags: ["issue", "issuewild", "iodef"],
  },
  srv: { nullTarget: true, fields: ["weight", "port", "target"] },
  mx: { nullTarget: false },
  /** Ranges the API's dnscreate/dnsupdate accept (sdk/catalogue/service.ts); "-" = the zone default. */
  ttl: { min: 60, max: 604800 },
  priority: { min: 0, max: 65535, default: 10 },
} as const;

export function isDnsRecordType(t: string): t is DnsRecordType {
  return (DNS_RECORD_TYPES as readonly string[]).includes(t);
}
