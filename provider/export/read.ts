/**
 * Reads an account for `dondominio-export`: every resource that can be discovered
 * (provider/registry.ts, each descriptor's `discover`), through the provider's Api (the sdk client
 * with its shared limiter, temporary blocks waited out, paged lists traversed once each:
 * provider/core/client.ts), into an AccountSnapshot that render.ts turns into a program. Only
 * read-only operations are called. Passwords the API returns (FTP, databases) are dropped by the
 * discoveries: nothing after them ever holds them.
 */
import type { Api } from "../core/client";
import { memberState, type MemberScope } from "../core/adoption";
import type { ResourceDescriptor } from "../core/descriptor";
import { type AccountScope, unicodeOf } from "../core/discovery";
import { RESOURCES } from "../registry";

type Data = Record<string, any>;

/**
 * What the export read, as plain data keyed by the registry: each account-scope resource's objects
 * under its `discover.key` ("domains"), each object holding the objects inside it under their
 * resources' keys (a service's "dns", "mail"...); the shapes are each resource's discover's. Plus the
 * collections left out, and why (filters).
 */
export interface AccountSnapshot {
  notes: string[];
  [key: string]: any[];
}

/** The resources discovered inside an object of `d` (a service's families, a domain's glue and DS entries). */
export const membersOf = (d: ResourceDescriptor): ResourceDescriptor[] => {
  const scope = d.discover?.scope === "account" ? d.discover.members : undefined;
  return scope ? RESOURCES.filter((m) => m.discover?.scope === scope) : [];
};

/**
 * Every discovered object in program order, as its resource's state: the account-scope resources
 * in registry order, each object followed by the objects it holds (memberState: with its holder's name).
 */
export function* discovered(snapshot: AccountSnapshot): Generator<{ d: ResourceDescriptor; state: Data }> {
  for (const d of RESOURCES) {
    if (d.discover?.scope !== "account") continue;
    const scope = d.discover.members as MemberScope | undefined;
    for (const state of (snapshot[d.discover.key] ?? []) as Data[]) {
      yield { d, state };
      if (!scope) continue;
      for (const m of membersOf(d))
        for (const item of (state[m.discover!.key] ?? []) as object[]) yield { d: m, state: memberState(scope, state as { name: string }, item) };
    }
  }
}

export interface ReadOptions {
  /** Only these domains (any spelling); with any filter, contacts and certificates are left out. */
  domains?: readonly string[];
  /** Only these hosting services. */
  services?: readonly string[];
  /** A line per collection read (stderr in the command). */
  progress?: (line: string) => void;
}

/** Reads everything the export declares; one traversal per collection (per service for its families). */
export async function readAccount(api: Api, options: ReadOptions = {}): Promise<AccountSnapshot> {
  const say = options.progress ?? (() => undefined);
  const filtered = Boolean(options.domains?.length || options.services?.length);
  const wantDomains = options.domains?.length ? new Set(options.domains.map(unicodeOf)) : undefined;
  const wantServices = options.services?.length ? new Set(options.services.map(unicodeOf)) : filtered ? new Set<string>() : undefined;
  // --domain also takes the domain's own hosting service, when it has one.
  for (const d of wantDomains ?? []) wantServices?.add(d);
  const members = RESOURCES.flatMap((d) => (d.discover?.scope === "service" ? [d.discover] : []));
  const scope: AccountScope = {
    filtered,
    wantDomains,
    wantServices,
    services: options.services,
    notes: [],
    say,
    async within(serviceName, name) {
      const lists = await Promise.all(members.map((m) => m.read(api, serviceName, name)));
      say(`${name}: ${members.map((m, i) => m.label(lists[i].length)).join(", ")}`);
      return Object.fromEntries(members.map((m, i) => [m.key, lists[i]]));
    },
  };
  const snapshot: Record<string, unknown> = {};
  for (const d of RESOURCES) if (d.discover?.scope === "account") snapshot[d.discover.key] = await d.discover.read(api, scope);
  return { ...snapshot, notes: scope.notes };
}
