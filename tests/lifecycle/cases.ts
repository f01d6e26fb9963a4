/**
 * The lifecycle table both providers run (issue 21 item 6): the dynamic resources (the installed
 * package) and the plugin (installed from its archive, driven by the generated Node SDK). One stack
 * per provider holds every resource below; the steps are applied in STEPS order, each one engine
 * operation for the whole stack (bad input: one preview per case), and each case checks what the
 * engine and the emulator did to its resource at its step. runner.ts runs it; dynamic.test.ts and
 * plugin.test.ts name the provider.
 *
 * A resource's program arguments are given at `create` and change at `in-place` and `replace`
 * (every other step keeps the last ones). Pure data apart from the fixtures and the outside changes:
 * nothing here depends on which provider runs it.
 */
import type { RunningEmulator } from "../../emulator";
import type { DonDominioClient } from "../../sdk";
import { PERSON } from "../fixtures";

export const STEPS = ["create", "no-op", "in-place", "replace", "bad input", "drift", "secrets", "destroy"] as const;
export type Step = (typeof STEPS)[number];
export type Runner = "dynamic" | "plugin";
export type Args = Record<string, unknown>;
/** The engine's step for one resource, as the plan (or the run) shows it. */
export type Op = "create" | "same" | "update" | "replace" | "delete";

/** Objects made outside the program before the first step (the services the entities live in, a contact to adopt). */
export interface Fixture {
  contactId: string;
  /** The account's balance before the first step (adopting spends nothing). */
  balance: number;
}

export interface World {
  client: DonDominioClient;
  emu: RunningEmulator;
  fixture: Fixture;
  /** The resource's outputs in the state now (secrets stay encrypted). */
  outputs(key: string): Record<string, any>;
}

export const DNS = "lc-dns.example";
export const ZONE = "lc-zone.example";
export const WEB = "lc-web.example";
export const DOMAIN = "lc-adopted.com";
export const PW1 = "Lc-first-secret-9";
export const PW2 = "Lc-second-secret-9";
export const BAD_PW = "short pw";

export async function setup(client: DonDominioClient, emu: RunningEmulator): Promise<Fixture> {
  await client.call("service/create", { serviceName: DNS, productkey: "redir" } as any);
  await client.call("service/create", { serviceName: ZONE, productkey: "redir" } as any);
  // Hosting Mini: mailboxes and redirects (Redirect & Parking allows one redirect, not a replacement beside it).
  await client.call("service/create", { serviceName: WEB, productkey: "mini" } as any);
  const c = await client.call("contact/create", { ...PERSON, FirstName: "Eva", LastName: "Ruiz", Email: "eva@example.com" });
  await client.call("domain/create", { domain: DOMAIN, ownerContactID: c.contactID } as any);
  // Past the registration: the domain is active before the program sees it.
  await emu.control.advanceClock(60);
  return { contactId: c.contactID, balance: (await client.call("account/info")).balance };
}

const entity = (w: World, key: string) => String(w.outputs(key).entityId);
const list = async (w: World, op: string, serviceName: string, member: string) =>
  (((await w.client.call(op as any, { serviceName } as any)) as any)[member] ?? []) as Record<string, any>[];

export interface ResourceRow {
  key: string;
  /** The class (dynamic) and the SDK class (plugin): the same name. */
  type: "DnsRecord" | "MailBox" | "Contact" | "Domain" | "DnsZone" | "Redirect";
  args: Partial<Record<"create" | "in-place" | "replace", (f: Fixture) => Args>>;
  /** Resource options, the same at every step. */
  options?: { ignoreChanges?: string[] };
  /** The object in the emulator as the API lists it, or undefined when it is not there. */
  live(w: World): Promise<Record<string, any> | undefined>;
}

const dnsByName =
  (name: string, zone = DNS) =>
  async (w: World) =>
    (await list(w, "service/dnslist", zone, "dns")).find((r) => r.name === name);

