/**
 * Redirect destinations: an http or https URL (RFC 3986 section 3) whose host is a domain name
 * (host.ts rules) or an IP address, and whose port, when given, is a decimal number from 1 to
 * 65535 (a TCP port, RFC 793; RFC 3986 3.2.3 allows only digits). The URL is kept as written.
 */
import { isIP } from "node:net";
import { hostNameProblem } from "./host";

export const URL_RULE_MESSAGE = "must be an http:// or https:// URL such as https://example.org/path";

const SHAPE = /^(https?):\/\/([^/?#\s]*)([/?#]\S*)?$/i;

/** Why `url` is not a redirect destination, or undefined. */
export function redirectUrlProblem(url: string): string | undefined {
  const m = SHAPE.exec(url);
  if (!m) return URL_RULE_MESSAGE;
  let authority = m[2];
  if (authority.includes("@")) return "must not carry a user name or password before the host (user@host)";
  let host: string;
  let port: string | undefined;
  const v6 = /^\[([^\]]*)\](?::(.*))?$/.exec(authority);
  if (v6) {
    if (isIP(v6[1]) !== 6) return `"[${v6[1]}]" is not an IPv6 address`;
    host = v6[1];
    port = v6[2];
  } else {
    const colon = authority.lastIndexOf(":");
    if (colon >= 0) {
      port = authority.slice(colon + 1);
      authority = authority.slice(0, colon);
    }
    host = authority;
  }
  if (port !== undefined) {
    if (!/^\d+$/.test(port)) return `the port "${port}" must be a number from 1 to 65535 (RFC 3986 3.2.3)`;
    const n = Number(port);
    if (n < 1 || n > 65535) return `the port ${port} is out of range: a TCP port is 1 to 65535`;
  }
  if (v6 || isIP(host) === 4) return undefined;
  if (host === "") return `${URL_RULE_MESSAGE}: the host is missing`;
  const problem = hostNameProblem(host.replace(/\.$/, ""), { minLabels: 2 });
  return problem ? `the host "${host}": ${problem}` : undefined;
}
