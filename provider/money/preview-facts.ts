/**
 * The API's own data that check (preview) needs to judge some inputs: a TLD's allowed years and
 * operations (account/zones), whether a name is premium, taken or refused (domain/check), the
 * country codes (tool/gettable), a contact's type (contact/getinfo), a hosting service and its
 * quotas (service/getinfo, the families' lists), the SSL products (ssl/productlist), and what a
 * plan will spend (provider/money/spend.ts): the prices of account/zones, domain/check,
 * domain/checkfortransfer and ssl/productlist, the balance and currency of account/info.
 *
 * Every read here is free (no money, no change) and made at most once per provider process and
 * configuration: the answer is kept for the life of the process (one `pulumi preview` or `up`), so
 * a program with a hundred domains makes one account/zones call. A read that fails for any other
 * reason than the answer it is asked about (network, credentials, an unexpected shape) throws
 * `FactUnavailable`: the rule that needed it is skipped and the API judges at apply, as before.
 * Without credentials no read is made at all (previewFacts() answers undefined).
 */
import type { ArgsOf, CallParams, ItemOf, OperationName, ResultOf } from "../../sdk";
import { debugEnabled } from "../../sdk/core/log";
import { type Api, getApi } from "../core/client";

/** A read the rules could not make: the rule is skipped (the API judges at apply). */
export class FactUnavailable extends Error {}

/** One TLD as account/zones describes it (spec "TLD zone"): years per operation, when offered. */
export interface ZoneFacts {
  tld: string;
  authcodereq: boolean;
  /** Allowed years of a registration; undefined = registrations not offered. */
  create?: number[];
  renew?: number[];
  /** Transfers offered (years of the transfer's renewal). */
  transfer?: number[];
  /** The prices account/zones shows (per year for create and renew, per operation for transfer), in the account's currency. */
  prices: { create?: number; renew?: number; transfer?: number };
}

/** domain/checkfortransfer's answer for one name. */
export interface TransferCheck {
  transferavail: boolean;
  price: number;
  currency: string;
}

/** account/info: what the account can spend. */
export interface AccountFacts {
  balance: number;
  currency: string;
}

/** domain/check's answer for one name, or the API's refusal of the name itself (2001, 2002...). */
export type DomainCheck = { ok: true; available: boolean; premium: boolean; price: number; currency: string } | { ok: false; code: number; message: string };

export interface SslProductFacts {
  productId: number;
  productName: string;
  isWildcard: boolean;
  isMultiDomain: boolean;
  isTrial: boolean;
  numDomains: number;
  /** The product's key length in bits (ssl/productlist keyLength): a CSR's key must be at least this long. */
  keyLength?: number;
  /** Allowed years of an order (undefined for a trial: no period). */
  years?: number[];
  sanMaxDomains?: number;
  /** Prices per year of an order and of a renewal (create.create, renew.create), and per added name (sanPrice); the account's currency. */
  createPrice?: number;
  renewPrice?: number;
  renewYears?: number[];
  sanPrice?: number;
}

export interface Usage {
  value: number;
  max: number;
}

/** Family of a hosting service's entities and the key of its quota in getinfo infoType=resources. */
export const QUOTA_OF = { ftp: "ftp", ddbb: "ddbb", subdomain: "subdomain", mail: "email", mailalias: "emailalias" } as const;
export type QuotaFamily = keyof typeof QUOTA_OF;

/** The largest page (spec "Limits"): account/zones would page by 100 otherwise. */
const PAGE = 1000;

/** "1,2,5,10" (account/zones, ssl/productlist years) as sorted numbers; undefined when none. */
const years = (v: string | undefined): number[] | undefined => {
  if (v === undefined) return undefined;
  const list = v
    .split(",")
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  return list.length ? list.sort((a, b) => a - b) : undefined;
};

const codeOf = (err: unknown): number | undefined => {
  const c = (err as { errorCode?: unknown })?.errorCode;
  return typeof c === "number" ? c : undefined;
};