export const RESOURCES: readonly ResourceRow[] = [
  {
    key: "rec-a",
    type: "DnsRecord",
    args: {
      create: () => ({ serviceName: DNS, name: "lc-a", type: "A", value: "192.0.2.10", ttl: 300 }),
      "in-place": () => ({ serviceName: DNS, name: "lc-a", type: "A", value: "192.0.2.10", ttl: 600 }),
      replace: () => ({ serviceName: DNS, name: "lc-a", type: "TXT", value: "lc text", ttl: 600 }),
    },
    live: async (w) => (await list(w, "service/dnslist", DNS, "dns")).find((r) => r.name === `lc-a.${DNS}`),
  },
  {
    key: "rec-b",
    type: "DnsRecord",
    args: {
      create: () => ({ serviceName: DNS, name: "lc-b", type: "A", value: "192.0.2.20" }),
      "in-place": () => ({ serviceName: DNS, name: "lc-b", type: "A", value: "192.0.2.21" }),
      replace: () => ({ serviceName: DNS, name: "lc-b2", type: "A", value: "192.0.2.21" }),
    },
    live: async (w) => (await list(w, "service/dnslist", DNS, "dns")).find((r) => r.name === `lc-b.${DNS}` || r.name === `lc-b2.${DNS}`),
  },
  {
    key: "rec-c",
    type: "DnsRecord",
    args: {
      create: () => ({ serviceName: DNS, name: "lc-c", type: "A", value: "192.0.2.40", ttl: 300 }),
      "in-place": () => ({ serviceName: DNS, name: "lc-c", type: "A", value: "192.0.2.40", ttl: 900 }),
    },
    options: { ignoreChanges: ["ttl"] },
    live: dnsByName(`lc-c.${DNS}`),
  },
  {
    key: "box",
    type: "MailBox",
    args: {
      create: () => ({ serviceName: WEB, name: "info", password: PW1 }),
      "in-place": () => ({ serviceName: WEB, name: "info", password: PW2 }),
      replace: () => ({ serviceName: WEB, name: "hello", password: PW2 }),
    },
    live: async (w) => {
      const box = (await list(w, "service/maillist", WEB, "mail")).find((m) => m.name === `info@${WEB}` || m.name === `hello@${WEB}`);
      if (!box) return undefined;
      // The password the emulator holds (answers mask it), named rather than shown: PW1, PW2 or other.
      const stored = (w.emu.server.store.world.accounts[w.emu.apiUser].services[WEB] as any).mail.find((m: any) => m.name === box.name)?.password;
      return { ...box, password: stored === PW1 ? "PW1" : stored === PW2 ? "PW2" : "other" };
    },
  },
  {
    key: "adopted",
    type: "Contact",
    args: { create: (f) => ({ contactId: f.contactId }) },
    live: async (w) => {
      const c = await w.client.call("contact/getinfo", { contactID: w.fixture.contactId }).catch(() => undefined);
      return c as Record<string, any> | undefined;
    },
  },
  {
    key: "domain",
    type: "Domain",
    args: {
      create: () => ({ name: DOMAIN, registration: "adopt", whoisPrivacy: false, onDestroy: "letexpire" }),
      "in-place": () => ({ name: DOMAIN, registration: "adopt", whoisPrivacy: true, onDestroy: "letexpire" }),
    },
    live: async (w) => {
      const info = await w.client.call("domain/getinfo", { domain: DOMAIN, infoType: "status" }).catch(() => undefined);
      if (!info) return undefined;
      return { ...info, spent: Math.round((w.fixture.balance - (await w.client.call("account/info")).balance) * 100) / 100 };
    },
  },
  {
    key: "zone",
    type: "DnsZone",
    args: {
      create: () => ({
        serviceName: ZONE,
        records: [
          { name: "@", type: "A", value: "192.0.2.30" },
          { name: "www", type: "CNAME", value: `${ZONE}.` },
        ],
      }),
      "in-place": () => ({
        serviceName: ZONE,
        records: [
          { name: "@", type: "A", value: "192.0.2.30" },
          { name: "www", type: "CNAME", value: `${ZONE}.` },
          { name: "@", type: "MX", value: `mx.${ZONE}.`, priority: 10 },
        ],
      }),
    },
    live: async (w) => {
      const mine = (await list(w, "service/dnslist", ZONE, "dns")).filter((r) => ["192.0.2.30", "192.0.2.31", `mx.${ZONE}`].includes(r.value));
      return mine.length ? { records: mine.map((r) => `${r.name} ${r.type} ${r.value}`).sort() } : undefined;
    },
  },
  {
    key: "redir",
    type: "Redirect",
    args: {
      create: () => ({ serviceName: WEB, origin: "go", destination: "https://example.org/a", type: "301" }),
      "in-place": () => ({ serviceName: WEB, origin: "go", destination: "https://example.org/b", type: "301" }),
      replace: () => ({ serviceName: WEB, origin: "go2", destination: "https://example.org/b", type: "301" }),
    },
    live: async (w) => (await list(w, "service/redirectlist", WEB, "redirect")).find((r) => r.origin === `go.${WEB}` || r.origin === `go2.${WEB}`),
  },
];

