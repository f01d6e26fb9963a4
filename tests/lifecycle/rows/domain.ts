/** Contact, Domain (adopted; registered, paid), GlueRecord and DnssecKey in the lifecycle table (model.ts). */
import { findTld } from "../../../emulator/data/tlds";
import { DOMAIN, REG, REG2 } from "../fixture";
import { NO_SECRET, type Case, type Row, type World } from "../model";

const D1 = "2BB183AF5F22588179A53B0A98631FAD1A292118A8A1C8A9CCDF1C1D0E8A8AB0";
const D2 = "3CC183AF5F22588179A53B0A98631FAD1A292118A8A1C8A9CCDF1C1D0E8A8AB1";
const comPrice = () => findTld(REG)?.create?.price ?? Number.NaN;

const contacts = async (w: World) => {
  const out: Record<string, unknown> = {};
  for (const id of [w.fixture.contactId, w.fixture.contact2Id]) {
    const c = await w.client.call("contact/getinfo", { contactID: id }).catch(() => undefined);
    if (c) out[(c as any).email] = "present";
  }
  return out;
};
const domains = async (w: World, names: string[]) => {
  const out: Record<string, Record<string, unknown>> = {};
  for (const domain of names) {
    const info = await w.client.call("domain/getinfo", { domain, infoType: "status" } as never).catch(() => undefined);
    if (info) out[domain] = { status: (info as any).status, renewalMode: (info as any).renewalMode };
  }
  return Object.keys(out).length ? out : undefined;
};
const glue = async (w: World) => {
  const info = (await w.client.call("domain/getinfo", { domain: DOMAIN, infoType: "gluerecords" } as never)) as any;
  return ((info.gluerecords ?? []) as Record<string, any>[]).find((g) => [`ns1.${DOMAIN}`, `ns2.${DOMAIN}`].includes(g.name));
};
const ds = async (w: World) => {
  const info = (await w.client.call("domain/getinfo", { domain: DOMAIN, infoType: "dnssec" } as never)) as any;
  return ((info.dnssec?.entries ?? []) as Record<string, any>[]).find((e) => [12345, 12346].includes(Number(e.keytag)));
};

export const ROWS: Row[] = [
  {
    key: "adopted",
    type: "Contact",
    args: { create: (f) => ({ contactId: f.contactId }), replace: (f) => ({ contactId: f.contact2Id }) },
    live: contacts,
    notApplicable: {
      "in-place": "the API has no contact update: every input replaces (descriptor lifecycle.inPlace)",
      ignoreChanges: "an adopted contact's one input is contactId, and its change is the replace step; there is nothing in place to ignore",
    },
  },
  {
    key: "domain",
    type: "Domain",
    args: {
      create: () => ({ name: DOMAIN, registration: "adopt", whoisPrivacy: false, tags: ["lc"], exposeAuthcode: true, onDestroy: "letexpire" }),
      // tags are ignored (options): the new list is never applied.
      "in-place": () => ({ name: DOMAIN, registration: "adopt", whoisPrivacy: true, tags: ["lc", "other"], exposeAuthcode: true, onDestroy: "letexpire" }),
    },
    options: { ignoreChanges: ["tags"] },
    live: async (w) => {
      const info = (await w.client.call("domain/getinfo", { domain: DOMAIN, infoType: "status" } as never).catch(() => undefined)) as any;
      return info && { status: info.status, whoisPrivacy: info.whoisPrivacy, renewalMode: info.renewalMode, tag: info.tag };
    },
  },
  {
    key: "domain-reg",
    type: "Domain",
    args: {
      create: (f) => ({ name: REG, contacts: { owner: f.contactId }, renewalMode: "autorenew" }),
      "in-place": (f) => ({ name: REG, contacts: { owner: f.contactId }, renewalMode: "manual" }),
      replace: (f) => ({ name: REG2, contacts: { owner: f.contactId }, renewalMode: "manual" }),
    },
    live: (w) => domains(w, [REG, REG2]),
  },
  {
    key: "glue",
    type: "GlueRecord",
    args: {
      create: () => ({ domain: DOMAIN, name: "ns1", ipv4: "192.0.2.53", ipv6: "2001:db8::53" }),
      // ipv6 is ignored (options): the new address is never applied.
      "in-place": () => ({ domain: DOMAIN, name: "ns1", ipv4: "192.0.2.54", ipv6: "2001:db8::54" }),
      replace: () => ({ domain: DOMAIN, name: "ns2", ipv4: "192.0.2.54", ipv6: "2001:db8::54" }),
    },
    options: { ignoreChanges: ["ipv6"] },
    live: glue,
    notApplicable: { secrets: NO_SECRET },
  },
  {
    key: "ds",
    type: "DnssecKey",
    args: {
      create: () => ({ domain: DOMAIN, keytag: 12345, algorithm: 13, digesttype: 2, digest: D1 }),
      // digest is ignored (options): a new digest would replace the entry, and is never applied.
      "in-place": () => ({ domain: DOMAIN, keytag: 12345, algorithm: 13, digesttype: 2, digest: D2 }),
      replace: () => ({ domain: DOMAIN, keytag: 12346, algorithm: 13, digesttype: 2, digest: D2 }),
    },
    options: { ignoreChanges: ["digest"] },
    live: ds,
    notApplicable: {
      "in-place": "the API has no DNSSEC update (dnsseccreate, dnssecdelete only): every input replaces (descriptor lifecycle.inPlace)",
      secrets: NO_SECRET,
    },
  },
];

