/**
 * Shared by the resources that live inside a hosting service and are addressed by an entityID
 * (FtpAccount, Database, Subdomain, MailBox, MailAlias, Redirect, DnsRecord): the `serviceName`
 * input, the `<serviceName>/<entityID>` id, the family's paged list through the per-process list
 * cache (scope `service:<serviceName>`, so that a refresh of many objects of one service makes one
 * list call per family), and create / adopt / update / delete that never resend a call that is not
 * retry-safe blindly (create and delete of these families are not: sdk/catalogue/service.ts).
 * `serviceEntityDefinition` builds each of their ResourceDefinitions from what differs.
 * Nothing here is serialized into users' state.
 */
import type { z } from "zod";
import type { CallParams, ItemOf, OperationName } from "../../sdk";
import { domainForms, passwordField as passwordRule, pathField, unicodeDomainField } from "../../sdk/rules";
import type { Api } from "../core/client";
import { hasCode, isGone, isNotAllowed, onceWithLookup } from "../core/errors";
import type { Discovery, ImportSpec } from "../core/descriptor";
import type { ResourceDefinition } from "../core/frame";

export type Family = "ftp" | "ddbb" | "subdomain" | "mail" | "mailalias" | "redirect" | "dns";
type Action = "list" | "create" | "update" | "delete";
/** `service/<family><action>`, one of the catalogue's family operations (sdk/catalogue/service.ts `family()`). */
type FamilyOp<F extends Family, A extends Action> = `service/${F}${A}` & OperationName;
const familyOp = <F extends Family, A extends Action>(family: F, action: A) => `service/${family}${action}` as FamilyOp<F, A>;

/** One item of a family's list, create and update replies: the catalogue's item schema (spec "Service sub-resources"). */
export type Item<F extends Family> = ItemOf<FamilyOp<F, "list">> & { entityID: string };
/** `<family>create` parameters, serviceName included. */
export type CreateParams<F extends Family> = CallParams<FamilyOp<F, "create">>;
/** `<family>update` parameters; updateEntity adds serviceName. */
export type UpdateParams<F extends Family> = Omit<CallParams<FamilyOp<F, "update">>, "serviceName"> & { serviceName?: string; entityID: string };

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

/**
 * The password of an entity that has one (MailBox, FtpAccount, Database) may be left out only with
 * `adopt: true`: the live object is then taken as it is, its password unwritten, until the program
 * sets one (an update). With adopt and a password, the program's password is set, as before.
 * Refinement of the inputs schema, so that check reports it at preview.
 */
export function passwordUnlessAdopt(v: { password?: string; adopt?: boolean }, ctx: z.RefinementCtx): void {
  if (v.password === undefined && v.adopt !== true)
    ctx.addIssue({
      code: "custom",
      path: ["password"],
      message: "required: a string (the password); it may be left out only with adopt: true, which keeps the live password",
    });
}

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
export function listEntities<F extends Family>(api: Api, family: F, serviceName: string): Promise<Item<F>[]> {
  const operation = familyOp(family, "list");
  return api.cache.get(
    operation,
    serviceScope(serviceName),
    () => api.listAll(operation, { serviceName } as CallParams<typeof operation>) as Promise<Item<F>[]>,
  );
}

/**
 * The discovery of a family's objects inside one service (`dondominio-export`): the list read() uses,
 * each item as the snapshot keeps it. A family the service's product lacks is refused
 * (notAllowed): nothing of it to export.
 */
export function discoverFamily<F extends Family>(
  family: F,
  key: string,
  label: (n: number) => string,
  map: (item: Item<F>, name: string) => unknown,
): Discovery {
  return {
    scope: "service",
    key,
    label,
    async read(api, serviceName, name) {
      // Listed afresh, not from the list cache: an export run after a change made in another process reads it.
      const operation = familyOp(family, "list");
      const list = api.listAll(operation, { serviceName } as CallParams<typeof operation>) as Promise<Item<F>[]>;
      const items = await list.catch((err: unknown) => {
        if (!isNotAllowed(err)) throw err;
        return [] as Item<F>[];
      });
      return items.map((item) => map(item, name));
    },
  };
}

/**
 * How an object of a family is imported (core/descriptor.ts ImportSpec): by its recorded id
 * `<serviceName>/<entityID>`, or by `<serviceName>/<name>` with the name as the service's list gives
 * it (a mailbox's or alias's address, a redirect's origin, an FTP account's, database's or
 * subdomain's name), e.g. `example.com/info@example.com`: what `dondominio-export --import-file`
 * writes, since its snapshot keeps names, not entityIDs. `name` gives an item's name (in the list and
 * in the discovered state); `parts`, the import file's name of a discovered object.
 */
