/** DnssecKey in an exported program (core/descriptor.ts `adopt`): `adopt: true` with the live entry; read with the domains. */
import type { Adoption } from "../../core/adoption";
import { asciiOf } from "../../core/discovery";

export function adoptDnssecKey(k: { domain: string; keytag: number; algorithm: number; digesttype: number; digest: string }): Adoption {
  const { domain, keytag, algorithm, digesttype, digest } = k;
  return {
    name: { parts: [domain, "ds", String(keytag)], identity: `${asciiOf(domain)} ${keytag} ${algorithm} ${digesttype} ${digest}` },
    args: { domain, keytag, algorithm, digesttype, digest, adopt: true },
    refs: { domain: { type: "Domain", identity: asciiOf(domain) } },
  };
}
