/**
 * Money at preview (issue 12 item 3), through the real engine against one emulator: each paid step
 * prints what the apply will charge, from the API's own prices (domain/check,
 * domain/checkfortransfer, account/zones, ssl/productlist), or that the API shows no price
 * (hosting, a reissue, a premium renewal); the total against the balance and maxSpend. A plan past
 * dondominio:maxSpend or past the balance fails at preview with 0 API writes; `stack.up()` (which
 * skips the preview) stops before the order that would pass maxSpend. Expected prices are read from
 * the emulator through the API, never written here.
 */
import { expect } from "chai";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { getProduct } from "../../emulator/data/products";
import { getOperation, type OperationName } from "../../sdk";
import { resetStackConfig, resolveConfig, setStackConfig } from "../../provider/core/config";
import type { Ctx } from "../../provider/core/frame";
import { setLogSinkForTests } from "../../provider/core/log";
import { placeOrder } from "../../provider/money/money";
import { planCharges } from "../../provider/money/spend";
import type { EngineStack } from "../harness/engine";
import { keyAndCsr } from "../fixtures";
import { type Harness, OWNER, outputsOf, startHarness } from "../provider/harness";

const money = (n: number) => n.toFixed(2);
const addYear = (ymd: string) => `${Number(ymd.slice(0, 4)) + 1}${ymd.slice(4)}`;

interface Run {
  ok: boolean;
  error: string;
  /** The provider's money lines ("$ CHARGE ...", "$ NO PRICE ...", "$ TOTAL ..."), in order. */
  lines: string[];
}

async function run(eng: EngineStack, op: "preview" | "up"): Promise<Run> {
  const lines: string[] = [];
  const onEvent = (e: EngineEvent) => {
    for (const l of (e.diagnosticEvent?.message ?? "").split("\n")) {
      const m = l.match(/\[dondominio\] (\$ .*)$/);
      if (m) lines.push(m[1].trim());
    }
  };
  try {
    if (op === "preview") await eng.stack.preview({ onEvent, color: "never" });
    else await eng.stack.up({ onEvent, color: "never" });
    return { ok: true, error: "", lines };
  } catch (err) {
    return { ok: false, error: String((err as Error).message ?? err), lines };
  }
}

const once = (lines: string[], line: string) => lines.filter((l) => l === line).length;
const lastTotal = (lines: string[]) => lines.filter((l) => l.startsWith("$ TOTAL ")).pop();