/** The API's own text of a refusal (its messages), without the operation prefix of the sdk error. */
const apiText = (err: unknown): string => {
  const m = (err as { messages?: readonly string[] })?.messages;
  return m?.length ? m.join("; ") : String((err as Error)?.message ?? err);
};

export class PreviewFacts {
  readonly #api: Api;
  readonly #memo = new Map<string, Promise<unknown>>();
  readonly #reserved = new Map<string, Set<string>>();
  #down: string | undefined;
  /** Reads made to the API (tests and benchmarks read this). */
  reads = 0;

  constructor(api: Api) {
    this.#api = api;
  }

  /** One load per key for the life of the process; a load that fails is forgotten (tried again next time). */
  #once<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.#memo.get(key);
    if (hit) return hit as Promise<T>;
    const value = load();
    this.#memo.set(key, value);
    value.catch(() => {
      if (this.#memo.get(key) === value) this.#memo.delete(key);
    });
    return value;
  }

  async #read<T>(read: () => Promise<T>): Promise<T> {
    // The API was unreachable, refused the credentials or blocked them: no more preview reads in
    // this process (each would wait as long again); the API judges at apply.
    if (this.#down) throw new FactUnavailable(`preview reads stopped after: ${this.#down}`);
    this.reads++;
    try {
      return await read();
    } catch (err) {
      const kind = (err as { kind?: string })?.kind;
      if (kind === "authentication" || kind === "blocked" || kind === "transport") this.#down = String((err as Error)?.message ?? err);
      throw err;
    }
  }

