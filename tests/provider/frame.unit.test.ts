/** The provider frame and shared helpers, without the engine (fake API caller, no network). */
import { expect } from "chai";
import { resetStackConfig, resolveConfig, setStackConfig } from "../../provider/core/config";
import { fakeCaller, setCallerFactoryForTests } from "../../provider/core/client";
import { onceWithLookup } from "../../provider/core/errors";
import { UNKNOWN } from "../../provider/core/frame";
import { ListCache } from "../../provider/core/list-cache";
import { setLogSinkForTests } from "../../provider/core/log";
import { clean, sameValue } from "../../provider/core/plain-data";
import { domainForms, normaliseTags } from "../../sdk/rules";
import { parseDuration, waitUntil } from "../../provider/core/wait";
import * as contactCrud from "../../provider/resources/contact/crud";
import * as domainCrud from "../../provider/resources/domain/crud";
import * as hostingCrud from "../../provider/resources/hosting-service/crud";

const OWNER = {
  contactType: "individual",
  firstName: "Ana",
  lastName: "García",
  identNumber: "12345678Z",
  email: "ana@example.com",
  phone: "+34.931234567",
  address: "Calle 1",
  postalCode: "08001",
  city: "Barcelona",
  state: "Barcelona",
  country: "ES",
};

describe("provider config", () => {
  afterEach(() => resetStackConfig());
  it("prefers stack config over the environment and names what is missing", () => {
    expect(() => resolveConfig({})).to.throw("dondominio:apiUser is not set: run `pulumi config set dondominio:apiUser <value>` or set DONDOMINIO_API_USER");
    setStackConfig((k) => ({ "dondominio:apiUser": "stack-user", "dondominio:timeoutMs": "5000" })[k]);
    const c = resolveConfig({ DONDOMINIO_API_USER: "env-user", DONDOMINIO_API_PASSWD: "pw" });
    expect(c).to.include({ apiUser: "stack-user", apiPasswd: "pw", timeoutMs: 5000 });
    setStackConfig((k) => (k === "dondominio:maxConcurrency" ? "zero" : undefined));
    expect(() => resolveConfig({ DONDOMINIO_API_USER: "u", DONDOMINIO_API_PASSWD: "p" })).to.throw(
      'dondominio:maxConcurrency must be a positive integer, got "zero"',
    );
  });
  it("never puts the password in its error messages", () => {
    setStackConfig((k) => (k === "dondominio:timeoutMs" ? "-1" : undefined));
    let thrown: unknown;
    try {
      resolveConfig({ DONDOMINIO_API_USER: "u", DONDOMINIO_API_PASSWD: "very-secret" });
    } catch (e) {
      thrown = e;
    }
    // Outside the catch: a missing throw fails here instead of being swallowed.
    expect(thrown, "resolveConfig should refuse timeoutMs -1").to.be.instanceOf(Error);
    expect(String(thrown)).to.include("dondominio:timeoutMs");
    expect(String(thrown)).to.not.include("very-secret");
  });
});

describe("normalisation", () => {
  it("gives both forms of IDN names and refuses non-names", () => {
    expect(domainForms("España.ES.")).to.deep.equal({ unicode: "españa.es", ascii: "xn--espaa-rta.es" });
    expect(domainForms("xn--espaa-rta.es").unicode).to.equal("españa.es");
    expect(() => domainForms("localhost")).to.throw("is not a domain name");
  });
  it("sorts and dedupes tags, strips undefined deeply, compares ignoring key order", () => {
    expect(normaliseTags(" web, prod,,web ")).to.deep.equal(["prod", "web"]);
    expect(clean({ a: undefined, b: [1, undefined], c: { d: undefined, e: 1 } })).to.deep.equal({ b: [1], c: { e: 1 } });
    expect(sameValue({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1, c: undefined })).to.equal(true);
    expect(sameValue(["a", "b"], ["b", "a"])).to.equal(false);
  });
});

describe("list cache", () => {
  it("shares one in-flight load per scope and operation, and forgets a scope on invalidate", async () => {
    const cache = new ListCache();
    let calls = 0;
    const load = async () => ++calls;
    const [a, b] = await Promise.all([cache.get("service/dnslist", "zone:a", load), cache.get("service/dnslist", "zone:a", load)]);
    expect([a, b, calls]).to.deep.equal([1, 1, 1]);
    await cache.get("service/dnslist", "zone:b", load);
    cache.invalidate("zone:a");
    expect(await cache.get("service/dnslist", "zone:a", load)).to.equal(3);
    expect(await cache.get("service/dnslist", "zone:b", load)).to.equal(2);
  });
  it("does not keep failures and expires entries", async () => {
    let now = 0;
    const cache = new ListCache({ ttlMs: 10, now: () => now });
    await cache.get("x", "s", () => Promise.reject(new Error("boom"))).catch(() => undefined);
    expect(await cache.get("x", "s", async () => "ok")).to.equal("ok");
    now = 11;
    expect(await cache.get("x", "s", async () => "fresh")).to.equal("fresh");
  });
});

