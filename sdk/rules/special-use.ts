/**
 * Special-use domain names (the IANA registry RFC 6761 section 3 set up) and the names reserved for
 * documentation: no registry allocates them, and most never resolve in the public DNS.
 * - `test`, `example` (RFC 6761 6.2, 6.5): for tests and documentation; no registry allocates them,
 *   but resolvers may answer them like any name (test set-ups, this project's emulator), so they are
 *   refused as registrations and certificate names only;
 * - `localhost` (RFC 6761 6.3), `invalid` (6.4), `local` (RFC 6762: multicast DNS on the link only),
 *   `onion` (RFC 7686: Tor only; resolvers answer NXDOMAIN), `alt` (RFC 9476), `home.arpa` (RFC
 *   8375: a home network's own), `internal` (ICANN Board resolution 2024.07.29.06: private use, never
 *   delegated): never answered by the public DNS, so a nameserver, a record's target or an alias's
 *   address there cannot work for anyone else;
 * - `arpa` (RFC 3172): infrastructure, never registered through a registrar;
 * - example.com, example.net, example.org (RFC 2606 section 3): reserved second-level names.
 */
import { cleanHost } from "./idn";

export interface SpecialUse {
  /** The special-use name the name is or falls under ("invalid", "home.arpa"). */
  suffix: string;
  /** Where the reservation comes from. */
  source: string;
  /** True when the public DNS never answers names under it (resolvable: only by local or test set-ups). */
  unresolvable: boolean;
}

const SPECIAL: Readonly<Record<string, Omit<SpecialUse, "suffix">>> = {
  test: { source: "RFC 6761 6.2", unresolvable: false },
  example: { source: "RFC 6761 6.5", unresolvable: false },
  localhost: { source: "RFC 6761 6.3", unresolvable: true },
  invalid: { source: "RFC 6761 6.4", unresolvable: true },
  local: { source: "RFC 6762, multicast DNS on the local link only", unresolvable: true },
  onion: { source: "RFC 7686, Tor only", unresolvable: true },
  alt: { source: "RFC 9476", unresolvable: true },
  "home.arpa": { source: "RFC 8375, a home network's own", unresolvable: true },
  internal: { source: "ICANN Board resolution 2024.07.29.06, private use", unresolvable: true },
  arpa: { source: "RFC 3172, infrastructure", unresolvable: false },
};

/** Second-level names reserved for documentation (RFC 2606 section 3). */
export const RESERVED_EXAMPLE_NAMES: ReadonlySet<string> = new Set(["example.com", "example.net", "example.org"]);

/** The special-use name `name` (either IDNA form) is or falls under, most specific first; undefined for any other name. */
export function specialUse(name: string): SpecialUse | undefined {
  const labels = cleanHost(name).split(".");
  for (let i = 0; i < labels.length; i++) {
    const suffix = labels.slice(i).join(".");
    const hit = SPECIAL[suffix];
    if (hit) return { suffix, ...hit };
  }
  return undefined;
}

/** Why `name` cannot be registered (a special-use name or a reserved example name), or undefined. */
export function registrationReservedProblem(name: string): string | undefined {
  const n = cleanHost(name);
  const s = specialUse(n);
  if (s) return `.${s.suffix} is a special-use name (${s.source}): no registry allocates names under it`;
  const second = n.split(".").slice(-2).join(".");
  if (RESERVED_EXAMPLE_NAMES.has(second)) return `${second} is reserved for documentation (RFC 2606 section 3): it cannot be registered or transferred`;
  return undefined;
}

/** Why the public DNS never answers `host` (a nameserver, a record's target, a mail domain), or undefined. */
export function unresolvableHostProblem(host: string): string | undefined {
  const s = specialUse(host);
  return s?.unresolvable ? `${cleanHost(host)} is under .${s.suffix} (${s.source}), which the public DNS never answers` : undefined;
}
