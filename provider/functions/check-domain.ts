/**
 * checkDomain: availability and yearly price of a name (domain/check), for programs. It runs in
 * the program's process (not the provider's), reads the same `dondominio:*` stack config or
 * environment, and memoises per name for the process: the API bans abusive domain/check use
 * (spec "What the service does"), so one program run asks once per name.
 */
import { domainForms } from "../../sdk/rules";
import { getApi } from "../core/client";
import { resolveConfig } from "../core/config";

export interface CheckDomainArgs {
  /** Unicode or punycode. */
  name: string;
}

export interface CheckDomainResult {
  name: string;
  punycode: string;
  tld: string;
  available: boolean;
  premium: boolean;
  /** Price per year. */
  price: number;
  currency: string;
}

const asked = new Map<string, Promise<CheckDomainResult>>();

function programConfig(key: string): string | undefined {
  try {
    // Raw config access: works for secrets without Output plumbing, and is absent outside a program.
    const pulumi = require("@pulumi/pulumi") as typeof import("@pulumi/pulumi");
    return pulumi.runtime.getConfig(key);
  } catch {
    return undefined;
  }
}

export function checkDomain(args: CheckDomainArgs): Promise<CheckDomainResult> {
  let ascii: string;
  try {
    ascii = domainForms(args.name).ascii;
  } catch (e) {
    return Promise.reject(new Error(`checkDomain: name: ${(e as Error).message}`));
  }
  let p = asked.get(ascii);
  if (!p) {
    p = (async () => {
      const api = getApi(resolveConfig(process.env, programConfig));
      const r = await api.call("domain/check", { domain: ascii });
      const d = r.domains[0];
      if (!d) throw new Error(`checkDomain: domain/check returned no result for ${ascii}`);
      return { name: d.name, punycode: d.punycode, tld: d.tld, available: d.available, premium: d.premium, price: d.price, currency: d.currency };
    })();
    p.catch(() => asked.delete(ascii));
    asked.set(ascii, p);
  }
  return p;
}

/** checkDomain for Output/Input names: `checkDomainOutput({ name: domain.name })`. */
export function checkDomainOutput(args: { name: import("@pulumi/pulumi").Input<string> }) {
  const pulumi = require("@pulumi/pulumi") as typeof import("@pulumi/pulumi");
  return pulumi.output(args.name).apply((name) => checkDomain({ name }));
}
