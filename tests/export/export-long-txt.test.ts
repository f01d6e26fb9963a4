/**
 * Issue 19 item 14: a long TXT record stored by the API as one unsplit string (a 2048-bit DKIM key,
 * `selector1._domainkey`) or split by another tool at other boundaries (an SPF record over 255
 * bytes) is the same record as the declared text, which the provider sends as 255-byte quoted
 * strings. The rule (sdk/rules txtText, recordValueKey, sameRecordValue), then the round trip:
 * dondominio-export, then the first `up` of the generated project (DnsRecord per record, and
 * --zones) writes nothing and leaves the balance as it was; preview and refresh after it are clean.
 */
import { expect } from "chai";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { planZone } from "../../provider/resources/dns-zone/mapping";
import { findIdentical, stateFromLive } from "../../provider/resources/dns-record/mapping";
import { main } from "../../provider/export";
import { normalizeDesiredRecord, recordDiff, recordFromApi, sameRecordValue, txtStrings, txtText } from "../../sdk/rules";
import { WORK_ROOT } from "../harness/engine";
import { contactCreateParams, expectCleanRefresh, expectEmptyPlan, type Harness, OWNER, startHarness, writeCalls } from "../provider/harness";

const ZONE = "dkim-export.com";
/** A 2048-bit RSA DKIM record's shape: 300+ bytes of base64 after the tags. */
const DKIM = `v=DKIM1; k=rsa; p=${"MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA".repeat(7)}IDAQAB`;
// Over 255 bytes and still a working SPF: 4 lookups (RFC 7208 4.6.4 allows 10; sdk/rules refuses more) and 12 addresses.
const SPF = `v=spf1 ${Array.from({ length: 4 }, (_, i) => `include:_spf${i}.mail-provider-${i}.example.net`).join(" ")} ${Array.from(
  { length: 12 },
  (_, i) => `ip4:198.51.100.${i + 1}/32`,
).join(" ")} ~all`;
/** SPF as another tool split it: quoted strings of 200 bytes (not the provider's 255). */
const SPF_SPLIT_200 = (SPF.match(/.{1,200}/g) ?? []).map((s) => `"${s}"`).join(" ");

describe("TXT text equality: one record whatever its presentation", () => {
  it("the fixtures are over 255 bytes", () => {
    expect(Buffer.byteLength(DKIM)).to.be.greaterThan(300);
    expect(Buffer.byteLength(SPF)).to.be.greaterThan(255);
  });

  it("txtText: unsplit, 255-byte quoted strings, other splits and escapes give the same text", () => {
    expect(txtText(DKIM)).to.equal(DKIM);
    expect(txtStrings(DKIM)).to.match(/^"[^"]+" "[^"]+"$/);
    expect(txtText(txtStrings(DKIM))).to.equal(DKIM);
    expect(txtText(SPF_SPLIT_200)).to.equal(SPF);
    expect(txtText('"a\\"b" "c\\\\d"')).to.equal('a"bc\\d');
    expect(txtText("  plain text  ")).to.equal("plain text");
    expect(sameRecordValue("TXT", DKIM, txtStrings(DKIM))).to.equal(true);
    expect(sameRecordValue("TXT", SPF_SPLIT_200, txtStrings(SPF))).to.equal(true);
    expect(sameRecordValue("TXT", DKIM, `${DKIM}x`)).to.equal(false);
    // Other types compare as stored.
    expect(sameRecordValue("CNAME", '"a"', "a")).to.equal(false);
  });

  const desired = (value: string) => {
    const { record, failures } = normalizeDesiredRecord({ serviceName: ZONE, name: "selector1._domainkey", type: "TXT", value });
    expect(failures).to.deep.equal([]);
    return record!;
  };
  const item = (value: string) => ({ entityID: "S-1", name: `selector1._domainkey.${ZONE}`, type: "TXT", ttl: "-", priority: "-", value });

  it("DnsRecord adopt: the unsplit live record is found, needs no update, and the state keeps the declared spelling", () => {
    const want = desired(DKIM);
    expect(want.value).to.not.equal(DKIM); // split for sending
    const found = findIdentical([item(DKIM)] as never, { ...want, adopt: true } as never);
    expect(found?.entityID).to.equal("S-1");
    const live = recordFromApi(ZONE, item(DKIM));
    expect(recordDiff(live, want)).to.deep.equal([]);
    expect(stateFromLive(live, { ...want }).value).to.equal(want.value);
  });

  it("DnsZone plan: the unsplit live record is the declared one (no create, no update)", () => {
    const want = desired(DKIM);
    const { serviceName: _s, ...rec } = want;
    const p = planZone({ zone: ZONE, desired: [rec], live: [recordFromApi(ZONE, item(DKIM))], ignore: [], purge: true });
    expect({ creates: p.creates.length, modifies: p.modifies.length, deletes: p.deletes.length, same: p.same.length }).to.deep.equal({
      creates: 0,
      modifies: 0,
      deletes: 0,
      same: 1,
    });
  });
});