interface BaseCase {
  /** The name both runners print after their own (`dynamic: DnsRecord in-place ttl`). */
  name: string;
  key: string;
  /** A provider that does not support the case: the case is pending there, with this reason. */
  pending?: Partial<Record<Runner, string>>;
}

/**
 * A step the engine runs for the whole stack: the plan for this resource and what the emulator
 * holds then. At no-op, a refresh also changes none of the resource's outputs, and the plan after it is the same.
 */
export interface PlanCase extends BaseCase {
  step: "create" | "no-op" | "in-place" | "replace" | "destroy";
  op: Op;
  /** The properties the engine names as changed (update, replace), as a set. */
  diffs?: string[];
  /** The properties that force the replacement. */
  replaces?: string[];
  /** The emulator's object after the step: these fields (a subset), or "absent". */
  live?: Record<string, unknown> | "absent";
  /** The provider itself names the changed properties (`diffs`/`detailedDiff` of its Diff), as `pulumi preview --json` and the review show them. */
  named?: boolean;
}

/** A change made outside (the sdk client or the emulator's control API); refresh, a preview, then an up that repairs. */
export interface DriftCase extends BaseCase {
  step: "drift";
  outside(w: World): Promise<void>;
  /**
   * What refresh did to the resource: the outputs it changed (as a set) and some of their values
   * in the state afterwards, or "deleted" (dropped from the state).
   */
  refreshed: { changed: string[]; outputs?: Record<string, unknown> } | "deleted";
  /** The plan after the refresh, back to what the program wants. */
  op: Op;
  diffs?: string[];
  /** The emulator's object after the repairing up (a subset). */
  repaired?: Record<string, unknown>;
}

/** Bad program arguments: the preview fails naming the resource, the field and the rule; no API write. */
export interface BadInputCase extends BaseCase {
  step: "bad input";
  args(f: Fixture): Args;
  error: string;
  /** Text the error output must not hold (a refused password). */
  notShown?: string[];
}

/** Values that must appear 0 times in the state file, `stack export` and every engine output and event so far. */
export interface SecretsCase extends BaseCase {
  step: "secrets";
  secrets(w: World): string[];
  /** The resource's outputs in the state: these are absent, these are encrypted. */
  outputs?: { absent?: string[]; encrypted?: string[] };
}

export type Case = PlanCase | DriftCase | BadInputCase | SecretsCase;

