/**
 * The emulator agrees with the provider's preview rules of issue 27 where the API, a registry or a
 * CA would refuse: each call below, sent over HTTPS by the sdk client past the catalogue's checks,
 * is answered with the API's error code and the rule (the same sdk/rules function the provider's
 * preview uses), and nothing is stored or charged. Beside each refusal, the valid neighbour passes
 * (no false positive: a glue record first, then its nameserver; an approver at a parent domain).
 */
import { expect } from "chai";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DonDominioClient } from "../../sdk";
import { contactCreateParams, OWNER } from "../provider/harness";
import { csrWithKey } from "./bad-input-cases";

describe("emulator: the refusals of issue 27's preview rules, as the API answers them", function () {
  this.timeout(120_000);
  let emu: RunningEmulator;
  let client: DonDominioClient;
  const call = (op: string, params: Record<string, unknown>) => client.call(op as any, params as any) as Promise<any>;
  /** The API error of a call that must fail: its code and its messages joined. */
  const refusal = (op: string, params: Record<string, unknown>) =>
    call(op, params).then(
      () => {
        throw new Error(`${op} succeeded`);
      },
      (e: { errorCode?: number; messages?: string[]; message: string }) => ({ code: e.errorCode, text: [...(e.messages ?? []), e.message].join(" ") }),
    );
  const balance = async () => (await call("account/info", {})).balance as number;
  let ownerId = "";

  before(async () => {
    emu = await startEmulator();
    client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caFile });
    ownerId = (await call("contact/create", contactCreateParams(OWNER))).contactID;
    await call("domain/create", { domain: "glue-rules-example.com", ownerContactID: ownerId });
    await call("service/create", { serviceName: "rules-example.com", productkey: "professional" });
  });
  after(async () => emu?.close());

  it("contact data: 3002 for a Spanish postal code of no province, a phone of no country code, a wrong NIF letter; nothing stored", async () => {
    const before = (await call("contact/list", {})).contacts.length;
    for (const [change, rule] of [
      [{ PostalCode: "53001" }, /postalCode: "53001" is not a postal code of ES/],
      [{ Phone: "+999.123456789" }, /phone: \+999 is not a country code ITU-T assigned/],
      [{ IdentNumber: "12345678A" }, /identNumber: the NIF's letter is wrong/],
    ] as const) {
      const r = await refusal("contact/create", { ...contactCreateParams(OWNER), ...change });
      expect(r.code).to.equal(3002);
      expect(r.text).to.match(rule);
    }
    expect((await call("contact/list", {})).contacts.length).to.equal(before);
  });

  it("registry policy: 2001 for a letter ESNIC does not take and a label of two scripts; example.com is not available", async () => {
    const es = await refusal("domain/check", { domain: "straße-rules.es" });
    expect([es.code, es.text]).to.satisfy(([c, t]: [number, string]) => c === 2001 && /"ß" .*ESNIC/.test(t));
    const before = await balance();
    const mixed = await refusal("domain/create", { domain: "p\u0430ypal-rules.com", ownerContactID: ownerId });
    expect(mixed.code).to.equal(2001);
    expect(mixed.text).to.match(/mixes scripts \(Latin, Cyrillic\)/);
    expect((await call("domain/check", { domain: "example.com" })).domains[0].available).to.equal(false);
    expect((await call("domain/check", { domain: "españa-rules.es" })).domains[0].available).to.equal(true);
    expect(await balance()).to.equal(before);
  });

  it("glue: a new domain cannot name a nameserver under itself (2009, nothing charged); an existing one needs the glue record first (2200)", async () => {
    const before = await balance();
    const create = await refusal("domain/create", {
      domain: "selfns-rules-example.com",
      ownerContactID: ownerId,
      nameservers: "ns1.selfns-rules-example.com,ns2.example.net",
    });
    expect(create.code).to.equal(2009);
    expect(create.text).to.match(/ns1\.selfns-rules-example\.com is under selfns-rules-example\.com itself/);
    expect(await balance()).to.equal(before);
    const ns = "ns1.glue-rules-example.com,ns2.example.net";
    // The registration ends at once in the emulator's default timing; wait for it to be active.
    for (let i = 0; i < 100 && (await call("domain/getinfo", { domain: "glue-rules-example.com" })).status !== "active"; i++)
      await new Promise((r) => setTimeout(r, 100));
    const update = await refusal("domain/updatenameservers", { domain: "glue-rules-example.com", nameservers: ns });
    expect(update.code).to.equal(2200);
    expect(update.text).to.match(/ns1\.glue-rules-example\.com is under glue-rules-example\.com and has no glue record/);
    await call("domain/gluerecordcreate", { domain: "glue-rules-example.com", name: "ns1.glue-rules-example.com", ipv4: "192.0.2.53" });
    await call("domain/updatenameservers", { domain: "glue-rules-example.com", nameservers: ns });
    expect((await call("domain/getinfo", { domain: "glue-rules-example.com", infoType: "nameservers" })).nameservers.map((n: any) => n.name ?? n)).to.include(
      "ns1.glue-rules-example.com",
    );
  });

  it("loops: an alias to itself and a redirect to its own host are refused (105); their neighbours pass", async () => {
    const alias = await refusal("service/mailaliascreate", { serviceName: "rules-example.com", name: "self", target: "self@rules-example.com" });
    expect([alias.code, alias.text]).to.satisfy(([c, t]: [number, string]) => c === 105 && /among its own targets/.test(t));
    const redirect = await refusal("service/redirectcreate", {
      serviceName: "rules-example.com",
      origin: "blog",
      destination: "https://blog.rules-example.com/",
      type: "301",
    });
    expect([redirect.code, redirect.text]).to.satisfy(([c, t]: [number, string]) => c === 105 && /own origin/.test(t));
    await call("service/mailaliascreate", { serviceName: "rules-example.com", name: "self", target: "other@rules-example.com" });
    await call("service/redirectcreate", { serviceName: "rules-example.com", origin: "blog", destination: "https://www.rules-example.com/blog", type: "301" });
    const aliases = (await call("service/mailaliaslist", { serviceName: "rules-example.com" })).mailalias;
    expect(aliases.map((a: { name: string }) => a.name)).to.deep.equal(["self@rules-example.com"]);
  });

  it("certificates: 5000 for an internal name and an approver outside the name's domain, nothing charged; a parent domain's approver passes (BR 3.2.2.4.4)", async () => {
    const before = await balance();
    const internal = await refusal("ssl/create", { productID: 101, csrData: csrWithKey(2048, "intranet.local"), adminContactID: ownerId });
    expect(internal.code).to.equal(5000);
    expect(internal.text).to.match(/intranet\.local is an internal name/);
    const csr = csrWithKey(2048, "www.shop.rules-example.com");
    const approver = await refusal("ssl/create", { productID: 101, csrData: csr, adminContactID: ownerId, validationMethod: "admin@other-example.com" });
    expect(approver.code).to.equal(5000);
    expect(approver.text).to.match(/must be the name's own or a parent of it \(BR 3\.2\.2\.4\.4/);
    expect(await balance()).to.equal(before);
    await call("ssl/create", { productID: 101, csrData: csr, adminContactID: ownerId, validationMethod: "hostmaster@shop.rules-example.com" });
  });
});
