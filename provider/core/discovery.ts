/**
 * What `dondominio-export` hands a resource's `discover` (core/descriptor.ts) at the account's
 * scope: the filters of the run, where to note what is left out, and the progress line. A discovery
 * calls only read-only operations, through the provider's Api.
 */
import { toAscii, toUnicode } from "../../sdk";

export interface AccountScope {
  /** --domain or --service given: collections that may serve objects left out are not listed. */
  readonly filtered: boolean;
  /** Only these domains (lower case Unicode), when --domain was given. */
  readonly wantDomains?: ReadonlySet<string>;
  /** Only these hosting services (lower case Unicode: --service, and --domain's own service); undefined: all. */
  readonly wantServices?: ReadonlySet<string>;
  /** --service as given, to note the ones not in the account. */
  readonly services?: readonly string[];
  /** The objects inside one service, per member key ("dns", "mail"...), from the service-scope discoveries. */
  within(serviceName: string, name: string): Promise<Record<string, unknown[]>>;
  /** Collections left out, and why ("what: why"). */
  readonly notes: string[];
  /** A line per collection read. */
  say(line: string): void;
}

/** A domain or service name as the provider records it (lower case Unicode); kept as given when it is no domain name. */
export function unicodeOf(name: string): string {
  try {
    return toUnicode(name.trim().toLowerCase());
  } catch {
    return name.trim().toLowerCase();
  }
}

/** The ASCII form of a recorded name, or the name itself when it has none. */
export function asciiOf(unicode: string): string {
  try {
    return toAscii(unicode);
  } catch {
    return unicode;
  }
}
