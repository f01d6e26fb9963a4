/**
 * Shared by the service sub-resources (MailBox, MailAlias, Redirect; not a resource itself): the
 * service name input, ids, the family's list through the per-process list cache, and create /
 * adopt / delete that never resend a non-retry-safe call blindly (create and delete of these
 * families are not retry-safe in the catalogue: sdk/catalogue/service.ts `family()`).
 */
import { z } from "zod";
import type { Api } from "../../core/client";
import { hasCode, isGone, onceWithLookup } from "../../core/errors";
import type { Ctx } from "../../core/frame";
import { domainForms } from "../../core/normalise";

export type Family = "mail" | "mailalias" | "redirect";
/** One item of a family's list (spec "Service sub-resources"). */
export type Item = Record<string, any> & { entityID: string };

/** The service's name as HostingService records it (lower case, Unicode), so outputs can be passed along. */
export const serviceNameInput = z.string({ error: "required: the service's name, i.e. its domain such as example.com" }).transform((s, ctx) => {
  try {
    return domainForms(s).unicode;
  } catch (e) {
    ctx.addIssue({ code: "custom", message: (e as Error).message });
    return z.NEVER;
  }
});

/** Scope of every list of one service in the list cache (provider/README.md convention). */
export const scopeOf = (serviceName: string) => `service:${serviceName}`;

/** Resource id: `<serviceName>/<entityID>`, e.g. `example.com/SRV100001-10008`. */
export function entityResourceId(serviceName: string, entityId: string): string {
  return `${serviceName}/${entityId}`;
}

export function parseEntityResourceId(type: string, id: string): { serviceName: string; entityId: string } {
  const cut = id.lastIndexOf("/");
  if (cut <= 0 || cut === id.length - 1) throw new Error(`${type} id "${id}" is not <serviceName>/<entityID>, e.g. example.com/SRV100001-10008`);
  return { serviceName: id.slice(0, cut), entityId: id.slice(cut + 1) };
}

/** The largest page the family lists serve (catalogue: defaultPageLength 1000). */
const PAGE = 1000;

/** Every item of the family in the service: one traversal per service per process until a write. */
export function listEntities(api: Api, family: Family, serviceName: string): Promise<Item[]> {
  const op = `service/${family}list`;
  return api.cache.get(op, scopeOf(serviceName), async () => {
    const out: Item[] = [];
    for (let page = 1; ; page++) {
      const res = await api.call(op, { serviceName, page, pageLength: PAGE });
      const items = (res?.[family] ?? []) as Item[];
      out.push(...items);
      const total = Number(res?.queryInfo?.total ?? out.length);
      if (items.length === 0 || out.length >= total) return out;
    }
  });
}

async function fresh(ctx: Ctx, family: Family, serviceName: string): Promise<Item[]> {
  ctx.api.cache.invalidate(scopeOf(serviceName));
  return listEntities(ctx.api, family, serviceName);
}

/** The live item with this entityID, or undefined when it (or its whole service) is gone. */
export async function readEntity(ctx: Ctx, family: Family, serviceName: string, entityId: string): Promise<Item | undefined> {
  try {
    return (await listEntities(ctx.api, family, serviceName)).find((i) => i.entityID === entityId);
  } catch (err) {
    if (isGone(err)) return undefined;
    throw err;
  }
}

export interface CreateSpec {
  family: Family;
  serviceName: string;
  /** Create parameters (serviceName included). */
  params: Record<string, unknown>;
  /** Whether a live item is the one this resource stands for (same name / origin). */
  matches(item: Item): boolean;
  /** What the program calls the object, for messages ("mailbox info@example.com"). */
  what: string;
  adopt?: boolean;
}

/**
 * Creates the item, or with `adopt` takes over the live one of the same name (the caller then
 * updates it to the inputs: `adopted` is true). An ambiguous failure is settled by listing again.
 */
export async function createEntity(ctx: Ctx, s: CreateSpec): Promise<{ item: Item; adopted: boolean }> {
  try {
    if (s.adopt) {
      const found = (await listEntities(ctx.api, s.family, s.serviceName)).find(s.matches);
      if (found) return { item: found, adopted: true };
    }
    const res = await onceWithLookup(
      () => ctx.api.call(`service/${s.family}create`, s.params),
      async () => {
        const found = (await fresh(ctx, s.family, s.serviceName)).find(s.matches);
        return found ? { [s.family]: [found] } : undefined;
      },
    );
    return { item: res[s.family][0] as Item, adopted: false };
  } catch (err) {
    // 4004: the name is taken (spec "Errors"; emulator: names unique per service).
    if (hasCode(err, 4004) && !s.adopt) throw new Error(`${s.what} already exists in service ${s.serviceName}; set adopt: true to manage it, or remove it (${(err as Error).message})`);
    throw err;
  } finally {
    ctx.api.cache.invalidate(scopeOf(s.serviceName));
  }
}

/** An in-place update; a 4002 (deleted outside since the last refresh) says what to do. */
export async function updateEntity(ctx: Ctx, family: Family, serviceName: string, params: Record<string, unknown>): Promise<Item> {
  try {
    const res = await ctx.api.call(`service/${family}update`, { serviceName, ...params });
    return res[family][0] as Item;
  } catch (err) {
    if (hasCode(err, 4002)) throw new Error(`entity ${String(params.entityID)} no longer exists in service ${serviceName}; run \`pulumi refresh\` and \`pulumi up\` to create it again`);
    throw err;
  } finally {
    ctx.api.cache.invalidate(scopeOf(serviceName));
  }
}

/** Deletes the item; already gone (the item, or its whole service) is fine. */
export async function deleteEntity(ctx: Ctx, family: Family, serviceName: string, entityId: string): Promise<void> {
  try {
    await onceWithLookup(
      () => ctx.api.call(`service/${family}delete`, { serviceName, entityID: entityId }),
      // Not retry-safe: after an ambiguous failure, an item no longer listed is deleted.
      async () => ((await fresh(ctx, family, serviceName)).some((i) => i.entityID === entityId) ? undefined : {}),
    );
  } catch (err) {
    if (!isGone(err)) throw err;
  } finally {
    ctx.api.cache.invalidate(scopeOf(serviceName));
  }
}