export function importByName<F extends Family>(
  family: F,
  name: (item: Record<string, any>) => unknown,
  parts?: (state: Record<string, any>) => string[],
): ImportSpec {
  return {
    importable: true,
    byName: "`<serviceName>/<name>`",
    async locate(api, id) {
      const cut = id.indexOf("/");
      if (cut <= 0) return id;
      const [serviceName, key] = [id.slice(0, cut), id.slice(cut + 1).toLowerCase()];
      const items = (await listEntities(api, family, serviceName)) as unknown as Record<string, any>[];
      if (items.some((i) => String(i.entityID).toLowerCase() === key)) return id;
      const found = items.find((i) => String(name(i)).toLowerCase() === key);
      return found ? entityResourceId(serviceName, String(found.entityID)) : id;
    },
    entry: (state) => ({ id: `${state.serviceName}/${name(state)}`, name: parts?.(state) ?? [String(name(state))] }),
  };
}

/** The family's items listed afresh (after an ambiguous write, the cached list may predate it). */
export function freshEntities<F extends Family>(api: Api, family: F, serviceName: string): Promise<Item<F>[]> {
  api.cache.invalidate(serviceScope(serviceName));
  return listEntities(api, family, serviceName);
}

/** The live item with this entityID, or undefined when it (or its whole service) is gone. */
const sameEntityId = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();

export async function findEntity<F extends Family>(api: Api, family: F, serviceName: string, entityId: string): Promise<Item<F> | undefined> {
  try {
    return (await listEntities(api, family, serviceName)).find((x) => sameEntityId(x.entityID, entityId));
  } catch (err) {
    if (isGone(err)) return undefined;
    throw err;
  }
}

/** The item of a create or update reply: `{ <family>: [item] }` (sdk/catalogue/service.ts `oneResponse`). */
const replyItem = <F extends Family>(family: F, reply: unknown): Item<F> => (reply as Record<F, Item<F>[]>)[family][0];

export interface CreateSpec<F extends Family> {
  family: F;
  serviceName: string;
  params: CreateParams<F>;
  /** The live item this resource stands for (same name / origin), if listed; may throw when it cannot tell. */
  find(items: Item<F>[]): Item<F> | undefined;
  /** The item an ambiguous create left, when `find` cannot tell it (default: `find`). */
  created?(items: Item<F>[]): Item<F> | undefined;
  /** What the program calls the object, for messages ("mailbox info@example.com"). */
  what: string;
  adopt?: boolean;
  /** Why a new object cannot be created from these inputs (a password left out for an adopt that found nothing). */
  cannotCreate?: string;
}

/**
 * Creates the item, or with `adopt` takes over the live one `find` picks (the caller then updates it
 * to the inputs when needed: `adopted` is true). An ambiguous failure is settled by listing again.
 */
export async function createEntity<F extends Family>(api: Api, s: CreateSpec<F>): Promise<{ item: Item<F>; adopted: boolean }> {
  try {
    if (s.adopt) {
      const found = s.find(await listEntities(api, s.family, s.serviceName));
      if (found) return { item: found, adopted: true };
    }
    if (s.cannotCreate) throw new Error(`${s.what} does not exist in service ${s.serviceName}, so there is nothing to adopt: ${s.cannotCreate}`);
    const created = s.created ?? s.find;
    const item = await onceWithLookup(
      async () => replyItem(s.family, await api.send({ op: familyOp(s.family, "create"), params: s.params })),
      async () => created(await freshEntities(api, s.family, s.serviceName)),
    );
    return { item, adopted: false };
  } catch (err) {
    // 4004: the name is taken (spec "Errors"; emulator: names unique per service), or a CNAME would
    // share its name (RFC 1034): "already exists" only when the family lists the object.
    if (hasCode(err, 4004) && !s.adopt && s.find(await freshEntities(api, s.family, s.serviceName).catch(() => []))) {
      throw new Error(`${s.what} already exists in service ${s.serviceName}; set adopt: true to manage it, or remove it (${(err as Error).message})`);
    }
    throw err;
  } finally {
    api.cache.invalidate(serviceScope(s.serviceName));
  }
}

/** An in-place update (same values again are a no-op: retry-safe); a 4002 says what to do. */
export async function updateEntity<F extends Family>(api: Api, family: F, serviceName: string, params: UpdateParams<F>): Promise<Item<F>> {
  try {
    return replyItem(family, await api.send({ op: familyOp(family, "update"), params: { ...params, serviceName } as CallParams<FamilyOp<F, "update">> }));
  } catch (err) {
    // 4002: deleted outside since the last refresh.
    if (hasCode(err, 4002))
      throw new Error(`entity ${params.entityID} no longer exists in service ${serviceName}; run \`pulumi refresh\` and \`pulumi up\` to create it again`);
    throw err;
  } finally {
    api.cache.invalidate(serviceScope(serviceName));
  }
}

/**
 * `<family>delete`, which is not retry-safe: after an ambiguous failure an item no longer listed
 * counts as deleted. An item (or service) already gone is fine: nothing is left to delete.
 */
export async function deleteEntity<F extends Family>(api: Api, family: F, serviceName: string, entityId: string): Promise<void> {
  try {
    await onceWithLookup<unknown>(
      () => api.send({ op: familyOp(family, "delete"), params: { serviceName, entityID: entityId } as CallParams<FamilyOp<F, "delete">> }),
      async () => ((await freshEntities(api, family, serviceName)).some((x) => x.entityID === entityId) ? undefined : {}),
    );
  } catch (err) {
    if (!isGone(err)) throw err;
  } finally {
    api.cache.invalidate(serviceScope(serviceName));
  }
}

