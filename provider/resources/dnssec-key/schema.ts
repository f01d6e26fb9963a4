/**
 * DnssecKey: one DS entry of a domain at the registry (domain/dnsseccreate). The API has no
 * update: every field identifies the entry, so any change replaces it. Inputs are validated and
 * normalised at check with no API call, the digest in upper case as domain/getdnssec answers it
 * (the emulator stores it so; DS digests are case-insensitive hex, RFC 4034 5.3).
 */
import { z } from "zod";
import { bool, int } from "../../../sdk/catalogue/fields";
import { domainForms } from "../../../sdk/rules";
import type { StateOf } from "../../core/resource-class";

/** Digest lengths in hex characters per digest type (RFC 4034: 1 SHA-1, RFC 4509: 2 SHA-256, RFC 5933: 3 GOST, RFC 6605: 4 SHA-384). */
export const DIGEST_HEX_LENGTH: Record<number, number> = { 1: 40, 2: 64, 3: 64, 4: 96, 5: 64, 6: 64 };

/**
 * DNSSEC algorithm numbers a DS record can name (IANA "DNS Security Algorithm Numbers": the
 * zone-signing ones, and 253/254 private): 0, 2 (DH), 4, 9, 11, 252 (INDIRECT), 255 and the
 * unassigned numbers are refused, since no resolver can validate a key of that algorithm.
 */
export const DS_ALGORITHMS = [1, 3, 5, 6, 7, 8, 10, 12, 13, 14, 15, 16, 17, 23, 253, 254] as const;
/** DS digest types (IANA "Digest Algorithms": 1 SHA-1, 2 SHA-256, 3 GOST, 4 SHA-384, 5 GOST 2012, 6 SM3); 0 is reserved. */
export const DS_DIGEST_TYPES = [1, 2, 3, 4, 5, 6] as const;

export const dnssecKeyInputs = z
  .object({
    domain: z.string({ error: "required: the signed domain, e.g. example.com" }),
    keytag: int({ min: 0, max: 65535 }),
    algorithm: int({ min: 0, max: 255 }),
    digesttype: int({ min: 0, max: 255 }),
    digest: z.string({ error: "required: the DS digest in hexadecimal" }),
    adopt: bool().optional(),
  })
  .strict()
  .transform((raw, ctx) => {
    let domain = "";
    try {
      domain = domainForms(raw.domain.trim().replace(/\.$/, "")).unicode;
    } catch (e) {
      ctx.addIssue({ code: "custom", path: ["domain"], message: (e as Error).message });
    }
    if (!(DS_ALGORITHMS as readonly number[]).includes(raw.algorithm)) {
      ctx.addIssue({
        code: "custom",
        path: ["algorithm"],
        message: `${raw.algorithm} is not a DNSSEC signing algorithm (IANA): use one of ${DS_ALGORITHMS.join(", ")} (13 = ECDSA P-256, 8 = RSA/SHA-256)`,
      });
    }
    if (!(DS_DIGEST_TYPES as readonly number[]).includes(raw.digesttype)) {
      ctx.addIssue({
        code: "custom",
        path: ["digesttype"],
        message: `${raw.digesttype} is not a DS digest type (IANA): use 1 (SHA-1), 2 (SHA-256), 3 (GOST), 4 (SHA-384), 5 (GOST 2012) or 6 (SM3)`,
      });
    }
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