describe("dondominio-export round trip with long TXT records (DKIM unsplit, SPF split by another tool)", function () {
  this.timeout(900_000);
  let h: Harness;
  before(async () => {
    h = await startHarness();
    const call = (op: string, params: Record<string, unknown>) => h.client.call(op as never, params as never) as Promise<any>;
    await call("contact/create", contactCreateParams(OWNER));
    await call("service/create", { serviceName: ZONE, productkey: "basic", period: 1 });
    // Written as another client (the panel) writes them: the API stores TXT as sent.
    await call("service/dnscreate", { serviceName: ZONE, name: "selector1._domainkey", type: "TXT", value: DKIM });
    await call("service/dnscreate", { serviceName: ZONE, name: "@", type: "TXT", value: SPF_SPLIT_200 });
    const listed = (await call("service/dnslist", { serviceName: ZONE })).dns as { name: string; value: string }[];
    expect(listed.map((r) => r.value)).to.include.members([DKIM, SPF_SPLIT_200]);
    mkdirSync(WORK_ROOT, { recursive: true });
  });
  after(async () => {
    await h?.close();
  });

  const credentials = () => ({
    DONDOMINIO_API_USER: h.emu.apiUser,
    DONDOMINIO_API_PASSWD: h.emu.apiPasswd,
    DONDOMINIO_BASE_URL: h.emu.url,
    DONDOMINIO_CA_CERT_FILE: h.emu.caFile,
    DONDOMINIO_MAX_OPS_PER_MINUTE: "20000",
  });
  const io = () => {
    const err: string[] = [];
    return { io: { stdout: { write: () => true }, stderr: { write: (t: string) => err.push(t) } }, text: () => err.join("") };
  };
  const program = (dir: string) => async () => {
    const file = join(dir, "index.ts");
    delete require.cache[require.resolve(file)];
    const fn = require(file);
    return (typeof fn === "function" ? fn : fn.default)();
  };
  const balance = async () => ((await h.client.call("account/info", {} as never)) as { balance: number }).balance;

  for (const zones of [false, true]) {
    it(`${zones ? "--zones" : "DnsRecord per record"}: the first up writes nothing (0 write calls, balance unchanged), the next plan is empty, refresh is clean`, async () => {
      const dir = mkdtempSync(join(WORK_ROOT, `export-txt-${zones ? "zones" : "records"}-`));
      try {
        const c = io();
        expect(await main(["--out", dir, "--service", ZONE, ...(zones ? ["--zones"] : [])], credentials(), c.io), c.text()).to.equal(0);
        const eng = await h.stack(program(dir));
        const before = await balance();
        await h.emu.control.counters({ reset: true });
        const up = await eng.stack.up();
        const counters = await h.emu.control.counters();
        expect(writeCalls(counters.calls), "the first up writes nothing").to.deep.equal({});
        expect(await balance()).to.equal(before);
        const created = up.summary.resourceChanges?.create ?? 0;
        console.log(`      ${zones ? "--zones" : "records"}: ${created} resources adopted, ${counters.totalCalls} API calls, 0 writes`);
        await expectEmptyPlan(eng);
        await expectCleanRefresh(eng, created);
        await expectEmptyPlan(eng);
        const listed = ((await h.client.call("service/dnslist", { serviceName: ZONE } as never)) as { dns: { value: string }[] }).dns;
        expect(listed.filter((r) => txtText(r.value) === DKIM)).to.have.length(1);
        expect(listed.filter((r) => txtText(r.value) === SPF)).to.have.length(1);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
