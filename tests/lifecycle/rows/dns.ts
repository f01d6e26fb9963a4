/** DnsRecord and DnsZone in the lifecycle table (model.ts): their rows and cases. */
import { DNS, entity, list, ZONE, ZONE2 } from "../fixture";
import { NO_SECRET, type Case, type Row, type World } from "../model";

const dnsByName =
  (name: string, zone = DNS) =>
  async (w: World) =>
    (await list(w, "service/dnslist", zone, "dns")).find((r) => r.name === name);

/** The zone's records this program manages (by value), as `<name> <type> <value>`, sorted. */
const zoneRecords = async (w: World, zone: string) =>
  (await list(w, "service/dnslist", zone, "dns"))
    .filter((r) => ["192.0.2.30", "192.0.2.31", `mx.${ZONE}`, `mx.${ZONE2}`].includes(r.value))
    .map((r) => `${r.name} ${r.type} ${r.value}`)
    .sort();

export const ROWS: Row[] = [
  {
    key: "rec-a",
    type: "DnsRecord",
    args: {
      create: () => ({ serviceName: DNS, name: "lc-a", type: "A", value: "192.0.2.10", ttl: 300 }),
      "in-place": () => ({ serviceName: DNS, name: "lc-a", type: "A", value: "192.0.2.10", ttl: 600 }),
      replace: () => ({ serviceName: DNS, name: "lc-a", type: "TXT", value: "lc text", ttl: 600 }),
    },
    live: dnsByName(`lc-a.${DNS}`),
    notApplicable: { secrets: NO_SECRET },
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
      // bulk is ignored (options): the program's new value never reaches the state (check records the default, "auto").
      "in-place": () => ({
        serviceName: ZONE,
        bulk: "never",
        records: [
          { name: "@", type: "A", value: "192.0.2.30" },
          { name: "www", type: "CNAME", value: `${ZONE}.` },
          { name: "@", type: "MX", value: `mx.${ZONE}.`, priority: 10 },
        ],
      }),
      replace: () => ({
        serviceName: ZONE2,
        bulk: "never",
        records: [
          { name: "@", type: "A", value: "192.0.2.30" },
          { name: "@", type: "MX", value: `mx.${ZONE2}.`, priority: 10 },
        ],
      }),
    },
    options: { ignoreChanges: ["bulk"] },
    live: async (w) => {
      const [one, two] = [await zoneRecords(w, ZONE), await zoneRecords(w, ZONE2)];
      return one.length || two.length ? { [ZONE]: one, [ZONE2]: two } : undefined;
    },
    notApplicable: { secrets: NO_SECRET },
  },
];

