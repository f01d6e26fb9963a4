/**
 * DnssecKey: one DS entry of a domain at the registry (domain/dnsseccreate). The API has no
 * update: every field identifies the entry, so any change replaces it. Inputs are validated and
 * normalised at check with no API call, the digest in upper case as domain/getdnssec answers it
 * (the emulator stores it so; DS digests are case-insensitive hex, RFC 4034 5.3).
 */
import { z } from "zod";
import { bool, int } from "../../../sdk/catalogue/fields";
import { asciiOrSelf, DIGEST_HEX_LENGTH, domainForms, DS_ALGORITHMS, DS_DIGEST_TYPES, dsAlgorithmProblem, dsDigestTypeProblem } from "../../../sdk/rules";
import type { StateOf } from "../../core/resource-class";

/** The DS numbers' rules: IANA registries and RFC 8624 (sdk/rules dnssec.ts). */
export { DIGEST_HEX_LENGTH, DS_ALGORITHMS, DS_DIGEST_TYPES };

/** The program's inputs, each documented once (the class's Args derive from them). */
export const dnssecKeyFields = {
  /** The signed domain (e.g. `domain.name`). */
  domain: z.string({ error: "required: the signed domain, e.g. example.com" }),
  /** Key tag of the DNSKEY (0 to 65535). */
  keytag: int({ min: 0, max: 65535 }),
  /** DNSSEC algorithm number (e.g. 8 RSASHA256, 13 ECDSAP256SHA256, 15 ED25519). */
  algorithm: int({ min: 0, max: 255 }),
  /** Digest type (1 SHA-1, 2 SHA-256, 4 SHA-384). */
  digesttype: int({ min: 0, max: 255 }),
  /** The digest in hex (case and spaces do not matter). */
  digest: z.string({ error: "required: the DS digest in hexadecimal" }),
  /** Take over an identical DS entry that already exists instead of failing. */
  adopt: bool().optional(),
};

export const dnssecKeyInputs = z
  .object(dnssecKeyFields)
  .strict()
  .transform((raw, ctx) => {
    let domain = "";
    try {
      domain = domainForms(raw.domain.trim().replace(/\.$/, "")).unicode;
    } catch (e) {
      ctx.addIssue({ code: "custom", path: ["domain"], message: (e as Error).message });
    }
    const algorithm = dsAlgorithmProblem(raw.algorithm, raw.adopt === true);
    if (algorithm) ctx.addIssue({ code: "custom", path: ["algorithm"], message: algorithm });
    const digestType = dsDigestTypeProblem(raw.digesttype, raw.adopt === true);
    if (digestType) ctx.addIssue({ code: "custom", path: ["digesttype"], message: digestType });
    // Zone-file tools print long digests in groups separated by spaces: those are joined.
    const digest = raw.digest.replace(/\s+/g, "").toUpperCase();
    if (!/^[0-9A-F]+$/.test(digest)) ctx.addIssue({ code: "custom", path: ["digest"], message: "must be hexadecimal (0-9, A-F)" });
    else {
      const want = DIGEST_HEX_LENGTH[raw.digesttype];
      if (want !== undefined && digest.length !== want) {
        ctx.addIssue({ code: "custom", path: ["digest"], message: `a digest of type ${raw.digesttype} has ${want} hex characters, ${digest.length} given` });
      }
    }
    if (!domain) return z.NEVER;
    const out: DnssecKeyInputs = { domain, keytag: raw.keytag, algorithm: raw.algorithm, digesttype: raw.digesttype, digest };
    if (raw.adopt !== undefined) out.adopt = raw.adopt;
    return out;
  });

export interface DnssecKeyInputs {
  /** Unicode form, lower case (as Domain.name). */
  domain: string;
  keytag: number;
  algorithm: number;
  digesttype: number;
  /** Upper-case hex. */
  digest: string;
  adopt?: boolean;
}

/** What the state adds to the inputs. */
export const dnssecKeyOutputs = {
  /** The domain in ASCII (punycode). */
  punycode: z.string(),
  /** The DS record as zone-file text: `<keytag> <algorithm> <digesttype> <digest>`. */
  dsRecord: z.string(),
};
export type DnssecKeyState = StateOf<DnssecKeyInputs, typeof dnssecKeyOutputs>;

/** The API has no update (spec: dnsseccreate / dnssecdelete only): every field replaces. */
export const DNSSEC_REPLACE_ON: readonly string[] = ["domain", "keytag", "algorithm", "digesttype", "digest"];
export const DNSSEC_CREATE_ONLY: readonly string[] = ["adopt"];

/** Characters of the digest kept in the id (the state holds the whole digest). */
export const ID_DIGEST_PREFIX = 16;

/** Resource id: `<ascii domain>/<keytag>-<algorithm>-<digesttype>-<first 16 hex of the digest>`. */
export function dnssecKeyId(domainAscii: string, k: Pick<DnssecKeyInputs, "keytag" | "algorithm" | "digesttype" | "digest">): string {
  return `${domainAscii}/${k.keytag}-${k.algorithm}-${k.digesttype}-${k.digest.slice(0, ID_DIGEST_PREFIX)}`;
}

export function parseDnssecKeyId(id: string): { domain: string; keytag: number; algorithm: number; digesttype: number; digestPrefix: string } {
  const m = /^([^/]+)\/(\d+)-(\d+)-(\d+)-([0-9A-F]+)$/.exec(id);
  if (!m)
    throw new Error(`DnssecKey id "${id}" is not <domain>/<keytag>-<algorithm>-<digesttype>-<digest prefix>, e.g. example.com/12345-13-2-3A4B5C6D7E8F9A0B`);
  return { domain: m[1], keytag: Number(m[2]), algorithm: Number(m[3]), digesttype: Number(m[4]), digestPrefix: m[5] };
}

/** What the API knows this resource's object by (provider/dns/object-claim-rules.ts): two resources of a run naming one are refused. */
export const dnssecKeyObjects = (k: DnssecKeyInputs) => [
  { key: `ds:${asciiOrSelf(k.domain)}/${k.keytag}/${k.algorithm}/${k.digesttype}/${k.digest}`, what: `the DS entry ${k.keytag} of ${k.domain}` },
];
