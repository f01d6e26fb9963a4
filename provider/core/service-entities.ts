/**
 * Shared by the resources that live inside a hosting service and are addressed by an entityID
 * (FtpAccount, Database, Subdomain, MailBox, MailAlias, Redirect, DnsRecord): the `serviceName`
 * input, the `<serviceName>/<entityID>` id, the family's paged list through the per-process list
 * cache (scope `service:<serviceName>`, so that a refresh of many objects of one service makes one
 * list call per family), and create / adopt / update / delete that never resend a call that is not
 * retry-safe blindly (create and delete of these families are not: sdk/catalogue/service.ts).
 * Nothing here is serialized into users' state.
 */
import type { Api } from "./client";
import { hasCode, isGone, onceWithLookup } from "./errors";
import { domainForms, passwordField as passwordRule, pathField, unicodeDomainField } from "../../sdk/rules";

/** The largest page the family lists serve (spec "Limits": 1000; the catalogue's defaultPageLength). */
const PAGE = 1000;

export type Family = "ftp" | "ddbb" | "subdomain" | "mail" | "mailalias" | "redirect" | "dns";
/** One item of a family's list (spec "Service sub-resources"). */
export type Item = Record<string, any> & { entityID: string };

/** Scope of every list of one service in the list cache (provider/README.md convention). */
export const serviceScope = (serviceName: string) => `service:${serviceName}`;

/**
 * The service's name as HostingService records it and service/list answers it: lower case, Unicode
 * (IDN labels decoded), no trailing dot. The emulator knows a service only by the spelling it was
 * created with (HostingService sends the Unicode form), and answers mail addresses, DNS and
 * subdomain names under that spelling; so outputs of a HostingService can be passed along as is.
 */
export const serviceNameField = unicodeDomainField("required: the hosting service's name, such as example.com");

/** A password as ftpcreate/ddbbcreate/mailcreate accept it (sdk/rules). Sent as given; never repeated in a message. */
export const passwordField = passwordRule("required: a string (the password)");

/** An absolute path inside the hosting space (sdk/rules); the API trims parameters. */
export const ftpPathField = pathField("required: a path starting with /");

/**
 * A host name under the service (full, lower case ASCII) as create calls send it. The API takes a
 * full name or one relative to the zone; it turns IDN labels of the name into punycode but matches
 * the zone against the service's name as created (Unicode for an IDN service: emulator
 * `fullName`), so a full ASCII name under an IDN zone would get the zone appended twice. Under an
 * ASCII zone the full name is sent (unambiguous); under an IDN zone the relative one ("@" = apex).
 */
export function hostNameForApi(serviceName: string, fullAscii: string): string {
  const zone = domainForms(serviceName).ascii;
  if (zone === serviceName) return fullAscii;
  return fullAscii === zone ? "@" : fullAscii.slice(0, -zone.length - 1);
}

/** Resource id: `<serviceName>/<entityID>`, e.g. `example.com/SRV100001-10008`. */
export function entityResourceId(serviceName: string, entityId: string): string {
  return `${serviceName}/${entityId}`;
}

export function parseEntityResourceId(type: string, id: string): { serviceName: string; entityId: string } {
  const cut = id.lastIndexOf("/");
  if (cut <= 0 || cut === id.length - 1) throw new Error(`${type} id "${id}" is not <serviceName>/<entityID>, e.g. example.com/SRV100001-10008`);
  return { serviceName: id.slice(0, cut), entityId: id.slice(cut + 1) };
}

/** Every item of one family of the service, from the list cache (one traversal until a write). */
export function listEntities(api: Api, family: Family, serviceName: string): Promise<Item[]> {
  const operation = `service/${family}list`;
  return api.cache.get(operation, serviceScope(serviceName), async () => {
    const out: Item[] = [];
    for (let page = 1; ; page++) {
      const res = await api.call(operation, { serviceName, page, pageLength: PAGE });
      const items = (res?.[family] ?? []) as Item[];
      out.push(...items);
      const total = Number(res?.queryInfo?.total ?? out.length);
      if (items.length === 0 || out.length >= total) return out;
    }
  });
}

/** The family's items listed afresh (after an ambiguous write, the cached list may predate it). */
export function freshEntities(api: Api, family: Family, serviceName: string): Promise<Item[]> {
  api.cache.invalidate(serviceScope(serviceName));
  return listEntities(api, family, serviceName);
}