describe("hardening: money at preview and dondominio:maxSpend (engine)", function () {
  this.timeout(900_000);
  let h: Harness;
  const call = (op: string, params: Record<string, unknown> = {}) => h.client.call(op as never, params as never) as Promise<any>;
  const balance = async (user?: { apiuser: string }) =>
    user ? Number((await h.emu.control.getState(user.apiuser)).balance) : Number((await call("account/info")).balance);
  /** Write calls (not readOnly in the catalogue) since the last counters reset. */
  const writes = async () =>
    Object.fromEntries(
      Object.entries((await h.emu.control.counters()).calls).filter(([op, n]) => n > 0 && getOperation(op as OperationName)?.readOnly !== true),
    );

  before(async () => {
    h = await startHarness();
  });
  after(async () => h?.close());

  it("dondominio:maxSpend is an amount >= 0 in the account's currency; anything else is refused naming the key", () => {
    const cfg = (v: string) => resolveConfig({}, (k) => ({ "dondominio:apiUser": "u", "dondominio:apiPasswd": "p", "dondominio:maxSpend": v })[k]);
    expect(cfg("50").maxSpend).to.equal(50);
    expect(cfg("12.50").maxSpend).to.equal(12.5);
    expect(cfg("0").maxSpend).to.equal(0);
    for (const bad of ["-1", "ten", "1e999", " "])
      expect(() => cfg(bad)).to.throw(`dondominio:maxSpend must be an amount >= 0 in the account's currency (e.g. 50 or 12.50), got "${bad}"`);
  });

  describe("the lines of one program, at preview, and what the up then charges", () => {
    let eng: EngineStack;
    const CN = "www.money-ssl.com";
    const first = keyAndCsr(CN);
    const want = {
      plainRenewUntil: undefined as string | undefined,
      premiumRenewUntil: undefined as string | undefined,
      hostingKey: "basic",
      hostingRenewUntil: undefined as string | undefined,
      alts: ["a.money-ssl.com", "b.money-ssl.com", "c.money-ssl.com"],
      key: first,
      autoRenew: false,
    };
    let cur = "";

    before(async () => {
      cur = (await call("account/info")).currency;
      eng = await h.stack(async () => {
        const { Domain, HostingService, SslCertificate } = h.pkg();
        new Domain("plain", { name: "money-plain.com", period: 1, contacts: { owner: OWNER }, renewUntil: want.plainRenewUntil });
        new Domain("premium", { name: "money-premium.org", premium: true, contacts: { owner: OWNER }, renewUntil: want.premiumRenewUntil });
        new Domain("transfer", { name: "money-taken.net", registration: "transfer", authcode: "transfer-code-1", contacts: { owner: OWNER } });
        new HostingService("hosting", { name: "money-hosting.com", productKey: want.hostingKey as "basic", renewUntil: want.hostingRenewUntil });
        new SslCertificate("ssl", {
          productId: 103,
          csr: want.key.csr,
          privateKey: want.key.key,
          alternativeNames: want.alts,
          adminContact: OWNER,
          validationMethod: "http",
          autoRenew: want.autoRenew,
        });
        return {};
      });
    });

    it("register, premium register, transfer, hosting and an SSL order: each line once, priced by the API; the total against the balance; the up charges it", async () => {
      const plain = (await call("domain/check", { domain: "money-plain.com" })).domains[0];
      const premium = (await call("domain/check", { domain: "money-premium.org" })).domains[0];
      const transfer = (await call("domain/checkfortransfer", { domain: "money-taken.net" })).domains[0];
      const product = ((await call("ssl/productlist")).products as any[]).find((p) => p.productID === 103);
      const sslPrice = product.create.create + (4 - product.numDomains) * product.sanPrice;
      const before = await balance();
      const expected = [
        `$ CHARGE ${money(plain.price)} ${cur} Domain money-plain.com: register 1 year (domain/check)`,
        `$ CHARGE ${money(premium.price)} ${cur} Domain money-premium.org: register 1 year (premium) (domain/check)`,
        `$ CHARGE ${money(transfer.price)} ${cur} Domain money-taken.net: transfer (domain/checkfortransfer)`,
        `$ NO PRICE HostingService money-hosting.com: create (basic, 1 year): the API shows no price before purchase`,
        `$ CHARGE ${money(sslPrice)} ${cur} SslCertificate ${CN}: order ${product.productName} 1 year, 1 name beyond the ${product.numDomains} included (ssl/productlist)`,
      ];
      const total = plain.price + premium.price + transfer.price + sslPrice;

      await h.emu.control.counters({ reset: true });
      const p = await run(eng, "preview");
      expect(p.ok, p.error).to.equal(true);
      console.log(`      preview lines:\n${p.lines.map((l) => `        ${l}`).join("\n")}`);
      for (const line of expected) expect(once(p.lines, line), `once: ${line}\n${p.lines.join("\n")}`).to.equal(1);
      expect(lastTotal(p.lines)).to.equal(`$ TOTAL ${money(total)} ${cur} planned; balance ${money(before)} ${cur}`);
      expect(p.lines.filter((l) => l.startsWith("$ CHARGE") || l.startsWith("$ NO PRICE"))).to.have.length(expected.length);
      expect(await writes(), "a preview writes nothing").to.deep.equal({});

      const up = await run(eng, "up");
      expect(up.ok, up.error).to.equal(true);
      for (const line of expected) expect(once(up.lines, line), `once in the up: ${line}`).to.equal(1);
      // What the preview said, plus the hosting product (no price before purchase: the emulator's own list).
      const spent = before - (await balance());
      expect(spent).to.be.closeTo(total + getProduct("basic")!.price, 0.001);
    });

    it("renewals, an upgrade, an added name and a reissue at preview of the updates; a premium renewal has no price", async () => {
      await h.emu.control.advanceClock(345 * 86_400);
      await eng.stack.refresh();
      const plainExp = outputsOf(eng, "plain").tsExpir as string;
      want.plainRenewUntil = addYear(plainExp);
      want.premiumRenewUntil = addYear(outputsOf(eng, "premium").tsExpir);
      want.hostingKey = "professional";
      want.hostingRenewUntil = addYear(outputsOf(eng, "hosting").tsExpir);
      want.alts = [...want.alts, "d.money-ssl.com"];
      want.key = keyAndCsr(CN);
      want.autoRenew = true;
      expect(outputsOf(eng, "ssl").renewable, "in the renewal window").to.equal(true);

      const zone = ((await call("account/zones", { tld: "com" })).zones as any[]).find((z) => z.tld === "com");
      const product = ((await call("ssl/productlist")).products as any[]).find((p) => p.productID === 103);
      const renewSsl = product.renew.create + (5 - product.numDomains) * product.sanPrice;
      const before = await balance();
      const expected = [
        `$ CHARGE ${money(zone.renew.price)} ${cur} Domain money-plain.com: renew 1 year (renewUntil ${want.plainRenewUntil}) (account/zones)`,
        `$ NO PRICE Domain money-premium.org: renew 1 year (renewUntil ${want.premiumRenewUntil}): a premium name: account/zones shows the standard renewal price only`,
        `$ NO PRICE HostingService money-hosting.com: upgrade (basic -> professional): the API shows no price before purchase`,
        `$ NO PRICE HostingService money-hosting.com: renew 1 year (renewUntil ${want.hostingRenewUntil}): the API shows no price before purchase`,
        `$ NO PRICE SslCertificate ${CN}: reissue for a new CSR: the API shows no price for a reissue (ssl/productlist prices orders, renewals and added names)`,
        `$ CHARGE ${money(product.sanPrice)} ${cur} SslCertificate ${CN}: add name d.money-ssl.com (ssl/productlist sanPrice)`,
        `$ CHARGE ${money(renewSsl)} ${cur} SslCertificate ${CN}: renew ${product.productName} 1 year, 2 names beyond the ${product.numDomains} included (ssl/productlist)`,
      ];
      await h.emu.control.counters({ reset: true });
      const p = await run(eng, "preview");
      expect(p.ok, p.error).to.equal(true);
      console.log(`      preview lines:\n${p.lines.map((l) => `        ${l}`).join("\n")}`);
      for (const line of expected) expect(once(p.lines, line), `once: ${line}\n${p.lines.join("\n")}`).to.equal(1);
      expect(lastTotal(p.lines)).to.equal(`$ TOTAL ${money(zone.renew.price + product.sanPrice + renewSsl)} ${cur} planned; balance ${money(before)} ${cur}`);
      expect(await writes(), "a preview writes nothing").to.deep.equal({});
    });
  });

  describe("refusals", () => {
    const CAP = ["cap-a.com", "cap-b.com", "cap-c.com"];
    let capped: EngineStack;
    let price = 0;

    before(async () => {
      price = (await call("domain/check", { domain: CAP[0] })).domains[0].price;
      capped = await h.stack(
        async () => {
          const { Domain } = h.pkg();
          for (const name of CAP) new Domain(name, { name, period: 1, contacts: { owner: OWNER } });
          return {};
        },
        // Two registrations fit, the third does not.
        { "dondominio:maxSpend": { value: money(price * 2.5) } },
      );
    });

    it("a plan past dondominio:maxSpend fails at preview with the total, the limit and the items: 0 writes, balance unchanged", async () => {
      const before = await balance();
      await h.emu.control.counters({ reset: true });
      const p = await run(capped, "preview");
      expect(p.ok).to.equal(false);
      console.log(
        `      refused: ${p.error
          .split("\n")
          .find((l) => l.includes("dondominio:maxSpend:"))
          ?.trim()}`,
      );
      const cur = (await call("account/info")).currency;
      expect(p.error).to.include(`dondominio:maxSpend: the plan would charge ${money(price * 3)} ${cur}, more than maxSpend ${money(price * 2.5)} ${cur}`);
      for (const name of CAP) expect(p.error).to.include(`Domain ${name}: register 1 year ${money(price)} ${cur}`);
      expect(p.error).to.include("nothing was ordered");
      expect(lastTotal(p.lines)).to.equal(`$ TOTAL ${money(price * 3)} ${cur} planned; balance ${money(before)} ${cur}; maxSpend ${money(price * 2.5)} ${cur}`);
      expect(await writes(), "writes during the refused preview").to.deep.equal({});
      expect(await balance()).to.equal(before);
    });

    it("a plan the balance cannot pay fails at preview, not with error 1100 halfway through: 0 writes", async () => {
      const poor = { apiuser: "poor", apipasswd: "poor-pass-1" };
      await h.emu.control.seed({ accounts: [{ ...poor, balance: price + 1 }] });
      const eng = await h.stack(
        async () => {
          const { Domain } = h.pkg();
          for (const name of ["poor-a.com", "poor-b.com"]) new Domain(name, { name, period: 1, contacts: { owner: OWNER } });
          return {};
        },
        { "dondominio:apiUser": { value: poor.apiuser }, "dondominio:apiPasswd": { value: poor.apipasswd, secret: true } },
      );
      await h.emu.control.counters({ reset: true });
      const p = await run(eng, "preview");
      expect(p.ok).to.equal(false);
      expect(p.error).to.include(`balance: the plan would charge ${money(price * 2)} EUR and the account's balance is ${money(price + 1)} EUR (account/info)`);
      expect(p.error).to.not.include("Insufficient balance");
      expect(await writes(), "writes during the refused preview").to.deep.equal({});
      expect(await balance(poor)).to.equal(price + 1);
    });

    it("stack.up() (no preview pass) stops before the order that would pass maxSpend", async () => {
      const before = await balance();
      await h.emu.control.counters({ reset: true });
      const up = await run(capped, "up");
      expect(up.ok).to.equal(false);
      expect(up.error).to.include("dondominio:maxSpend");
      const creates = (await h.emu.control.counters()).calls["domain/create"] ?? 0;
      const spent = before - (await balance());
      console.log(`      up without preview: ${creates} of ${CAP.length} registrations ordered, ${money(spent)} spent, maxSpend ${money(price * 2.5)}`);
      expect(creates).to.be.at.most(2);
      expect(spent).to.be.closeTo(creates * price, 0.001);
      expect(spent).to.be.at.most(price * 2.5);
    });

    it("placeOrder refuses an order that would take this process's spending past maxSpend before sending it, naming what was spent", async () => {
      const config: Record<string, string> = {
        "dondominio:apiUser": h.emu.apiUser,
        "dondominio:apiPasswd": h.emu.apiPasswd,
        "dondominio:baseUrl": h.emu.url,
        "dondominio:caCertFile": h.emu.caFile,
        "dondominio:maxSpend": "20",
      };
      const lines: string[] = [];
      setStackConfig((k) => config[k]);
      setLogSinkForTests((_level, m) => lines.push(m));
      try {
        const charge = (name: string) => ({
          subject: `Domain ${name}`,
          operation: "domain/create",
          what: "register 1 year",
          amount: 11.95,
          source: "domain/check",
        });
        // Planned one by one, as checks come at apply: the first fits.
        expect(await planCharges("test", async () => [charge("unit-a.com")])).to.equal(undefined);
        let sent = 0;
        const order = (name: string, send = async () => ++sent) =>
          placeOrder({} as Ctx, { what: `Domain ${name}`, operation: "domain/create", object: "the domain", send, lookup: async () => undefined });
        // An order the API refused (an answer: nothing ran) is not counted as spent.
        const refused = Object.assign(new Error("refused"), { errorCode: 2001 });
        expect(await order("unit-a.com", () => Promise.reject(refused)).catch((e: Error) => e)).to.equal(refused);
        expect(await order("unit-a.com")).to.equal(1);
        // A second order whose check came after the first order (an apply without preview).
        const refusal = await planCharges("test", async () => [charge("unit-b.com")]);
        expect(refusal).to.match(/^dondominio:maxSpend: the plan would charge 23\.90 EUR, more than maxSpend 20\.00 EUR/);
        expect(refusal).to.include("already ordered in this run: Domain unit-a.com: register 1 year 11.95 EUR");
        const err = await order("unit-b.com").catch((e: Error) => e);
        expect(String((err as Error).message)).to.equal(
          "domain/create (register 1 year, 11.95 EUR) was refused before it was sent: it would take this run's spending to 23.90 EUR, past dondominio:maxSpend 20.00 EUR; already ordered in this run: Domain unit-a.com: register 1 year 11.95 EUR. Nothing was charged for it; run `pulumi preview` to see the whole plan's cost",
        );
        expect(sent, "the refused order was not sent").to.equal(1);
        expect(lines.filter((l) => l.startsWith("$ CHARGE"))).to.deep.equal([
          "$ CHARGE 11.95 EUR Domain unit-a.com: register 1 year (domain/check)",
          "$ CHARGE 11.95 EUR Domain unit-b.com: register 1 year (domain/check)",
        ]);
      } finally {
        setLogSinkForTests(undefined);
        resetStackConfig();
      }
    });
  });
});