export const CASES: Case[] = [
  { name: "DnsRecord create", key: "rec-a", step: "create", op: "create", live: { type: "A", value: "192.0.2.10", ttl: "300" } },
  { name: "DnsZone create", key: "zone", step: "create", op: "create", live: { [ZONE]: [`${ZONE} A 192.0.2.30`], [ZONE2]: [] } },
  { name: "DnsRecord no-op plan, clean refresh", key: "rec-a", step: "no-op", op: "same" },
  { name: "DnsZone no-op plan, clean refresh", key: "zone", step: "no-op", op: "same" },
  { name: "DnsRecord in-place ttl", key: "rec-a", step: "in-place", op: "update", diffs: ["ttl"], live: { ttl: "600", value: "192.0.2.10" } },
  { name: "DnsRecord in-place value", key: "rec-b", step: "in-place", op: "update", diffs: ["value"], live: { value: "192.0.2.21" } },
  {
    name: "DnsRecord ignoreChanges ttl: the program's new ttl is not applied",
    key: "rec-c",
    step: "in-place",
    aspect: "ignoreChanges",
    op: "same",
    live: { ttl: "300" },
    inputs: { ttl: 300 },
  },
  {
    name: "DnsZone in-place records; ignoreChanges bulk",
    key: "zone",
    step: "in-place",
    op: "update",
    diffs: ["records"],
    live: { [ZONE]: [`${ZONE} A 192.0.2.30`, `${ZONE} MX mx.${ZONE}`] },
  },
  {
    name: "DnsZone ignoreChanges bulk: the recorded value stays",
    key: "zone",
    step: "in-place",
    aspect: "ignoreChanges",
    op: "update",
    diffs: ["records"],
    inputs: { bulk: "auto" },
  },
  {
    name: "DnsRecord plan names the changed property",
    key: "rec-b",
    step: "in-place",
    op: "update",
    diffs: ["value"],
    named: true,
    notOn: {
      dynamic:
        "a dynamic provider cannot name them: the @pulumi/pulumi dynamic-provider host forwards only changes and replaces, so the engine's step (and `preview --json` diffReasons) names no property",
    },
  },
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
    name: "DnsZone replace on serviceName: the old zone's records deleted",
    key: "zone",
    step: "replace",
    op: "replace",
    diffs: ["records", "serviceName"],
    replaces: ["serviceName"],
    live: { [ZONE]: [], [ZONE2]: [`${ZONE2} A 192.0.2.30`, `${ZONE2} MX mx.${ZONE2}`] },
  },
  {
    name: "DnsRecord bad input",
    key: "rec-b",
    step: "bad input",
    args: () => ({ serviceName: DNS, name: "lc-b2", type: "A", value: "192.0.2.300" }),
    error: 'value: "192.0.2.300" is not an IPv4 address for an A record',
  },
  {
    name: "DnsZone bad input",
    key: "zone",
    step: "bad input",
    args: () => ({ serviceName: ZONE2, records: [{ name: "@", type: "A", value: "not-an-ip" }] }),
    error: 'records[0].value: "not-an-ip" is not an IPv4 address for an A record',
  },
  {
    name: "DnsRecord drift + refresh: inputsFromRead records the live value as the input",
    key: "rec-b",
    step: "drift",
    outside: async (w) => {
      await w.client.call("service/dnsupdate", { serviceName: DNS, entityID: entity(w, "rec-b"), value: "192.0.2.99" } as never);
    },
    refreshed: { changed: ["value"], outputs: { value: "192.0.2.99" } },
    inputs: { value: "192.0.2.99" },
    op: "update",
    diffs: ["value"],
    repaired: { value: "192.0.2.21" },
  },
  {
    name: "DnsRecord ignoreChanges ttl + drift: the live ttl kept (inputsFromRead), nothing planned",
    key: "rec-c",
    step: "drift",
    aspect: "ignoreChanges",
    outside: async (w) => {
      await w.client.call("service/dnsupdate", { serviceName: DNS, entityID: entity(w, "rec-c"), value: "192.0.2.40", ttl: 1200 } as never);
    },
    refreshed: { changed: ["ttl"], outputs: { ttl: 1200 } },
    inputs: { ttl: 1200 },
    op: "same",
    repaired: { ttl: "1200" },
  },
  {
    name: "DnsZone drift + refresh",
    key: "zone",
    step: "drift",
    outside: async (w) => {
      const a = (await list(w, "service/dnslist", ZONE2, "dns")).find((r) => r.name === ZONE2 && r.type === "A");
      await w.client.call("service/dnsupdate", { serviceName: ZONE2, entityID: a?.entityID, value: "192.0.2.31" } as never);
    },
    refreshed: { changed: ["records"] },
    op: "update",
    diffs: ["records"],
    repaired: { [ZONE2]: [`${ZONE2} A 192.0.2.30`, `${ZONE2} MX mx.${ZONE2}`] },
  },
  { name: "DnsRecord import", key: "rec-a", step: "import", op: "same" },
  { name: "DnsRecord import (replaced one)", key: "rec-b", step: "import", op: "same" },
  { name: "DnsRecord import (changes ignored)", key: "rec-c", step: "import", op: "same" },
  { name: "DnsZone import", key: "zone", step: "import", op: "same" },
  { name: "DnsRecord destroy", key: "rec-a", step: "destroy", op: "delete", live: "absent" },
  { name: "DnsRecord destroy (replaced one)", key: "rec-b", step: "destroy", op: "delete", live: "absent" },
  { name: "DnsRecord destroy (changes ignored)", key: "rec-c", step: "destroy", op: "delete", live: "absent" },
  { name: "DnsZone destroy", key: "zone", step: "destroy", op: "delete", live: "absent" },
];
