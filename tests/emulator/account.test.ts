import { expect } from "chai";
import { Clock } from "../../emulator/core/clock";
import type { CertificateAuthority } from "../../emulator/core/context";
import { type DispatchEnv, dispatch } from "../../emulator/core/dispatch";
import { RandomSource } from "../../emulator/core/random";
import { type AccountState, newAccount, newWorld } from "../../emulator/core/state";
import { modules } from "../../emulator/modules";
import { TLDS } from "../../emulator/data/tlds";

const noCa: CertificateAuthority = {
  certPem: "",
  signCsr: () => {
    throw new Error("no CA in account tests");
  },
};

type Zone = {
  tld: string;
  tldtop: string;
  authcodereq: boolean;
  requirements?: string;
  create?: Record<string, unknown>;
  renew?: Record<string, unknown>;
  transfer?: Record<string, unknown>;
};
type Zones = { queryInfo: { page: number; pageLength: number; results: number; total: number }; zones: Zone[] };

describe("account module", () => {
  let env: DispatchEnv;
  let account: AccountState;
  const call = (action: string, params: Record<string, string> = {}) => dispatch(env, account, action, params, "198.51.100.4");
  const ok = async (action: string, params: Record<string, string> = {}) => {
    const r = await call(action, params);
    expect(r.success, `${action}: ${r.messages.join(" ")}`).to.equal(true);
    return r.responseData;
  };

  beforeEach(() => {
    account = newAccount({ apiuser: "alice", apipasswd: "pw-alice-1", clientName: "Alice Reseller SL", balance: 123.45, threshold: 20, currency: "EUR" });
    env = { world: newWorld([account]), clock: new Clock(), ca: noCa, random: new RandomSource(), modules, checkResponses: true };
  });

  describe("account/info", () => {
    it("answers the account's data and the caller's ip, tracking the balance", async () => {
      expect(await ok("account/info")).to.deep.equal({
        clientName: "Alice Reseller SL",
        apiuser: "alice",
        balance: 123.45,
        threshold: 20,
        currency: "EUR",
        ip: "198.51.100.4",
      });
      account.balance = 10;
      expect(await ok("account/info")).to.include({ balance: 10 });
    });
  });

  describe("account/promos", () => {
    it("answers an array with a domain promotion on a TLD and an ssl one on a productID string", async () => {
      const promos = (await ok("account/promos")) as Record<string, unknown>[];
      expect(promos).to.be.an("array");
      const domain = promos.find((p) => p.type === "domain");
      const ssl = promos.find((p) => p.type === "ssl");
      expect(domain?.tld).to.be.a("string");
      expect(ssl?.productID).to.be.a("string");
      for (const p of promos) {
        expect(p.tsIni).to.match(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
        expect(String(p.tsIni) < String(p.tsEnd)).to.equal(true);
      }
    });

    it("keeps promotions current as the clock moves", async () => {
      env.clock.advance(400 * 86400);
      const now = new Date(env.clock.nowMs()).toISOString().replace("T", " ").slice(0, 19);
      for (const p of (await ok("account/promos")) as Record<string, string>[]) {
        expect(p.tsIni <= now && now <= p.tsEnd, `${p.promo} ${p.tsIni}..${p.tsEnd} vs ${now}`).to.equal(true);
      }
    });

    it("prices domain promotions as account/zones marks them inPromo", async () => {
      const promos = (await ok("account/promos")) as Record<string, unknown>[];
      expect(
        promos.filter((x) => x.type === "domain"),
        "domain promotions to price",
      ).to.not.be.empty;
      for (const p of promos.filter((x) => x.type === "domain")) {
        const zone = ((await ok("account/zones", { tld: String(p.tld) })) as Zones).zones[0];
        const priced = zone[p.action as "create"] as Record<string, unknown>;
        expect(priced).to.include({ price: p.price, inPromo: true });
      }
    });
  });

  describe("account/zones", () => {
    it("lists every TLD of the table with years as a comma list and inPromo only when true", async () => {
      const data = (await ok("account/zones")) as Zones;
      expect(data.queryInfo).to.deep.equal({ page: 1, pageLength: 100, results: Math.min(100, TLDS.length), total: TLDS.length });
      const com = data.zones.find((z) => z.tld === "com");
      expect(com).to.include({ tldtop: "com", authcodereq: true });
      expect(com?.create?.years).to.equal(TLDS.find((t) => t.tld === "com")?.create?.years.join(","));
      for (const z of data.zones) {
        for (const action of ["create", "renew", "transfer"] as const) {
          if (z[action] && "inPromo" in (z[action] as object)) expect(z[action]?.inPromo).to.equal(true);
        }
      }
    });

    it("pages across the table without gaps or repeats", async () => {
      const seen: string[] = [];
      const pages = Math.ceil(TLDS.length / 3);
      for (let page = 1; page <= pages + 1; page++) {
        const data = (await ok("account/zones", { pageLength: "3", page: String(page) })) as Zones;
        expect(data.queryInfo).to.include({ page, pageLength: 3, total: TLDS.length });
        expect(data.queryInfo.results).to.equal(data.zones.length);
        seen.push(...data.zones.map((z) => z.tld));
      }
      expect(seen).to.deep.equal(TLDS.map((t) => t.tld));
    });

    it("filters by tld and by tldtop", async () => {
      expect(((await ok("account/zones", { tld: ".COM" })) as Zones).zones.map((z) => z.tld)).to.deep.equal(["com"]);
      const es = ((await ok("account/zones", { tldtop: "es" })) as Zones).zones.map((z) => z.tld);
      expect(es).to.deep.equal(TLDS.filter((t) => t.tldtop === "es").map((t) => t.tld));
      expect(((await ok("account/zones", { tld: "nope" })) as Zones).queryInfo.total).to.equal(0);
    });

    it("shows requirements only for zones that have them", async () => {
      const zones = ((await ok("account/zones", { pageLength: "1000" })) as Zones).zones;
      for (const z of zones) expect("requirements" in z).to.equal(TLDS.find((t) => t.tld === z.tld)?.requirements !== undefined);
    });

    it("answers 105 for a bad pageLength", async () => {
      const r = await call("account/zones", { pageLength: "0" });
      expect(r.errorCode).to.equal(105);
      expect(r.messages.join(" ")).to.contain("pageLength");
    });
  });
});