export const CASES: Case[] = [
  { name: "Contact adopt", key: "adopted", step: "create", op: "create", live: { "eva@example.com": "present" } },
  { name: "Domain adopt spends nothing", key: "domain", step: "create", op: "create", live: { status: "active", whoisPrivacy: false, tag: "lc" } },
  { name: "Domain register", key: "domain-reg", step: "create", op: "create", live: { [REG]: { status: "active", renewalMode: "autorenew" } } },
  { name: "Domain register pays once", key: "domain-reg", step: "create", money: { calls: { "domain/create": 1 }, amount: comPrice } },
  { name: "GlueRecord create", key: "glue", step: "create", op: "create", live: { name: `ns1.${DOMAIN}`, ipv4: "192.0.2.53", ipv6: "2001:db8::53" } },
  { name: "DnssecKey create", key: "ds", step: "create", op: "create", live: { keytag: 12345, digest: D1 } },
  { name: "Contact no-op plan, clean refresh", key: "adopted", step: "no-op", op: "same" },
  { name: "Domain no-op plan, clean refresh", key: "domain", step: "no-op", op: "same" },
  { name: "Domain (registered) no-op plan, clean refresh", key: "domain-reg", step: "no-op", op: "same" },
  { name: "GlueRecord no-op plan, clean refresh", key: "glue", step: "no-op", op: "same" },
  { name: "DnssecKey no-op plan, clean refresh", key: "ds", step: "no-op", op: "same" },
  { name: "Contact untouched by others' updates", key: "adopted", step: "in-place", op: "same" },
  { name: "Domain in-place whoisPrivacy", key: "domain", step: "in-place", op: "update", diffs: ["whoisPrivacy"], live: { whoisPrivacy: true } },
  { name: "Domain ignoreChanges tags", key: "domain", step: "in-place", aspect: "ignoreChanges", op: "update", diffs: ["whoisPrivacy"], live: { tag: "lc" } },
  {
    name: "Domain (registered) in-place renewalMode",
    key: "domain-reg",
    step: "in-place",
    op: "update",
    diffs: ["renewalMode"],
    live: { [REG]: { status: "active", renewalMode: "manual" } },
  },
  { name: "GlueRecord in-place ipv4", key: "glue", step: "in-place", op: "update", diffs: ["ipv4"], live: { ipv4: "192.0.2.54" } },
  {
    name: "GlueRecord ignoreChanges ipv6",
    key: "glue",
    step: "in-place",
    aspect: "ignoreChanges",
    op: "update",
    diffs: ["ipv4"],
    live: { ipv6: "2001:db8::53" },
  },
  {
    name: "DnssecKey ignoreChanges digest: no replacement",
    key: "ds",
    step: "in-place",
    aspect: "ignoreChanges",
    op: "same",
    live: { keytag: 12345, digest: D1 },
  },
  {
    name: "Contact replace: adopts the other contact, the first one stays",
    key: "adopted",
    step: "replace",
    op: "replace",
    diffs: ["contactId"],
    replaces: ["contactId"],
    live: { "eva@example.com": "present", "leo@example.com": "present" },
  },
  {
    name: "Domain replace on name: registers the new one, the old one forgotten (never deleted)",
    key: "domain-reg",
    step: "replace",
    op: "replace",
    diffs: ["name"],
    replaces: ["name"],
    live: { [REG]: { status: "active", renewalMode: "manual" }, [REG2]: { status: "active", renewalMode: "manual" } },
  },
  { name: "Domain replacement pays one registration", key: "domain-reg", step: "replace", money: { calls: { "domain/create": 1 }, amount: comPrice } },
  { name: "GlueRecord replace on name", key: "glue", step: "replace", op: "replace", diffs: ["name"], replaces: ["name"], live: { name: `ns2.${DOMAIN}` } },
  {
    // The engine's rule: ignoreChanges keeps the recorded value for a diff, but a replacement is created from the program's values.
    name: "DnssecKey replace on keytag (the replacement takes the program's digest, ignored or not)",
    key: "ds",
    step: "replace",
    op: "replace",
    diffs: ["keytag"],
    replaces: ["keytag"],
    live: { keytag: 12346, digest: D2 },
  },
  {
    name: "Contact bad input",
    key: "adopted",
    step: "bad input",
    args: (f) => ({ contactId: f.contact2Id, phone: "+34.600000000" }),
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
    name: "GlueRecord bad input",
    key: "glue",
    step: "bad input",
    args: () => ({ domain: DOMAIN, name: "ns2", ipv4: "10.0.0.1" }),
    error: "ipv4: 10.0.0.1 is a private address (RFC 1918): a glue record publishes a nameserver's address to the internet, so it must be a public address",
  },
  {
    name: "DnssecKey bad input",
    key: "ds",
    step: "bad input",
    // Not the digest: it is ignored (options), so the engine would put the recorded one back before the check.
    args: () => ({ domain: DOMAIN, keytag: 70000, algorithm: 13, digesttype: 2, digest: D2 }),
    error: "keytag: must be at most 65535",
  },
  {
    name: "Contact drift + refresh",
    key: "adopted",
    step: "drift",
    outside: async (w) => w.emu.control.setContactVerification(w.emu.apiUser, w.fixture.contact2Id, "failed"),
    refreshed: { changed: ["verificationStatus"], outputs: { verificationStatus: "failed" } },
    // An adopted contact wants only its id: the live data is recorded, nothing to change.
    op: "same",
  },
  {
    name: "Domain drift + refresh",
    key: "domain",
    step: "drift",
    outside: async (w) => {
      await w.client.call("domain/update", { domain: DOMAIN, updateType: "whoisPrivacy", whoisPrivacy: false } as never);
    },
    refreshed: { changed: ["whoisPrivacy"], outputs: { whoisPrivacy: false } },
    op: "update",
    diffs: ["whoisPrivacy"],
    repaired: { whoisPrivacy: true },
  },
  {
    name: "GlueRecord drift + refresh",
    key: "glue",
    step: "drift",
    outside: async (w) => {
      await w.client.call("domain/gluerecordupdate", { domain: DOMAIN, name: `ns2.${DOMAIN}`, ipv4: "192.0.2.99", ipv6: "2001:db8::54" } as never);
    },
    refreshed: { changed: ["ipv4"], outputs: { ipv4: "192.0.2.99" } },
    op: "update",
    diffs: ["ipv4"],
    repaired: { ipv4: "192.0.2.54" },
  },
  {
    name: "DnssecKey deleted outside + refresh",
    key: "ds",
    step: "drift",
    outside: async (w) => {
      await w.client.call("domain/dnssecdelete", { domain: DOMAIN, keytag: 12346, algorithm: 13, digesttype: 2, digest: D2 } as never);
    },
    refreshed: "deleted",
    op: "create",
    repaired: { keytag: 12346 },
  },
  { name: "Contact import", key: "adopted", step: "import", op: "same" },
  { name: "Domain import", key: "domain", step: "import", op: "same" },
  { name: "Domain (registered) import", key: "domain-reg", step: "import", op: "same" },
  { name: "GlueRecord import", key: "glue", step: "import", op: "same" },
  { name: "DnssecKey import", key: "ds", step: "import", op: "same" },
  {
    name: "Domain authcode (exposeAuthcode) absent from state and output",
    key: "domain",
    step: "secrets",
    secrets: async (w) => [String(((await w.client.call("domain/getinfo", { domain: DOMAIN, infoType: "authcode" } as never)) as any).authcode)],
    outputs: { encrypted: ["authcode"] },
  },
  { name: "API password absent from state and output", key: "adopted", step: "secrets", secrets: (w) => [w.emu.apiPasswd], strictOn: ["plugin"] },
  // Contacts cannot be deleted through the API: destroy forgets (both contacts stay).
  { name: "Contact destroy forgets", key: "adopted", step: "destroy", op: "delete", live: { "eva@example.com": "present", "leo@example.com": "present" } },
  // onDestroy letexpire: the domain stays registered, set to expire.
  { name: "Domain destroy lets it expire", key: "domain", step: "destroy", op: "delete", live: { status: "active", renewalMode: "letexpire" } },
  {
    name: "Domain (registered) destroy forgets it: still registered",
    key: "domain-reg",
    step: "destroy",
    op: "delete",
    live: { [REG2]: { status: "active", renewalMode: "manual" } },
  },
  { name: "GlueRecord destroy", key: "glue", step: "destroy", op: "delete", live: "absent" },
  { name: "DnssecKey destroy", key: "ds", step: "destroy", op: "delete", live: "absent" },
];
