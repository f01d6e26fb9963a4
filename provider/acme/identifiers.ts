/**
 * Which names the CA may have challenge records written for: only those the resource declared. An
 * authorization names its identifier without the wildcard's "*." and says `wildcard: true` (RFC 8555
 * 7.1.4), in ASCII (7.1.4: IDNs as A-labels); the comparison is case-insensitive and takes a U-label
 * as its punycode, so "*.example.com" is declared for the authorization {example.com, wildcard}.
 */
import { printable } from "../../sdk/core/printable";
import { asciiOrSelf } from "../../sdk/rules";

/** The name an authorization is for, as AcmeCertificate's names are written ("*.example.com" for a wildcard). */
export function authorizationName(identifier: { type: string; value: string }, wildcard: boolean | undefined): string {
  const value = asciiOrSelf(String(identifier.value).trim().replace(/\.$/, "").toLowerCase());
  if (value.startsWith("*.")) return value;
  return wildcard ? `*.${value}` : value;
}

/**
 * Undefined when the authorization is for a declared name, else why not (its identifier shown as one
 * visible line: it comes from the CA).
 */
export function undeclaredIdentifier(
  identifier: { type: string; value: string },
  wildcard: boolean | undefined,
  declared: readonly string[],
): string | undefined {
  const shown = JSON.stringify(printable(`${wildcard ? "*." : ""}${String(identifier.value)}`, 260));
  if (identifier.type !== "dns")
    return `an identifier of type ${JSON.stringify(printable(String(identifier.type), 40))} (${shown}); this certificate asked for dns names only`;
  const name = authorizationName(identifier, wildcard);
  const names = new Set(declared.map((n) => asciiOrSelf(n.toLowerCase())));
  if (!names.has(name)) return `${shown}, a name this certificate does not declare (names: ${declared.join(", ")})`;
  return undefined;
}