describe("waiting", () => {
  it("backs off, reports status changes, and stops at the deadline without throwing", async () => {
    let t = 0;
    const lines: string[] = [];
    const statuses = ["register-init", "register-pending", "register-pending", "active"];
    const r = await waitUntil({
      what: "Domain x.com",
      poll: async () => statuses.shift() ?? "active",
      done: (s) => s === "active",
      describe: (s) => s,
      timeoutMs: 60_000,
      initialDelayMs: 1000,
      sleep: async (ms) => {
        t += ms;
      },
      now: () => t,
      log: (m) => lines.push(m),
    });
    expect(r.outcome).to.equal("done");
    expect(t).to.equal(1000 + 1500 + 2250);
    expect(lines.filter((l) => l.includes("register-pending"))).to.have.length(1);
    t = 0;
    const slow = await waitUntil({
      what: "x",
      poll: async () => "pending",
      done: () => false,
      describe: (s) => s,
      timeoutMs: 5000,
      sleep: async (ms) => {
        t += ms;
      },
      now: () => t,
      log: () => {},
    });
    expect(slow.outcome).to.equal("timeout");
    expect(slow.elapsedMs).to.equal(5000);
  });
  it("parses customTimeouts durations", () => {
    expect(parseDuration("1h30m")).to.equal(5_400_000);
    expect(parseDuration("90s")).to.equal(90_000);
    expect(parseDuration("soon")).to.equal(undefined);
  });
});

describe("ambiguous money calls", () => {
  const ambiguous = Object.assign(new Error("timeout after sending"), { kind: "ambiguous" });
  it("looks the object up before resending, and does not resend when it exists", async () => {
    let sends = 0;
    const r = await onceWithLookup(
      async () => {
        sends++;
        throw ambiguous;
      },
      async () => "found",
    );
    expect([r, sends]).to.deep.equal(["found", 1]);
  });
  it("resends once when the lookup finds nothing", async () => {
    let sends = 0;
    const r = await onceWithLookup(
      async () => {
        if (++sends === 1) throw ambiguous;
        return "created";
      },
      async () => undefined,
    );
    expect([r, sends]).to.deep.equal(["created", 2]);
  });
});

