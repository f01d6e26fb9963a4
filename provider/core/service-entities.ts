/**
 * Shared by the resources that live inside a hosting service and are addressed by an entityID
 * (FtpAccount, Database, Subdomain): the `<serviceName>/<entityID>` id, the input fields the API
 * rules of sdk/catalogue/service.ts apply to, and the paged list read through the per-process list
 * cache (scope `service:<name>`), so that a refresh of many objects of one service makes one
 * list call per family.
 */
import { z } from "zod";
import type { Api } from "./client";
import { isGone, onceWithLookup } from "./errors";
import { domainForms } from "./normalise";

/** The largest page the CRUD lists serve (spec "Limits": 1000; the catalogue's defaultPageLength). */
const PAGE = 1000;

export const serviceScope = (serviceName: string) => `service:${serviceName}`;

/** The hosting service's name as the API answers it: lower case ASCII (IDN in punycode). */
export const serviceNameField = z.string({ error: "required: the hosting service's name, such as example.com" }).transform((s, ctx) => {
  try {
    return domainForms(s).ascii;
  } catch (e) {
    ctx.addIssue({ code: "custom", message: (e as Error).message });
    return z.NEVER;
  }
});

/**
 * A password as ftpcreate/ddbbcreate accept it (sdk/catalogue/service.ts: 8 to 64 printable ASCII
 * characters, no spaces). Sent as given (the API does not trim inside the rule). The message never
 * repeats the value.
 */
export const passwordField = z
  .string({ error: "required: a string (the password)" })
  .regex(/^[\x21-\x7e]{8,64}$/, { error: "must be 8 to 64 printable ASCII characters without spaces (value not shown)" });

/** An absolute path inside the hosting space (the catalogue's rule); the API trims parameters. */
export const ftpPathField = z
  .string({ error: "required: a path starting with /" })
  .trim()
  .regex(/^\/[A-Za-z0-9._\-/]*$/, { error: "must be a path starting with / (letters, digits, . _ - /)" })
  .refine((s) => !s.split("/").includes(".."), { error: "must not contain .." });

export function entityResourceId(serviceName: string, entityId: string): string {
  return `${serviceName}/${entityId}`;
}

export function parseEntityResourceId(type: string, id: string): { serviceName: string; entityId: string } {
  const cut = id.lastIndexOf("/");
  if (cut <= 0 || cut === id.length - 1) throw new Error(`${type} id "${id}" is not <serviceName>/<entityID>, e.g. example.com/SRV100001-10008`);
  return { serviceName: id.slice(0, cut), entityId: id.slice(cut + 1) };
}

export type Family = "ftp" | "ddbb" | "subdomain";

/** Every item of one family of the service, from the list cache (one traversal until a write). */
export function listEntities(api: Api, family: Family, serviceName: string): Promise<Record<string, any>[]> {
  const operation = `service/${family}list`;
  return api.cache.get(operation, serviceScope(serviceName), async () => {
    const out: Record<string, any>[] = [];
    for (let page = 1; ; page++) {
      const res = await api.call(operation, { serviceName, page, pageLength: PAGE });
      const items = (res?.[family] ?? []) as Record<string, any>[];
      out.push(...items);
      const total = Number(res?.queryInfo?.total ?? out.length);
      if (items.length === 0 || out.length >= total) return out;
    }
  });
}

/** The family's items listed afresh (after an ambiguous write, the cached list may predate it). */
export function freshEntities(api: Api, family: Family, serviceName: string): Promise<Record<string, any>[]> {
  api.cache.invalidate(serviceScope(serviceName));
  return listEntities(api, family, serviceName);
}

/** The live item with this entityID, or undefined when it (or its whole service) is gone. */
export async function findEntity(api: Api, family: Family, serviceName: string, entityId: string): Promise<Record<string, any> | undefined> {
  try {
    return (await listEntities(api, family, serviceName)).find((x) => String(x.entityID).toUpperCase() === entityId.toUpperCase());
  } catch (err) {
    if (isGone(err)) return undefined;
    throw err;
  }
}

/**
 * `<family>delete`, which is not retry-safe: after an ambiguous failure an item no longer listed
 * counts as deleted. An item (or service) already gone is fine: nothing is left to delete.
 */
export async function deleteEntity(api: Api, family: Family, serviceName: string, entityId: string): Promise<void> {
  try {
    await onceWithLookup(
      () => api.call(`service/${family}delete`, { serviceName, entityID: entityId }),
      async () => ((await freshEntities(api, family, serviceName)).some((x) => x.entityID === entityId) ? undefined : {}),
    );
  } catch (err) {
    if (!isGone(err)) throw err;
  } finally {
    api.cache.invalidate(serviceScope(serviceName));
  }
}
