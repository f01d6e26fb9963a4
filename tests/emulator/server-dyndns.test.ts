import { expect } from "chai";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { Clock } from "../../emulator/core/clock";
import { newWorld } from "../../emulator/core/state";
import { newServiceRecord } from "../../emulator/modules/service/model";
import { decodeXml } from "../../sdk/core/xml";
import { agentOf, post, rawRequest } from "./server-helpers";

describe("dynamic DNS endpoint", () => {
  let emu: RunningEmulator;
  const get = (path: string, base = emu.dyndnsUrl) => rawRequest(`${base}${path}`, emu.caCert, "GET");
  const q = (extra: Record<string, string> = {}) =>
    new URLSearchParams({ user: emu.apiUser, password: emu.dyndnsKey, host: "home.example.com", ...extra }).toString();

  before(async () => {
    emu = await startEmulator();
  });
  /** The demo account with example.com hosting home.example.com A 192.0.2.10. */
  const seedHome = async () => {
    const svc = newServiceRecord(newWorld(), "example.com", "basic", 1, new Clock(), "8.2");
    svc.status = "active";
    svc.dns.push({ entityID: `SRV${svc.id}-1`, name: "home.example.com", type: "A", value: "192.0.2.10" });
    await emu.control.seed({
      accounts: [{ apiuser: emu.apiUser, apipasswd: emu.apiPasswd, dyndnsKey: emu.dyndnsKey, balance: 5000, services: { "example.com": svc } }],
    });
  };
  beforeEach(async () => {
    await emu.control.reset();
    await seedHome();
  });
  after(async () => {
    await agentOf(emu).close();
    await emu.close();
  });

  it("listens at the root of its own port (ddclient) and under /dyndns/ on the API port", async () => {
    expect(emu.dyndnsUrl).to.match(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(emu.dyndnsUrl).to.not.equal(emu.url);
    const root = await get(`/plain/?${q({ ip: "198.51.100.7" })}`);
    expect(root.text).to.equal("OK\nIP:198.51.100.7\n");
    const prefixed = await get(`/dyndns/plain/?${q({ ip: "198.51.100.8" })}`, emu.url);
    expect(prefixed.text).to.equal("OK\nIP:198.51.100.8\n");
  });

  describe("plain", () => {
    it("answers OK without the IP line when the address did not change; HTTP 200 with Content-Length", async () => {
      await get(`/plain/?${q({ ip: "198.51.100.7" })}`);
      const r = await get(`/plain/?${q({ ip: "198.51.100.7" })}`);
      expect(r.status).to.equal(200);
      expect(r.text).to.equal("OK\n");
      expect(r.headers["content-length"]).to.equal(String(r.text.length));
      expect(r.headers["transfer-encoding"]).to.equal(undefined);
    });

    it("answers ERROR with message lines for a wrong key, still HTTP 200 and never chunked", async () => {
      const r = await get(`/plain/?${q({ password: "wrong-key" })}`);
      expect(r.status).to.equal(200);
      expect(r.text.split("\n")[0]).to.equal("ERROR");
      expect(r.text.split("\n")[1]).to.not.equal("");
      expect(r.text).to.not.include("wrong-key");
      expect(r.headers["content-length"]).to.equal(String(Buffer.byteLength(r.text)));
      expect(r.headers["transfer-encoding"]).to.equal(undefined);
    });

    it("accepts a urlencoded POST with ip empty (= the caller's address) and apikey as the key name", async () => {
      const body = new URLSearchParams({ user: emu.apiUser, apikey: emu.dyndnsKey, host: "home.example.com", ip: "" }).toString();
      const r = await rawRequest(`${emu.dyndnsUrl}/plain/`, emu.caCert, "POST", body, { "content-type": "application/x-www-form-urlencoded" });
      expect(r.text).to.equal("OK\nIP:127.0.0.1\n");
      const state = await emu.control.getState(emu.apiUser);
      expect(state.services["example.com"].dns[0].value).to.equal("127.0.0.1");
    });
  });

  describe("json", () => {
    it("answers success, version 2.0, ts with offset, user, messages, host", async () => {
      const r = await get(`/json/?${q({ ip: "203.0.113.5", lang: "en" })}`);
      expect(r.headers["content-type"]).to.match(/json/);
      const j = JSON.parse(r.text);
      expect(j).to.include({ success: true, version: "2.0", user: emu.apiUser });
      expect(j.ts).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
      expect(j.host).to.deep.equal({ name: "home.example.com", value: "203.0.113.5", type: "A", updated: true });
      expect(j.messages).to.be.an("array").that.is.not.empty;
    });

    it("omits user when the user name is unknown", async () => {
      const j = JSON.parse((await get(`/json/?${q({ user: "nobody" })}`)).text);
      expect(j.success).to.equal(false);
      expect(j).to.not.have.property("user");
      expect(j.messages).to.have.length.greaterThan(0);
    });
  });

  describe("xml", () => {
    it("renders data@success/version/oper, resData, host and informs", async () => {
      const r = await get(`/xml/?${q({ ip: "203.0.113.9" })}`);
      expect(r.text).to.match(/^<\?xml[^>]*\?><data success="true" version="2.0" oper="update">/);
      expect(r.text).to.match(/<resData><user t="[^"]+">demo<\/user><request success="true"\/><\/resData>/);
      expect(r.text).to.include('<host type="A"><name>home.example.com</name><value>203.0.113.9</value></host>');
      expect(r.text).to.match(/<informs><inform>[^<]+<\/inform><\/informs>/);
    });

    it("renders errors on failure", async () => {
      const r = await get(`/xml/?${q({ host: "missing.example.com" })}`);
      expect(r.status).to.equal(200);
      expect(r.text).to.include('success="false"');
      expect(r.text).to.match(/<errors><error>[^<]+<\/error><\/errors>/);
      expect(r.text).to.not.include("<informs>");
      expect(() => decodeXml(r.text)).to.not.throw();
    });
  });

  it("answers 404 on other paths of the dynamic DNS listener", async () => {
    expect((await get("/nothing/")).status).to.equal(404);
  });

  describe("addresses with an IPv6 zone id", () => {
    const records = async () => (await emu.control.getState(emu.apiUser)).services["example.com"].dns as Array<{ type: string; value: string }>;
    beforeEach(async () => {
      const svc = newServiceRecord(newWorld(), "example.com", "basic", 1, new Clock(), "8.2");
      svc.status = "active";
      svc.dns.push({ entityID: `SRV${svc.id}-1`, name: "home.example.com", type: "A", value: "192.0.2.10" });
      svc.dns.push({ entityID: `SRV${svc.id}-2`, name: "home.example.com", type: "AAAA", value: "2001:db8::10" });
      await emu.control.seed({
        accounts: [{ apiuser: emu.apiUser, apipasswd: emu.apiPasswd, dyndnsKey: emu.dyndnsKey, balance: 5000, services: { "example.com": svc } }],
      });
    });

    it("refuses fe80::1%eth0 and leaves the AAAA record alone (IPv6 without a zone id still updates it)", async () => {
      for (const ip of ["fe80::1%eth0", "fe80::1%25eth0", "2001:db8::1%1", "192.0.2.1%eth0"]) {
        const j = JSON.parse((await get(`/json/?${q({ ip, lang: "en" })}`)).text);
        expect(j.success, ip).to.equal(false);
        expect(j.messages.join(" ")).to.match(/IP address is not valid/);
      }
      expect((await records()).map((r) => r.value)).to.deep.equal(["192.0.2.10", "2001:db8::10"]);
      const ok = JSON.parse((await get(`/json/?${q({ ip: "2001:db8::99" })}`)).text);
      expect(ok.host).to.deep.equal({ name: "home.example.com", value: "2001:db8::99", type: "AAAA", updated: true });
    });
  });

  describe("user names that are Object.prototype members", () => {
    for (const user of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"]) {
      it(`treats user=${user} as an unknown user (no user member, "incorrect data")`, async () => {
        const unknown = JSON.parse((await get(`/json/?${q({ user: "nobody", lang: "en" })}`)).text);
        const r = await get(`/json/?${q({ user, lang: "en" })}`);
        expect(r.status).to.equal(200);
        const j = JSON.parse(r.text);
        expect(j).to.not.have.property("user");
        expect(j.success).to.equal(false);
        expect(j.messages).to.deep.equal(unknown.messages);
        const plain = await get(`/plain/?${q({ user })}`);
        expect(plain.text.split("\n")[0]).to.equal("ERROR");
      });
    }
  });

  describe("failed authentications count toward the errors-per-minute rule (brute force)", () => {
    const limits = () => emu.server.access.limits;
    let saved: { errorsPerMinute: number; blockSeconds: number };
    beforeEach(() => {
      saved = { errorsPerMinute: limits().errorsPerMinute, blockSeconds: limits().blockSeconds };
      limits().errorsPerMinute = 10;
      limits().blockSeconds = 60;
    });
    afterEach(async () => {
      Object.assign(limits(), saved);
      await emu.control.reset();
    });
    const dnsValue = async () => (await emu.control.getState(emu.apiUser)).services["example.com"].dns[0].value as string;

    it("blocks after 10 wrong keys: the rest of 50 and then even the right key are refused in each format", async () => {
      const answers: Array<{ success: boolean; messages: string[] }> = [];
      for (let i = 0; i < 50; i++) answers.push(JSON.parse((await get(`/json/?${q({ password: `guess-${i}`, lang: "en" })}`)).text));
      expect(answers.every((a) => a.success === false)).to.equal(true);
      const blocked = answers.map((a) => /blocked/i.test(a.messages.join(" ")));
      expect(blocked.slice(0, 10), "the first 10 are plain wrong keys").to.deep.equal(Array(10).fill(false));
      expect(blocked.slice(10), "the other 40 are refused as blocked").to.deep.equal(Array(40).fill(true));

      // The right key while blocked: refused before the key is checked, nothing changes, in every format.
      const right = { ip: "198.51.100.77", lang: "en" };
      const j = JSON.parse((await get(`/json/?${q(right)}`)).text);
      expect(j).to.include({ success: false, version: "2.0" });
      expect(j).to.not.have.property("host");
      expect(j.messages.join(" ")).to.match(/blocked/i);
      const x = await get(`/xml/?${q(right)}`);
      expect(x.status).to.equal(200);
      expect(x.text).to.include('success="false"');
      expect(x.text).to.match(/<errors><error>[^<]*blocked[^<]*<\/error>/i);
      expect(() => decodeXml(x.text, { strict: true })).to.not.throw();
      const p = await get(`/plain/?${q(right)}`);
      expect(p.status).to.equal(200);
      expect(p.text.split("\n")[0]).to.equal("ERROR");
      expect(p.text).to.match(/blocked/i);
      expect(p.headers["content-length"]).to.equal(String(Buffer.byteLength(p.text)));
      expect(await dnsValue()).to.equal("192.0.2.10");

      // The same rule as the API's: the caller's address is blocked there too (1012).
      const api = await post(emu, "/tool/hello/");
      expect(api.json.errorCode).to.equal(1012);

      // A reset clears the usage: the right key works again.
      await emu.control.reset();
      await seedHome();
      expect((await get(`/plain/?${q({ ip: "198.51.100.78" })}`)).text).to.equal("OK\nIP:198.51.100.78\n");
    });

    it("counts unknown users per caller address (guessing user names is blocked too)", async () => {
      for (let i = 0; i < 10; i++) {
        const j = JSON.parse((await get(`/json/?${q({ user: `nobody${i}`, lang: "en" })}`)).text);
        expect(j.messages.join(" ")).to.not.match(/blocked/i);
      }
      const j = JSON.parse((await get(`/json/?${q({ lang: "en" })}`)).text);
      expect(j.success).to.equal(false);
      expect(j.messages.join(" ")).to.match(/blocked/i);
    });

    it("does not count successful updates nor failures after a right key (host not found)", async () => {
      for (let i = 0; i < 15; i++) expect(JSON.parse((await get(`/json/?${q({ ip: `198.51.100.${i + 1}` })}`)).text).success).to.equal(true);
      for (let i = 0; i < 15; i++) {
        const j = JSON.parse((await get(`/json/?${q({ host: "missing.example.com", lang: "en" })}`)).text);
        expect(j.messages.join(" ")).to.not.match(/blocked/i);
      }
      expect(JSON.parse((await get(`/json/?${q({ ip: "198.51.100.99" })}`)).text).success).to.equal(true);
    });
  });

  it("writes well-formed XML even when a stored value it echoes (the account's name) holds a control character", async () => {
    const world = emu.server.store.world;
    world.accounts[emu.apiUser].apiuser = "demo\u0001";
    try {
      const r = await get(`/xml/?${q({ ip: "198.51.100.1" })}`);
      expect(() => decodeXml(r.text, { strict: true })).to.not.throw();
    } finally {
      world.accounts[emu.apiUser].apiuser = emu.apiUser;
    }
  });
});