/** Inputs and state every service entity has. */
interface EntityInputs {
  serviceName: string;
  adopt?: boolean;
}
interface EntityState {
  serviceName: string;
  entityId: string;
}

/**
 * What differs between the service entities (FtpAccount, Database, Subdomain, MailBox, MailAlias,
 * Redirect, DnsRecord); everything else of the ResourceDefinition is passed through as given.
 */
export interface ServiceEntitySpec<F extends Family, I extends EntityInputs, S extends EntityState>
  extends Omit<ResourceDefinition<I, S>, "create" | "read" | "update" | "delete"> {
  family: F;
  createParams(inputs: I): CreateParams<F>;
  /** `current`: the recorded (or just adopted) state, for what the inputs leave out (an adopted password). */
  updateParams(entityId: string, inputs: I, current: S): UpdateParams<F>;
  /**
   * The listed item this resource stands for (same name, origin, record): what adopt takes over,
   * what an ambiguous create left, what a refused create (4004) ran into.
   */
  find(items: Item<F>[], inputs: I): Item<F> | undefined;
  /** What the program calls the object, for messages ("mailbox info@example.com"). */
  what(inputs: I): string;
  /** State from an API item; `basis` is the inputs (create, update) or the recorded state (read). */
  toState(serviceName: string, item: Item<F>, basis: I | S): S;
  /** After adopting: does the live entity differ from the inputs (then it is updated)? Default yes. */
  needsUpdate?(found: S, inputs: I, item: Item<F>): boolean;
  /**
   * Made before a create when the API names the entity itself (Database), so that `find` cannot
   * recognise what an ambiguous create left: the finder to use instead (e.g. what is new since).
   */
  createdFinder?(api: Api, inputs: I): Promise<(items: Item<F>[]) => Item<F> | undefined>;
  /** The state to record with no call when nothing the API keeps differs (MailBox: a password matching its fingerprint). */
  unchanged?(olds: S, news: I): S | undefined;
  /** Why these inputs cannot create a new object (see CreateSpec.cannotCreate). */
  cannotCreate?(inputs: I): string | undefined;
  /**
   * The object has no name of its own, only an id the API may renumber (service/dnssetzone gives
   * every record of the zone a new entityID, spec "Zone-wide DNS operations"): when the recorded id
   * is no longer listed, read takes the item `find` recognises and the refresh records its new id.
   */
  followRenumbering?: boolean;
}

/** The ResourceDefinition of a service entity: create (or adopt) / read / update / delete on the functions above. */
export function serviceEntityDefinition<F extends Family, I extends EntityInputs, S extends EntityState>(
  spec: ServiceEntitySpec<F, I, S>,
): ResourceDefinition<I, S> {
  const { family, createParams, updateParams, find, what, toState, needsUpdate, createdFinder, unchanged, cannotCreate, followRenumbering, ...definition } =
    spec;
  const ref = (id: string) => parseEntityResourceId(spec.type, id);
  return {
    ...definition,

    async create(ctx, inputs) {
      const svc = inputs.serviceName;
      const created = await createdFinder?.(ctx.api, inputs);
      const { item, adopted } = await createEntity(ctx.api, {
        family,
        serviceName: svc,
        params: createParams(inputs),
        find: (items) => find(items, inputs),
        created,
        what: what(inputs),
        adopt: inputs.adopt,
        cannotCreate: cannotCreate?.(inputs),
      });
      const found = toState(svc, item, inputs);
      const state =
        adopted && (needsUpdate?.(found, inputs, item) ?? true)
          ? toState(svc, await updateEntity(ctx.api, family, svc, updateParams(found.entityId, inputs, found)), inputs)
          : found;
      return { id: entityResourceId(svc, state.entityId), outs: state };
    },

    async read(ctx, id, state) {
      const { serviceName, entityId } = ref(id);
      let items: Item<F>[];
      try {
        items = await listEntities(ctx.api, family, serviceName);
      } catch (err) {
        if (isGone(err)) return undefined;
        throw err;
      }
      const live = items.find((x) => sameEntityId(x.entityID, entityId)) ?? (followRenumbering ? find(items, state as unknown as I) : undefined);
      // Gone (deleted outside, or its service went): the engine drops it from the state.
      return live ? toState(serviceName, live, state) : undefined;
    },
    ...(followRenumbering ? { readId: (state: S) => entityResourceId(state.serviceName, state.entityId) } : {}),

    async update(ctx, id, olds, news) {
      const { serviceName, entityId } = ref(id);
      return unchanged?.(olds, news) ?? toState(serviceName, await updateEntity(ctx.api, family, serviceName, updateParams(entityId, news, olds)), news);
    },

    async delete(ctx, id) {
      const { serviceName, entityId } = ref(id);
      await deleteEntity(ctx.api, family, serviceName, entityId);
    },
  };
}