/** The live item with this entityID, or undefined when it (or its whole service) is gone. */
export async function findEntity(api: Api, family: Family, serviceName: string, entityId: string): Promise<Item | undefined> {
  try {
    return (await listEntities(api, family, serviceName)).find((x) => String(x.entityID).toUpperCase() === entityId.toUpperCase());
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
  /** The live item this resource stands for (same name / origin), if listed; may throw when it cannot tell. */
  find(items: Item[]): Item | undefined;
  /** What the program calls the object, for messages ("mailbox info@example.com"). */
  what: string;
  adopt?: boolean;
}

/**
 * Creates the item, or with `adopt` takes over the live one `find` picks (the caller then updates it
 * to the inputs when needed: `adopted` is true). An ambiguous failure is settled by listing again.
 */
export async function createEntity(api: Api, s: CreateSpec): Promise<{ item: Item; adopted: boolean }> {
  try {
    if (s.adopt) {
      const found = s.find(await listEntities(api, s.family, s.serviceName));
      if (found) return { item: found, adopted: true };
    }
    const res = await onceWithLookup(
      () => api.call(`service/${s.family}create`, s.params),
      async () => {
        const found = s.find(await freshEntities(api, s.family, s.serviceName));
        return found ? { [s.family]: [found] } : undefined;
      },
    );
    return { item: res[s.family][0] as Item, adopted: false };
  } catch (err) {
    // 4004: the name is taken (spec "Errors"; emulator: names unique per service).
    if (hasCode(err, 4004) && !s.adopt) throw new Error(`${s.what} already exists in service ${s.serviceName}; set adopt: true to manage it, or remove it (${(err as Error).message})`);
    throw err;
  } finally {
    api.cache.invalidate(serviceScope(s.serviceName));
  }
}

/** An in-place update (same values again are a no-op: retry-safe); a 4002 says what to do. */
export async function updateEntity(api: Api, family: Family, serviceName: string, params: Record<string, unknown>): Promise<Item> {
  try {
    const res = await api.call(`service/${family}update`, { serviceName, ...params });
    return res[family][0] as Item;
  } catch (err) {
    // 4002: deleted outside since the last refresh.
    if (hasCode(err, 4002)) throw new Error(`entity ${String(params.entityID)} no longer exists in service ${serviceName}; run \`pulumi refresh\` and \`pulumi up\` to create it again`);
    throw err;
  } finally {
    api.cache.invalidate(serviceScope(serviceName));
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

/** What differs between the entity resources that share `entityCrud` (FtpAccount, Subdomain, MailAlias, Redirect). */
export interface EntityCrudSpec<I extends { serviceName: string; adopt?: boolean }, S extends { entityId: string }> {
  type: string;
  family: Family;
  createParams(inputs: I): Record<string, unknown>;
  updateParams(entityId: string, inputs: I): Record<string, unknown>;
  /** The listed item an adopting create takes over (same name / origin). */
  find(items: Item[], inputs: I): Item | undefined;
  /** What the program calls the object, for messages. */
  what(inputs: I): string;
  /** State from an API item; `basis` is the inputs (create, update) or the recorded state (read). */
  toState(serviceName: string, item: Item, basis: I | S): S;
  /** After adopting: does the live entity differ from the inputs (then it is updated)? */
  needsUpdate(found: S, inputs: I, item: Item): boolean;
}

/** create/read/update/delete of an entity resource, on createEntity/findEntity/updateEntity/deleteEntity. */
export function entityCrud<I extends { serviceName: string; adopt?: boolean }, S extends { entityId: string }>(spec: EntityCrudSpec<I, S>) {
  return {
    async create(ctx: { api: Api }, inputs: I): Promise<{ id: string; outs: S }> {
      const svc = inputs.serviceName;
      const { item, adopted } = await createEntity(ctx.api, {
        family: spec.family,
        serviceName: svc,
        params: spec.createParams(inputs),
        find: (items) => spec.find(items, inputs),
        what: spec.what(inputs),
        adopt: inputs.adopt,
      });
      const found = spec.toState(svc, item, inputs);
      const state =
        adopted && spec.needsUpdate(found, inputs, item)
          ? spec.toState(svc, await updateEntity(ctx.api, spec.family, svc, spec.updateParams(found.entityId, inputs)), inputs)
          : found;
      return { id: entityResourceId(svc, state.entityId), outs: state };
    },

    async read(ctx: { api: Api }, id: string, state: S): Promise<S | undefined> {
      const { serviceName, entityId } = parseEntityResourceId(spec.type, id);
      const live = await findEntity(ctx.api, spec.family, serviceName, entityId);
      // Gone (deleted outside, or its service went): the engine drops it from the state.
      return live ? spec.toState(serviceName, live, state) : undefined;
    },

    async update(ctx: { api: Api }, id: string, _olds: S, news: I): Promise<S> {
      const { serviceName, entityId } = parseEntityResourceId(spec.type, id);
      return spec.toState(serviceName, await updateEntity(ctx.api, spec.family, serviceName, spec.updateParams(entityId, news)), news);
    },

    async delete(ctx: { api: Api }, id: string): Promise<void> {
      const { serviceName, entityId } = parseEntityResourceId(spec.type, id);
      await deleteEntity(ctx.api, spec.family, serviceName, entityId);
    },
  };
}