export const CASES: readonly Case[] = [
  // create
  { name: "DnsRecord create", key: "rec-a", step: "create", op: "create", live: { type: "A", value: "192.0.2.10", ttl: "300" } },
  { name: "MailBox create", key: "box", step: "create", op: "create", live: { name: `info@${WEB}`, password: "PW1" } },
  { name: "Contact adopt", key: "adopted", step: "create", op: "create", live: { email: "eva@example.com" } },
  { name: "Domain adopt spends nothing", key: "domain", step: "create", op: "create", live: { status: "active", whoisPrivacy: false, spent: 0 } },
  { name: "DnsZone create", key: "zone", step: "create", op: "create", live: { records: [`${ZONE} A 192.0.2.30`] } },
  { name: "Redirect create", key: "redir", step: "create", op: "create", live: { destination: "https://example.org/a", type: "301" } },
  // no-op
  { name: "DnsRecord no-op plan, clean refresh", key: "rec-a", step: "no-op", op: "same" },
  { name: "MailBox no-op plan, clean refresh", key: "box", step: "no-op", op: "same" },
  { name: "Contact no-op plan, clean refresh", key: "adopted", step: "no-op", op: "same" },
  { name: "Domain no-op plan, clean refresh", key: "domain", step: "no-op", op: "same" },
  { name: "DnsZone no-op plan, clean refresh", key: "zone", step: "no-op", op: "same" },
  { name: "Redirect no-op plan, clean refresh", key: "redir", step: "no-op", op: "same" },
  // in-place
  { name: "DnsRecord in-place ttl", key: "rec-a", step: "in-place", op: "update", diffs: ["ttl"], live: { ttl: "600", value: "192.0.2.10" } },
  { name: "DnsRecord in-place value", key: "rec-b", step: "in-place", op: "update", diffs: ["value"], live: { value: "192.0.2.21" } },
  { name: "MailBox in-place password", key: "box", step: "in-place", op: "update", diffs: ["password"], live: { name: `info@${WEB}`, password: "PW2" } },
  {
    name: "DnsZone in-place records",
    key: "zone",
    step: "in-place",
    op: "update",
    diffs: ["records"],
    live: { records: [`${ZONE} A 192.0.2.30`, `${ZONE} MX mx.${ZONE}`] },
  },
  {
    name: "Redirect in-place destination",
    key: "redir",
    step: "in-place",
    op: "update",
    diffs: ["destination"],
    live: { destination: "https://example.org/b" },
  },
  { name: "Domain in-place whoisPrivacy", key: "domain", step: "in-place", op: "update", diffs: ["whoisPrivacy"], live: { whoisPrivacy: true, spent: 0 } },
  { name: "DnsRecord ignoreChanges ttl", key: "rec-c", step: "in-place", op: "same", live: { ttl: "300" } },
  { name: "Contact untouched by others' updates", key: "adopted", step: "in-place", op: "same" },
  {
    name: "DnsRecord plan names the changed property",
    key: "rec-b",
    step: "in-place",
    op: "update",
    diffs: ["value"],
    named: true,
    pending: {
      dynamic:
        "a dynamic provider cannot name them: the @pulumi/pulumi dynamic-provider host forwards only changes and replaces, so the engine's step (and `preview --json` diffReasons) names no property",
    },
  },
  // replace
  {
    name: "DnsRecord replace on type",
    key: "rec-a",
    step: "replace",
    op: "replace",
    diffs: ["type", "value"],
    replaces: ["type"],
    live: { type: "TXT", value: "lc text" },
  },
  { name: "DnsRecord replace on name", key: "rec-b", step: "replace", op: "replace", diffs: ["name"], replaces: ["name"], live: { name: `lc-b2.${DNS}` } },
  {
    name: "MailBox replace on name",
    key: "box",
    step: "replace",
    op: "replace",
    diffs: ["name"],
    replaces: ["name"],
    live: { name: `hello@${WEB}`, password: "PW2" },
  },
  { name: "Redirect replace on origin", key: "redir", step: "replace", op: "replace", diffs: ["origin"], replaces: ["origin"], live: { origin: `go2.${WEB}` } },
  // bad input: one preview each, the rest of the program as at the last step
  {
    name: "DnsRecord bad input",
    key: "rec-b",
    step: "bad input",
    args: () => ({ serviceName: DNS, name: "lc-b2", type: "A", value: "192.0.2.300" }),
    error: 'value: "192.0.2.300" is not an IPv4 address for an A record',
  },
  {
    name: "MailBox bad input",
    key: "box",
    step: "bad input",
    args: () => ({ serviceName: WEB, name: "hello", password: BAD_PW }),
    error: "password: must be 8 to 64 printable ASCII characters without spaces (value not shown)",
    notShown: [BAD_PW],
  },
  {
    name: "Contact bad input",
    key: "adopted",
    step: "bad input",
    args: (f) => ({ contactId: f.contactId, phone: "+34.600000000" }),
    error: "phone: leave out the contact data when contactId adopts an existing contact",
  },
  {
    name: "Domain bad input",
    key: "domain",
    step: "bad input",
    args: () => ({ name: DOMAIN, registration: "adopt", whoisPrivacy: true, onDestroy: "delete-it" }),
    error: "onDestroy: must be one of forget, letexpire",
  },
  {
    name: "DnsZone bad input",
    key: "zone",
    step: "bad input",
    args: () => ({ serviceName: ZONE, records: [{ name: "@", type: "A", value: "not-an-ip" }] }),
    error: 'records[0].value: "not-an-ip" is not an IPv4 address for an A record',
  },
  {
    name: "Redirect bad input",
    key: "redir",
    step: "bad input",
    args: () => ({ serviceName: WEB, origin: "go2", destination: "ftp://example.org/", type: "301" }),
    error: "destination: must be an http:// or https:// URL such as https://example.org/path",
  },
  // drift: all outside changes made, then one refresh and one preview
  {
    name: "DnsRecord drift + refresh",
    key: "rec-b",
    step: "drift",
    outside: async (w) => {
      await w.client.call("service/dnsupdate", { serviceName: DNS, entityID: entity(w, "rec-b"), value: "192.0.2.99" } as any);
    },
    refreshed: { changed: ["value"], outputs: { value: "192.0.2.99" } },
    op: "update",
    diffs: ["value"],
    repaired: { value: "192.0.2.21" },
  },
  {
    name: "MailBox deleted outside + refresh",
    key: "box",
    step: "drift",
    outside: async (w) => {
      await w.client.call("service/maildelete", { serviceName: WEB, entityID: entity(w, "box") } as any);
    },
    refreshed: "deleted",
    op: "create",
    repaired: { name: `hello@${WEB}`, password: "PW2" },
  },
  {
    name: "Contact drift + refresh",
    key: "adopted",
    step: "drift",
    outside: async (w) => w.emu.control.setContactVerification(w.emu.apiUser, w.fixture.contactId, "failed"),
    refreshed: { changed: ["verificationStatus"], outputs: { verificationStatus: "failed" } },
    // An adopted contact wants only its id: the live data is recorded, nothing to change.
    op: "same",
  },
  {
    name: "Domain drift + refresh",
    key: "domain",
    step: "drift",
    outside: async (w) => {
      await w.client.call("domain/update", { domain: DOMAIN, updateType: "whoisPrivacy", whoisPrivacy: false } as any);
    },
    refreshed: { changed: ["whoisPrivacy"], outputs: { whoisPrivacy: false } },
    op: "update",
    diffs: ["whoisPrivacy"],
    repaired: { whoisPrivacy: true, spent: 0 },
  },
  {
    name: "DnsZone drift + refresh",
    key: "zone",
    step: "drift",
    outside: async (w) => {
      const a = await dnsByName(ZONE, ZONE)(w);
      await w.client.call("service/dnsupdate", { serviceName: ZONE, entityID: a?.entityID, value: "192.0.2.31" } as any);
    },
    refreshed: { changed: ["records"] },
    op: "update",
    diffs: ["records"],
    repaired: { records: [`${ZONE} A 192.0.2.30`, `${ZONE} MX mx.${ZONE}`] },
  },
  {
    name: "Redirect drift + refresh",
    key: "redir",
    step: "drift",
    outside: async (w) => {
      await w.client.call("service/redirectupdate", {
        serviceName: WEB,
        entityID: entity(w, "redir"),
        destination: "https://example.org/b",
        type: "302",
      } as any);
    },
    refreshed: { changed: ["type"], outputs: { type: "302" } },
    op: "update",
    diffs: ["type"],
    repaired: { type: "301" },
  },
  // secrets
  {
    name: "MailBox passwords absent from state and output",
    key: "box",
    step: "secrets",
    secrets: () => [PW1, PW2],
    // The state keeps a fingerprint of the password (to see a change), never the password.
    outputs: { absent: ["password"], encrypted: ["passwordHash"] },
  },
  { name: "API password absent from state and output", key: "adopted", step: "secrets", secrets: (w) => [w.emu.apiPasswd] },
  // destroy
  { name: "DnsRecord destroy", key: "rec-a", step: "destroy", op: "delete", live: "absent" },
  { name: "DnsRecord destroy (replaced one)", key: "rec-b", step: "destroy", op: "delete", live: "absent" },
  { name: "DnsRecord destroy (changes ignored)", key: "rec-c", step: "destroy", op: "delete", live: "absent" },
  { name: "MailBox destroy", key: "box", step: "destroy", op: "delete", live: "absent" },
  // Contacts cannot be deleted through the API: destroy forgets (the contact stays).
  { name: "Contact destroy forgets", key: "adopted", step: "destroy", op: "delete", live: { email: "eva@example.com" } },
  // onDestroy letexpire: the domain stays registered, set to expire.
  { name: "Domain destroy lets it expire", key: "domain", step: "destroy", op: "delete", live: { status: "active", renewalMode: "letexpire", spent: 0 } },
  { name: "DnsZone destroy", key: "zone", step: "destroy", op: "delete", live: "absent" },
  { name: "Redirect destroy", key: "redir", step: "destroy", op: "delete", live: "absent" },
];
