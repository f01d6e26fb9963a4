/** GlueRecord in an exported program (core/descriptor.ts `adopt`): `adopt: true` with its live addresses; read with the domains. */
import type { Adoption } from "../../core/adoption";
import { asciiOf } from "../../core/discovery";

export function adoptGlueRecord(g: { domain: string; name: string; ipv4: string; ipv6?: string }): Adoption {
  return {
    name: { parts: [g.name, "glue"], identity: `${asciiOf(g.domain)} ${g.name}` },
    args: { domain: g.domain, name: g.name, ipv4: g.ipv4, ipv6: g.ipv6, adopt: true },
    refs: { domain: { type: "Domain", identity: asciiOf(g.domain) } },
  };
}
