/**
 * DS records (domain/dnsseccreate): the numbers they may carry, from the IANA registries, and the
 * use RFC 8624 (DNSSEC algorithm implementation requirements) allows.
 * - IANA "Domain Name System Security (DNSSEC) Algorithm Numbers": 0 (delete DS, RFC 8078),
 *   4, 9, 11, 123-251 and 255 reserved; 2 (DH) and 252 (INDIRECT) are not zone-signing algorithms;
 *   18-22 and 24-122 unassigned. None of these can sign a zone, so no DS may name them.
 * - RFC 8624 section 3.1, "DNSSEC Signing": RSAMD5 (1), DSA (3), DSA-NSEC3-SHA1 (6) and ECC-GOST
 *   (12) MUST NOT be used to sign; a DS naming them describes a key resolvers are told to treat as
 *   insecure.
 * - IANA "Delegation Signer (DS) Resource Record (RR) Type Digest Algorithms": 1 SHA-1, 2 SHA-256,
 *   3 GOST R 34.11-94, 4 SHA-384, 5 GOST R 34.11-2012 (RFC 9558), 6 SM3 (RFC 9563); 0 reserved.
 * - RFC 8624 section 3.3, "DNSSEC Delegation": SHA-1 (1) and GOST R 34.11-94 (3) MUST NOT be used
 *   to make a DS record.
 */

/** Algorithms of zone-signing keys a DS may name (253, 254: private algorithms). */
export const DS_ALGORITHMS = [5, 7, 8, 10, 13, 14, 15, 16, 17, 23, 253, 254] as const;
const ALGORITHM_NAMES: Record<number, string> = {
  1: "RSAMD5",
  3: "DSA",
  5: "RSASHA1",
  6: "DSA-NSEC3-SHA1",
  7: "RSASHA1-NSEC3-SHA1",
  8: "RSASHA256",
  10: "RSASHA512",
  12: "ECC-GOST",
  13: "ECDSAP256SHA256",
  14: "ECDSAP384SHA384",
  15: "ED25519",
  16: "ED448",
  17: "SM2SM3",
  23: "ECC-GOST12",
};
const MUST_NOT_SIGN = new Set([1, 3, 6, 12]);

/**
 * Why `algorithm` cannot be the algorithm of a DS record, or undefined. `existing`: a DS the
 * registry holds already (adopted), judged by the registry only, not by RFC 8624's advice.
 */
export function dsAlgorithmProblem(algorithm: number, existing = false): string | undefined {
  if ((DS_ALGORITHMS as readonly number[]).includes(algorithm)) return undefined;
  if (existing && MUST_NOT_SIGN.has(algorithm)) return undefined;
  const use = "use 13 (ECDSAP256SHA256), 8 (RSASHA256), 15 (ED25519) or another of " + DS_ALGORITHMS.join(", ");
  if (MUST_NOT_SIGN.has(algorithm)) return `${algorithm} (${ALGORITHM_NAMES[algorithm]}) MUST NOT be used to sign zones (RFC 8624 section 3.1): ${use}`;
  const why =
    algorithm === 0
      ? "0 is reserved (it only asks to delete the DS in a CDS record, RFC 8078)"
      : algorithm === 2 || algorithm === 252
        ? `${algorithm} (${algorithm === 2 ? "DH" : "INDIRECT"}) is not a zone-signing algorithm`
        : [4, 9, 11, 255].includes(algorithm) || (algorithm >= 123 && algorithm <= 251)
          ? `${algorithm} is reserved`
          : `${algorithm} is unassigned`;
  return `${why} in the IANA DNSSEC Algorithm Numbers registry, so it is not a DNSSEC signing algorithm: ${use}`;
}

/** Digest lengths in hex characters per digest type (RFC 4034, RFC 4509, RFC 5933, RFC 6605, RFC 9558, RFC 9563). */
export const DIGEST_HEX_LENGTH: Record<number, number> = { 1: 40, 2: 64, 3: 64, 4: 96, 5: 64, 6: 64 };
/** Digest types a new DS may use. */
export const DS_DIGEST_TYPES = [2, 4, 5, 6] as const;

/** Why `type` cannot be the digest type of a new DS record (`existing`: an adopted one, registry only), or undefined. */
export function dsDigestTypeProblem(type: number, existing = false): string | undefined {
  if ((DS_DIGEST_TYPES as readonly number[]).includes(type)) return undefined;
  if (existing && (type === 1 || type === 3)) return undefined;
  const use = "use 2 (SHA-256) or 4 (SHA-384)";
  if (type === 1 || type === 3)
    return `${type} (${type === 1 ? "SHA-1" : "GOST R 34.11-94"}) MUST NOT be used to make a DS record (RFC 8624 section 3.3): ${use}`;
  return `${type} is ${type === 0 ? "reserved" : "unassigned"} in the IANA DS RR Type Digest Algorithms registry, so it is not a DS digest type: ${use}`;
}