  #call<N extends OperationName>(operation: N, ...args: ArgsOf<N>): Promise<ResultOf<N>> {
    return this.#read(() => this.#api.call(operation, ...args));
  }

  /** Every item of a paged list (the sdk's paging, through Api.listAll). */
  #list<N extends OperationName>(operation: N, params: CallParams<N>): Promise<ItemOf<N>[]> {
    return this.#read(() => this.#api.listAll(operation, params));
  }

  /** Every TLD of account/zones, by name ("com", "com.es"). */
  zones(): Promise<Map<string, ZoneFacts>> {
    return this.#once("zones", async () => {
      const out = new Map<string, ZoneFacts>();
      for (const z of await this.#list("account/zones", { pageLength: PAGE })) {
        const tld = z.tld.toLowerCase();
        if (tld)
          out.set(tld, {
            tld,
            authcodereq: z.authcodereq,
            create: z.create ? (years(z.create.years) ?? []) : undefined,
            renew: z.renew ? (years(z.renew.years) ?? []) : undefined,
            transfer: z.transfer ? (years(z.transfer.years) ?? []) : undefined,
            prices: { create: z.create?.price, renew: z.renew?.price, transfer: z.transfer?.price },
          });
      }
      if (out.size === 0) throw new FactUnavailable("account/zones listed no TLD");
      return out;
    });
  }

  /** The most specific TLD of account/zones for a name in ASCII ("a.com.es" -> com.es), or undefined. */
  async zoneOf(ascii: string): Promise<ZoneFacts | undefined> {
    const zones = await this.zones();
    const labels = ascii.toLowerCase().split(".");
    for (let i = 1; i < labels.length; i++) {
      const hit = zones.get(labels.slice(i).join("."));
      if (hit) return hit;
    }
    return undefined;
  }

  /** domain/check for one name (punycode); the API's refusal of the name (2001 invalid, 2002 TLD...) is an answer too. */
  domainCheck(ascii: string): Promise<DomainCheck> {
    return this.#once(`check:${ascii}`, async () => {
      try {
        const res = await this.#call("domain/check", { domain: ascii });
        const d = res.domains[0];
        if (!d) throw new FactUnavailable("domain/check answered no domain");
        return { ok: true as const, available: d.available, premium: d.premium, price: d.price, currency: d.currency };
      } catch (err) {
        const code = codeOf(err);
        if (code !== undefined && code >= 2000 && code < 2100) return { ok: false as const, code, message: apiText(err) };
        throw err;
      }
    });
  }

  /** domain/checkfortransfer for one name (punycode): whether it can come in, and the price of the transfer. */
  transferCheck(ascii: string): Promise<TransferCheck> {
    return this.#once(`transfer:${ascii}`, async () => {
      const d = (await this.#call("domain/checkfortransfer", { domain: ascii })).domains[0];
      if (!d) throw new FactUnavailable("domain/checkfortransfer answered no domain");
      return { transferavail: d.transferavail, price: d.price, currency: d.currency };
    });
  }

  /** The account's balance and currency (account/info), read once: the balance before this process ordered anything. */
  account(): Promise<AccountFacts> {
    return this.#once("account", async () => {
      const a = await this.#call("account/info");
      return { balance: a.balance, currency: a.currency };
    });
  }

  /** Whether the domain is in this account (domain/getinfo; 2008 = not). */
  domainInAccount(ascii: string): Promise<boolean> {
    return this.#once(`domain:${ascii}`, async () => {
      try {
        await this.#call("domain/getinfo", { domain: ascii, infoType: "status" });
        return true;
      } catch (err) {
        if (codeOf(err) === 2008) return false;
        throw err;
      }
    });
  }

  /** ISO country codes the API takes (tool/gettable). */
  countries(): Promise<Set<string>> {
    return this.#once("countries", async () => {
      const res = await this.#call("tool/gettable", { tableType: "countries" });
      const codes = new Set(res.items.map((i) => i.code.toUpperCase()).filter(Boolean));
      if (codes.size === 0) throw new FactUnavailable("tool/gettable listed no country");
      return codes;
    });
  }

  /** A contact of the account: its type, country and identity number (what TLD rules judge), or undefined when it does not exist (3001). */
  contact(id: string): Promise<{ contactType: string; country: string; identNumber: string } | undefined> {
    return this.#once(`contact:${id}`, async () => {
      try {
        const c = await this.#call("contact/getinfo", { contactID: id });
        return { contactType: c.contactType, country: c.country, identNumber: c.identNumber };
      } catch (err) {
        if (codeOf(err) === 3001) return undefined;
        throw err;
      }
    });
  }

  /** A hosting service of the account (getinfo status: productkey, status), undefined when there is none (4001). */
  service(name: string): Promise<ResultOf<"service/getinfo"> | undefined> {
    return this.#once(`service:${name}`, async () => {
      try {
        return await this.#call("service/getinfo", { serviceName: name, infoType: "status" });
      } catch (err) {
        if (codeOf(err) === 4001) return undefined;
        throw err;
      }
    });
  }

  /** Usage and quotas of a service (getinfo resources), undefined when there is no such service. */
  resources(name: string): Promise<Record<string, Usage> | undefined> {
    return this.#once(`resources:${name}`, async () => {
      try {
        const res = await this.#call("service/getinfo", { serviceName: name, infoType: "resources" });
        if (!res.resources) throw new FactUnavailable("service/getinfo answered no resources");
        return res.resources;
      } catch (err) {
        if (codeOf(err) === 4001) return undefined;
        throw err;
      }
    });
  }

  /** PHP versions a service offers (getinfo php: available), undefined when there is no such service. */
  phpVersions(name: string): Promise<string[] | undefined> {
    return this.#once(`php:${name}`, async () => {
      try {
        const res = await this.#call("service/getinfo", { serviceName: name, infoType: "php" });
        const list = res.php?.available;
        if (!list?.length) throw new FactUnavailable("service/getinfo answered no PHP versions");
        return list;
      } catch (err) {
        if (codeOf(err) === 4001) return undefined;
        throw err;
      }
    });
  }

  /**
   * PHP versions of the account's hosting platform, for a service not created yet: those of the
   * first service of the account with web space (service/list, then getinfo php); undefined when
   * the account has none (the version is then judged when the service exists).
   */
  platformPhpVersions(hasWeb: (productKey: string) => boolean): Promise<string[] | undefined> {
    return this.#once("php:platform", async () => {
      const services = (await this.#list("service/list", {})) as { name: string; productkey?: string }[];
      const web = services.find((s) => s.productkey !== undefined && hasWeb(s.productkey));
      return web ? this.phpVersions(web.name) : undefined;
    });
  }

  /** The names of the account's hosting services (service/list): the zones it hosts. */
  hostedZones(): Promise<string[]> {
    return this.#once("zones:hosted", async () => ((await this.#list("service/list", {})) as { name: string }[]).map((s) => s.name));
  }

  /** The live records of a zone (service/dnslist: name, type, value as listed), undefined when there is no such service. */
  dnsRecords(serviceName: string): Promise<{ name: string; type: string; value: string }[] | undefined> {
    return this.#once(`dns:${serviceName}`, async () => {
      try {
        return (await this.#list("service/dnslist", { serviceName })) as { name: string; type: string; value: string }[];
      } catch (err) {
        if (codeOf(err) === 4001) return undefined;
        throw err;
      }
    });
  }

  /** Names (as listed) of one family of a service's entities. */
  entityNames(family: QuotaFamily, serviceName: string): Promise<string[]> {
    return this.#once(`list:${family}:${serviceName}`, async () => {
      // Every family's item has a name (sdk/catalogue/service.ts); a union of families types as none.
      const items = (await this.#list(`service/${family}list`, { serviceName } as CallParams<`service/${QuotaFamily}list`>)) as { name: string }[];
      return items.map((i) => i.name);
    });
  }

  /** The SSL products of the account, by productID (ssl/productlist). */
  sslProducts(): Promise<Map<number, SslProductFacts>> {
    return this.#once("ssl-products", async () => {
      const out = new Map<number, SslProductFacts>();
      for (const p of await this.#list("ssl/productlist", {})) {
        out.set(p.productID, {
          productId: p.productID,
          productName: p.productName,
          isWildcard: p.isWildcard,
          isMultiDomain: p.isMultiDomain,
          isTrial: p.isTrial,
          numDomains: p.numDomains,
          keyLength: p.keyLength,
          years: p.create ? years(p.create.years) : undefined,
          sanMaxDomains: p.sanMaxDomains,
          createPrice: p.create?.create,
          renewPrice: p.renew?.create,
          renewYears: p.renew ? years(p.renew.years) : undefined,
          sanPrice: p.sanPrice,
        });
      }
      if (out.size === 0) throw new FactUnavailable("ssl/productlist listed no product");
      return out;
    });
  }

  /**
   * The names of new entities of one family of a service that this process has checked so far,
   * this one included: with the names already listed they tell whether one more still fits the
   * quota (a program adding three FTP accounts to a service that takes one more is refused).
   */
  reserve(family: QuotaFamily, serviceName: string, name: string): ReadonlySet<string> {
    const key = `${family}:${serviceName}`;
    const set = this.#reserved.get(key) ?? new Set<string>();
    this.#reserved.set(key, set);
    set.add(name);
    return set;
  }
}

