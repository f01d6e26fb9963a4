/**
 * Every descriptor's `discover` -> `adopt` -> its definition's check -> its definition's diff, with
 * no engine, against a real emulator seeded with objects of every resource the export discovers
 * (descriptors-seed.ts: domains active, pending, expired and IDN, glue and DNSSEC, records of every
 * type, mailboxes, aliases, redirects, FTP accounts, databases, subdomains, a certificate). For
 * every object: the adopting arguments pass the same check the provider runs (schema, the API's
 * facts, the spend rule with dondominio:maxSpend 0: adopting spends nothing), and the diff of the
 * checked inputs against the discovered state is empty: `pulumi up` of an exported program adopts
 * each object as it is. The grouped form (DnsZone, --zones) declares every record DnsRecord does but
 * the apex NS records, and its check reads them back unchanged.
 */
import { expect } from "chai";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { getApi } from "../../provider/core/client";
import { resetStackConfig, resolveConfig, setStackConfig } from "../../provider/core/config";
import { type Adoption, memberState } from "../../provider/core/adoption";
import { describeResource, type ResourceDescriptor } from "../../provider/core/descriptor";
import { checkInputs, diffVerdict } from "../../provider/core/frame";
import { type AccountSnapshot, readAccount } from "../../provider/export";
import { RESOURCES } from "../../provider/registry";
import { isApexNs, recordKey } from "../../provider/resources/dns-zone/mapping";
import { closeTransports } from "../../sdk";
import { asciiOrSelf, isDnsType, type ListedRecord, normalizeZone } from "../../sdk/rules";
import { SEED_DELAYS, SEED_PASSWORD, SEED_ZONES, seedEveryResource } from "./descriptors-seed";

type Data = Record<string, any>;

/** The resources with no `discover`, and why the export declares none of them on its own. */
const NOT_DISCOVERED: Record<string, string> = {
  DnsZone: "the --zones form of a service's DnsRecords (adoptAll): checked below from DnsRecord's discovered states",
  SslCertificateValidation: "a validation is a step of an order in progress, not an object of the account to adopt",
  AcmeCertificate: "issued by an ACME CA through the account's DNS, not an object the DonDominio API lists",
};

/**
 * Values whose spelling the state records differently from the listing discover keeps (and the
 * export writes, so that a program reads as the API lists): the same value either way. A
 * Subdomain's name under an IDN service is listed in Unicode; its state records ASCII.
 */
const STATE_SPELLING: Record<string, Record<string, (listed: any) => unknown>> = { Subdomain: { name: asciiOrSelf } };

/**
 * The state the provider records for the adopted object, as far as discovery tells: the discovered
 * values (in the state's spelling) over the checked inputs; what the API does not tell (onDestroy,
 * waitFor, adopt) is the program's.
 */
function recorded(type: string, state: Data, inputs: Data): Data {
  const out: Data = { ...inputs, ...state };
  for (const [k, spell] of Object.entries(STATE_SPELLING[type] ?? {})) if (out[k] !== undefined) out[k] = spell(state[k]);
  return out;
}

/** Every discovered state of a resource: the account's, or the items inside each holder as memberState makes them. */
function statesOf(d: ResourceDescriptor, snapshot: AccountSnapshot): Data[] {
  const discover = d.discover;
  if (!discover) return [];
  const account = snapshot as unknown as Record<string, Data[]>;
  if (discover.scope === "account") return account[discover.key];
  const holder = RESOURCES.find((h) => h.discover?.scope === "account" && h.discover.members === discover.scope);
  if (holder?.discover?.scope !== "account") throw new Error(`${d.type}: no resource holds the ${discover.scope} scope`);
  const scope = discover.scope;
  return account[holder.discover.key].flatMap((h) => ((h[discover.key] ?? []) as object[]).map((x) => memberState(scope, h as { name: string }, x)));
}

