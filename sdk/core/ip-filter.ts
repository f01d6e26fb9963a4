/**
 * What to tell a caller refused with 1007 or 1014 ("Account filtered", facts.md "Responses and
 * errors"; the spec does not tell the two apart): every calling IP address must be registered with
 * the service (spec "What the service does", rules of use, and "Authentication" 2). The vendor does
 * not document whether its message names the address; the emulator's does ("the address X is not
 * registered ..."), so the address is taken from the messages when one is there.
 */
import { isIP } from "node:net";

export const FILTERED_CODES: ReadonlySet<number> = new Set([1007, 1014]);

/** The first IP address written in the messages (`::ffff:` prefix dropped), if any. */
export function callerAddressIn(messages: readonly string[]): string | undefined {
  for (const m of messages) {
    for (const token of m.split(/[\s,;()"'[\]]+/)) {
      const t = token.replace(/[.:]+$/, "").replace(/^::ffff:(?=\d)/i, "");
      if (isIP(t)) return t;
    }
  }
  return undefined;
}

/** The sentence added to a 1007/1014 error: which address called, and what to do. */
export function filteredHint(messages: readonly string[]): string {
  const ip = callerAddressIn(messages);
  const who = ip ? `The calling address ${ip}` : "The address this machine calls from (its public egress address)";
  return (
    `${who} is not registered for these API credentials: DonDominio accepts API calls only from IP addresses registered with the service. ` +
    `Register it in the DonDominio control panel (the API access settings of the account) and try again; ` +
    `from CI, use a self-hosted runner or a runner with a fixed egress address and register that address (hosted runners' addresses change)`
  );
}