const byApi = new WeakMap<Api, PreviewFacts>();

/** The facts of the configured account, or undefined when no credentials are configured. */
export function previewFacts(): PreviewFacts | undefined {
  let api: Api;
  try {
    api = getApi();
  } catch {
    return undefined;
  }
  const facts = byApi.get(api) ?? new PreviewFacts(api);
  byApi.set(api, facts);
  return facts;
}

export type FactFailure = [property: string, reason: string];

/**
 * Runs fact rules with the configured account's facts: each rule adds its failures; a rule whose
 * read fails is skipped (DONDOMINIO_DEBUG=1 says which and why), the others still run.
 */
export async function runFactRules(
  what: string,
  rules: ((facts: PreviewFacts, fail: (property: string, reason: string) => void) => Promise<void>)[],
): Promise<FactFailure[]> {
  const facts = previewFacts();
  if (!facts) return [];
  const out: FactFailure[] = [];
  const fail = (property: string, reason: string) => {
    out.push([property, reason]);
  };
  // One after the other: the failures come in the rules' order (the reads are cached anyway).
  for (const rule of rules) {
    try {
      await rule(facts, fail);
    } catch (err) {
      if (debugEnabled()) console.error(`[dondominio] ${what}: a preview rule was skipped, its read failed: ${(err as Error)?.message ?? err}`);
    }
  }
  return out;
}