describe("check (no API call)", () => {
  let calls = 0;
  before(() => setCallerFactoryForTests(() => fakeCaller(async () => void calls++)));
  after(() => setCallerFactoryForTests(undefined));
  afterEach(() => expect(calls).to.equal(0));

  it("Contact: names the field and the rule", async () => {
    const r = await contactCrud.check({}, { ...OWNER, phone: "931234567", orgName: "X" });
    expect(r.failures!.map((f) => f.reason)).to.deep.equal([
      "phone: must be +CC.NUMBER, for example +34.931234567",
      "orgName: only allowed when contactType is organization",
    ]);
    // No property: the engine would print the input's value next to it, secrets included.
    expect(r.failures!.map((f) => f.property)).to.deep.equal(["", ""]);
    const adopt = await contactCrud.check({}, { contactId: "abc-1", firstName: "Ana" });
    expect(adopt.failures![0].reason).to.equal("firstName: leave out the contact data when contactId adopts an existing contact");
  });
  it("Domain: normalises names, nameservers and tags; checks TLD parameters and the owner", async () => {
    const r = await domainCrud.check(
      {},
      { name: "ESPAÑA.es.", nameservers: "NS1.Example.NET., ns2.example.net", tags: ["b", "a", "a"], contacts: { owner: "gar-1" } },
    );
    expect(r.failures).to.equal(undefined);
    expect(r.inputs).to.deep.include({
      name: "españa.es",
      nameservers: ["ns1.example.net", "ns2.example.net"],
      tags: ["a", "b"],
      registration: "register",
      onDestroy: "forget",
    });
    expect(r.inputs.contacts).to.deep.equal({ owner: "GAR-1" });
    const ns = await domainCrud.check({}, { name: "x.barcelona", nameservers: ["ns1.example.net"] });
    expect(ns.failures!.map((f) => f.reason)).to.deep.equal(['nameservers: 1 given, the API needs 2 to 7 (or ["default"] for the service\'s own)']);
    // Cross-field rules run once every field is valid (zod's order).
    const bad = await domainCrud.check({}, { name: "x.barcelona" });
    expect(bad.failures!.map((f) => f.reason)).to.have.members([
      "contacts.owner: required to register a domain (a contact id or the contact data)",
      "tldParams.domainIntendedUse: required for .barcelona domains",
    ]);
  });
  it("Domain: leaves values unknown at preview alone", async () => {
    const r = await domainCrud.check({}, { name: "shop-example.com", contacts: { owner: UNKNOWN } });
    expect(r.failures).to.equal(undefined);
    expect(r.inputs.contacts.owner).to.equal(UNKNOWN);
  });
  it("HostingService: refuses a downgrade between old and new inputs", async () => {
    const r = await hostingCrud.check({ name: "a.com", productKey: "professional" }, { name: "a.com", productKey: "basic" });
    expect(r.failures![0].reason).to.match(/^productKey: professional -> basic is a downgrade/);
    expect((await hostingCrud.check({ name: "a.com", productKey: "basic" }, { name: "a.com", productKey: "advanced" })).failures).to.equal(undefined);
  });
  it("takes a null input (a secret Output that resolved to undefined) as left out", async () => {
    const r = await hostingCrud.check({}, { name: "a.com", productKey: "basic", phpVersion: null });
    expect(r.failures).to.equal(undefined);
    expect(r.inputs).to.not.have.property("phpVersion");
    const d = await hostingCrud.diff(
      "a.com",
      { name: "a.com", productKey: "basic", status: "active" },
      { name: "a.com", productKey: "basic", phpVersion: null },
    );
    expect(d.changes).to.equal(false);
  });
  it("carries the hidden __timeouts input through check", async () => {
    const r = await hostingCrud.check({}, { name: "a.com", productKey: "basic", __timeouts: { create: 1000 } });
    expect(r.inputs.__timeouts).to.deep.equal({ create: 1000 });
  });
});

describe("diff", () => {
  const state = {
    name: "example.com",
    registration: "register",
    period: 1,
    onDestroy: "forget",
    status: "active",
    nameservers: ["ns1.example.net", "ns2.example.net"],
    contacts: { owner: "GAR-1", admin: "GAR-1", tech: "GAR-1", billing: "GAR-1" },
    whoisPrivacy: false,
    renewalMode: "autorenew",
  };
  it("ignores unmanaged settings and create-only inputs; compares contacts per role", async () => {
    const same = await domainCrud.diff("example.com", state, {
      name: "example.com",
      registration: "register",
      period: 3,
      onDestroy: "forget",
      contacts: { owner: "GAR-1" },
      __timeouts: { create: 5 },
    });
    expect(same).to.deep.equal({ changes: false, replaces: [] });
    const owner = await domainCrud.diff("example.com", state, { name: "example.com", onDestroy: "forget", contacts: { owner: "GAR-2" } });
    expect(owner).to.deep.equal({ changes: true, replaces: [] });
  });
  it("replaces on a new name; unknown values count as changes", async () => {
    expect(await domainCrud.diff("example.com", state, { name: "example.org", onDestroy: "forget" })).to.deep.equal({ changes: true, replaces: ["name"] });
    expect((await domainCrud.diff("example.com", state, { name: "example.com", onDestroy: "forget", whoisPrivacy: UNKNOWN })).changes).to.equal(true);
  });
  it("Contact: every data field replaces", async () => {
    const r = await contactCrud.diff(
      "GAR-1",
      { ...OWNER, contactId: "GAR-1", verificationStatus: "verified", daAccepted: false },
      { ...OWNER, city: "Girona" },
    );
    expect(r).to.deep.equal({ changes: true, replaces: ["city"] });
  });
});

describe("destroy", () => {
  it("forgets a Contact with a warning, calling nothing", async () => {
    const lines: string[] = [];
    setLogSinkForTests((level, m) => lines.push(`${level}: ${m}`));
    setCallerFactoryForTests(() => ({ call: async () => expect.fail("no API call expected") }));
    try {
      await contactCrud.delete("GAR-1", { ...OWNER, contactId: "GAR-1" });
    } finally {
      setLogSinkForTests(undefined);
      setCallerFactoryForTests(undefined);
    }
    expect(lines[0]).to.match(/^warning: Contact GAR-1 \(Ana García\): the API has no contact delete/);
  });
});
