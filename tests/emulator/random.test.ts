/**
 * One random source for the values the emulator makes up (emulator/core/random.ts): seeded by the
 * `randomSeed` option, two emulators given the same calls answer the same ids and generated values
 * (contact, domain, entity and certificate ids, authcodes, web constructor tokens, certificate
 * serial numbers), again after a reset; unseeded, they differ.
 */
import { expect } from "chai";
import { X509Certificate } from "node:crypto";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { RandomSource } from "../../emulator/core/random";
import { CSR_SUBJECT } from "../fixtures";
import { person, post } from "./server-helpers";

describe("emulator random source", () => {
  it("seeded: the same sequence for the same seed, again after restart(); another seed, another sequence", () => {
    const a = new RandomSource("s1");
    const b = new RandomSource("s1");
    const draw = (r: RandomSource) => [r.bytes(5).toString("hex"), r.int(1000), r.pick("abcdef", 12), r.serial(), r.bytes(40).toString("hex")];
    const first = draw(a);
    expect(draw(b)).to.deep.equal(first);
    a.restart();
    expect(draw(a)).to.deep.equal(first);
    expect(draw(new RandomSource("s2"))).to.not.deep.equal(first);
  });

  it("unseeded: node:crypto, different every time", () => {
    expect(new RandomSource().bytes(16).equals(new RandomSource().bytes(16))).to.equal(false);
  });

  it("int covers [0, max) and nothing else; serials are positive 16-byte numbers", () => {
    const r = new RandomSource("range");
    const seen = new Set<number>();
    for (let i = 0; i < 600; i++) seen.add(r.int(6));
    expect([...seen].sort()).to.deep.equal([0, 1, 2, 3, 4, 5]);
    expect(() => r.int(0)).to.throw(RangeError);
    for (let i = 0; i < 20; i++) expect(Number.parseInt(r.serial()[0], 16)).to.be.within(1, 7);
  });

  describe("two emulators, the same seed and the same calls", function () {
    this.timeout(60_000);
    const started: RunningEmulator[] = [];
    after(async () => {
      for (const e of started) await e.close();
    });
    const start = async (randomSeed?: string) => {
      const emu = await startEmulator({ randomSeed, dyndnsPort: false, delays: { sslValidationSec: 1 } });
      started.push(emu);
      return emu;
    };

    /** Every id and generated value a short session sees. */
    async function session(emu: RunningEmulator): Promise<Record<string, unknown>> {
      const ok = async (path: string, params: Record<string, string>) => {
        const r = await post(emu, path, params);
        expect(r.json?.success, `${path}: ${r.text}`).to.equal(true);
        return r.json.responseData;
      };
      const contactID = (await ok("/contact/create/", person)).contactID;
      const domainID = (await ok("/domain/create/", { domain: "seeded-example.com", ownerContactID: contactID, adminContactID: contactID })).domains[0]
        .domainID;
      await emu.control.advanceClock(10);
      const authcode = (await ok("/domain/getauthcode/", { domainID: String(domainID) })).authcode;
      await ok("/service/create/", { serviceName: "seeded-example.com", productkey: "basic" });
      const ftp = (await ok("/service/ftpcreate/", { serviceName: "seeded-example.com", name: "web", ftpPath: "/", password: "Secret-pass-12" })).ftp[0]
        .entityID;
      const dns = (await ok("/service/dnscreate/", { serviceName: "seeded-example.com", name: "x", type: "A", value: "192.0.2.7" })).dns[0].entityID;
      const login = (await ok("/service/webconstructorlogin/", { serviceName: "seeded-example.com", subdomain: "www", loginlang: "es" })).webconstructor
        .loginURL;
      const { csrData } = await ok("/ssl/csrcreate/", {
        commonName: "seeded-example.com",
        ...CSR_SUBJECT,
      });
      const certificateID = (await ok("/ssl/create/", { csrData, productID: "107", validationMethod: "http", adminContactID: contactID })).ssl.certificateID;
      await emu.control.advanceClock(5);
      const cert = (await ok("/ssl/getinfo/", { certificateID: String(certificateID), infoType: "ssldata" })).sslCert;
      return { contactID, domainID, authcode, ftp, dns, login, certificateID, serial: new X509Certificate(cert).serialNumber };
    }

    it("answer the same ids and generated values, and again after a reset", async () => {
      const [a, b] = [await start("repeatable"), await start("repeatable")];
      const first = await session(a);
      expect(first.authcode).to.be.a("string").with.length(16);
      expect(await session(b)).to.deep.equal(first);
      await a.control.reset();
      expect(await session(a)).to.deep.equal(first);
    });

    it("unseeded, generated values differ (ids are counters: those are the same)", async () => {
      const [a, b] = [await start(), await start()];
      const [x, y] = [await session(a), await session(b)];
      expect(x.contactID).to.equal(y.contactID);
      expect(x.authcode).to.not.equal(y.authcode);
      expect(x.login).to.not.equal(y.login);
      expect(x.serial).to.not.equal(y.serial);
    });
  });
});