describe("provider: every descriptor's discover -> adopt -> check -> diff (no engine, seeded emulator)", function () {
  this.timeout(120_000);
  let emu: RunningEmulator;
  let snapshot: AccountSnapshot;
  const adoptions = new Map<string, { state: Data; adoption: Adoption }[]>();

  before(async () => {
    emu = await startEmulator({ delays: SEED_DELAYS });
    await seedEveryResource(emu);
    const config: Record<string, string> = {
      "dondominio:apiUser": emu.apiUser,
      "dondominio:apiPasswd": emu.apiPasswd,
      "dondominio:baseUrl": emu.url,
      "dondominio:caCertFile": emu.caFile,
      "dondominio:maxOpsPerMinute": "20000",
      // Adopting spends nothing: a plan that would is refused at check.
      "dondominio:maxSpend": "0",
    };
    // check (the API's facts, the spend rule) reads the provider's configuration, as in a stack.
    setStackConfig((k) => config[k]);
    snapshot = await readAccount(getApi(resolveConfig({})));
    for (const d of RESOURCES)
      if (d.adopt)
        adoptions.set(
          d.type,
          statesOf(d, snapshot).map((state) => ({ state, adoption: d.adopt!(state) })),
        );
  });
  after(async () => {
    resetStackConfig();
    await emu?.close();
    await closeTransports();
  });

  it("discovers every resource that has discover, each with adopt, in the states the export must handle", () => {
    const discovered = RESOURCES.filter((d) => d.discover);
    expect(
      RESOURCES.filter((d) => !d.discover)
        .map((d) => d.type)
        .sort(),
    ).to.deep.equal(Object.keys(NOT_DISCOVERED).sort());
    for (const d of discovered) {
      expect(d.adopt, `${d.type}: adopt`).to.be.a("function");
      expect(adoptions.get(d.type), `${d.type}: seeded`).to.have.length.greaterThan(0);
    }
    const domains = snapshot.domains;
    expect(domains.map((x) => x.status)).to.include.members(["active", "register-init"]);
    expect(domains.some((x) => x.status.startsWith("expired"))).to.equal(true);
    expect(
      domains.some((x) => x.name !== x.ascii),
      "an IDN domain",
    ).to.equal(true);
    expect(snapshot.services.map((s) => s.name)).to.deep.equal([...SEED_ZONES].sort());
    const types = new Set<string>(snapshot.services.flatMap((s) => (s.dns as ListedRecord[]).map((r) => r.type)));
    for (const t of ["A", "AAAA", "CNAME", "MX", "SRV", "TXT", "NS", "CAA"]) expect(types.has(t), t).to.equal(true);
    expect(snapshot.certificates).to.have.length(1);
    // The passwords the API lists (FTP, databases) are dropped by discover.
    expect(JSON.stringify(snapshot)).to.not.include(SEED_PASSWORD);
  });

  for (const d of RESOURCES.filter((x) => x.discover))
    it(`${d.type}: the adopting arguments pass check, and diff against the discovered state is empty`, async () => {
      const items = adoptions.get(d.type) ?? [];
      const secretInputs = new Set(
        describeResource(d)
          .inputs.filter((p) => p.secret)
          .map((p) => p.name),
      );
      let declared = 0;
      for (const { state, adoption } of items) {
        const label = `${d.type} ${adoption.name.identity}`;
        if (!adoption.args) {
          // Left out: said why, in the summary.
          expect(adoption.skipped, label).to.have.length.greaterThan(0);
          continue;
        }
        declared++;
        // Secrets come from config, never from the account; unset (here), the live value is kept.
        for (const [input, what] of Object.entries(adoption.secrets ?? {})) {
          expect(secretInputs.has(input), `${label}: ${input} is a secret input`).to.equal(true);
          expect(adoption.args[input], `${label}: ${input}`).to.equal(undefined);
          expect(what).to.be.a("string").and.not.equal("");
        }
        const { inputs, failures } = await checkInputs(d.definition, undefined, adoption.args);
        expect(failures, `${label}: check`).to.deep.equal([]);
        const olds = recorded(d.type, state, inputs);
        const { changed, replaces } = await diffVerdict(d.definition, olds, inputs);
        expect({ changed, replaces }, `${label}: diff against ${JSON.stringify(state)}`).to.deep.equal({ changed: [], replaces: [] });
        // The inputs it refers to name objects the export discovered (the program may declare them).
        for (const [input, ref] of Object.entries(adoption.refs ?? {})) {
          expect(inputs[input], `${label}: ${input}`).to.be.a("string");
          expect(
            (adoptions.get(ref.type) ?? []).some((x) => x.adoption.name.identity === ref.identity),
            `${label}: ${input} refers to a discovered ${ref.type} ${ref.identity}`,
          ).to.equal(true);
        }
      }
      expect(declared, `${d.type}: declared`).to.be.greaterThan(0);
    });

  it("DnsZone (--zones): each service's records as one zone, its check reading back every declared record as listed", async () => {
    const zone = RESOURCES.find((x) => x.adoptAll);
    expect(zone?.type).to.equal("DnsZone");
    for (const s of snapshot.services) {
      const records = (s.dns as ListedRecord[]).map((r) => memberState("service", s, r) as ListedRecord);
      const adoption = zone!.adoptAll!.adopt(records);
      expect(adoption?.args, s.name).to.not.equal(undefined);
      const { inputs, failures } = await checkInputs(zone!.definition, undefined, adoption!.args!);
      expect(failures, s.name).to.deep.equal([]);
      const declared = inputs.records as ListedRecord[];
      // Every record but the apex NS (the zone's delegation), each as listed.
      const expected = records.filter((r) => isDnsType(r.type) && !isApexNs(normalizeZone(s.name), r));
      expect(declared.map((r) => recordKey(r)).sort(), s.name).to.deep.equal(expected.map((r) => recordKey(r)).sort());
      for (const r of declared) {
        const live = expected.find((x) => recordKey(x) === recordKey(r));
        expect({ ttl: r.ttl, priority: r.priority }, recordKey(r)).to.deep.equal({ ttl: live?.ttl, priority: live?.priority });
      }
      expect(inputs.purge, s.name).to.equal(true);
    }
  });
});
