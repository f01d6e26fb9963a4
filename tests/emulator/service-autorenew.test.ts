/**
 * Hosting services at expiry and their usage (issue 22 item 2): renewalMode autorenew renews a
 * service for a year at its product's price the day after tsExpir (again for each year a clock move
 * passes); manual, or a balance that cannot pay, lets it go inactive with nothing charged; usage
 * counters and the error log set through the control API (service/usage) are what
 * service/getinfo answers. Over HTTPS, as a client sees it.
 */
import { expect } from "chai";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { getProduct } from "../../emulator/data/products";
import { post } from "./server-helpers";

const DAY = 86_400;

describe("emulator: hosting autorenew at expiry and usage counters (control API service/usage)", () => {
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator();
  });
  after(() => emu?.close());

  const ok = async (action: string, params: Record<string, string>) => {
    const r = (await post(emu, `/${action}/`, params)).json;
    expect(r.success, `${action}: ${r.errorCode} ${JSON.stringify(r.messages)}`).to.equal(true);
    return r.responseData;
  };
  const balance = async () => Number((await ok("account/info", {})).balance);
  const status = (serviceName: string) => ok("service/getinfo", { serviceName, infoType: "status" });
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => "succeeded",
      (e: Error) => e.message,
    );

  it("autorenew renews at expiry, charged once a year; manual goes inactive, charged nothing", async () => {
    const price = getProduct("basic")!.price;
    await ok("service/create", { serviceName: "renews-itself.com", productkey: "basic", period: "1" });
    await ok("service/create", { serviceName: "left-manual.com", productkey: "basic", period: "1" });
    await ok("service/update", { serviceName: "left-manual.com", updateType: "renewalMode", renewalMode: "manual" });
    const first = await status("renews-itself.com");
    const start = await balance();
    // Just before expiry nothing happens.
    await emu.control.advanceClock(360 * DAY);
    expect((await status("renews-itself.com")).tsExpir).to.equal(first.tsExpir);
    expect(await balance()).to.equal(start);
    // The day after tsExpir: renewed for a year (autorenew), inactive (manual).
    await emu.control.advanceClock(10 * DAY);
    const renewed = await status("renews-itself.com");
    expect(renewed).to.include({ status: "active", renewalMode: "autorenew" });
    expect(Number(renewed.tsExpir.slice(0, 4))).to.equal(Number(first.tsExpir.slice(0, 4)) + 1);
    expect((await status("left-manual.com")).status).to.equal("inactive");
    expect(Math.round((start - (await balance())) * 100)).to.equal(Math.round(price * 100));
    // Two more years in one move: two more renewals, each charged.
    await emu.control.advanceClock(2 * 366 * DAY);
    expect(Number((await status("renews-itself.com")).tsExpir.slice(0, 4))).to.equal(Number(first.tsExpir.slice(0, 4)) + 3);
    expect(Math.round((start - (await balance())) * 100)).to.equal(Math.round(3 * price * 100));
  });

  it("a balance that cannot pay the renewal lets the service go inactive, nothing charged", async () => {
    await emu.control.seed({ accounts: [{ apiuser: "poor", apipasswd: "poor-pass-123", balance: 100, allowedIps: ["*"] }] });
    const as = { apiuser: "poor", apipasswd: "poor-pass-123" };
    const call = async (action: string, params: Record<string, string>) => (await post(emu, `/${action}/`, { ...params, ...as })).json;
    expect((await call("service/create", { serviceName: "cannot-pay.com", productkey: "basic", period: "1" })).success).to.equal(true);
    const left = Number((await call("account/info", {})).responseData.balance);
    expect(left).to.be.lessThan(getProduct("basic")!.price);
    await emu.control.advanceClock(370 * DAY);
    expect((await call("service/getinfo", { serviceName: "cannot-pay.com", infoType: "status" })).responseData.status).to.equal("inactive");
    expect(Number((await call("account/info", {})).responseData.balance)).to.equal(left);
  });

  it("answers the usage counters and the error log the control API set; refuses bad values (400) and unknown services (404)", async () => {
    const name = "busy-site.com";
    await ok("service/create", { serviceName: name, productkey: "professional", period: "1" });
    const empty = (await ok("service/getinfo", { serviceName: name, infoType: "resources" })).resources;
    expect(empty.ftpusage.value).to.equal(0);
    expect((await ok("service/getinfo", { serviceName: name, infoType: "logerror" })).logError).to.equal("");
    const set = await emu.control.setServiceUsage(emu.apiUser, name, {
      ftpusage: 734_003_200,
      ftpfiles: 12_345,
      logError: "[error] PHP Fatal error: out of memory",
    });
    expect(set.usage).to.deep.equal({ ftpusage: 734_003_200, ftpfiles: 12_345 });
    await emu.control.setServiceUsage(emu.apiUser, name, { webtraffic: 5_000_000_000, ddbbusage: 1024 });
    const r = (await ok("service/getinfo", { serviceName: name, infoType: "resources" })).resources;
    expect(r.ftpusage).to.include({ value: 734_003_200, unit: "bytes" });
    expect(r.ftpfiles).to.include({ value: 12_345, unit: "files" });
    expect(r.webtraffic.value).to.equal(5_000_000_000);
    expect(r.ddbbusage.value).to.equal(1024);
    expect((await ok("service/getinfo", { serviceName: name, infoType: "logerror" })).logError).to.equal("[error] PHP Fatal error: out of memory");
    expect(await failure(emu.control.setServiceUsage(emu.apiUser, name, { ftpusage: -1 }))).to.match(
      /HTTP 400: .*ftpusage must be a whole number of bytes, 0 or more/,
    );
    expect(await failure(emu.control.setServiceUsage(emu.apiUser, name, { ftpfiles: 1.5 }))).to.match(/HTTP 400: .*ftpfiles must be a whole number of files/);
    expect(await failure(emu.control.setServiceUsage(emu.apiUser, "nowhere.com", { ftpusage: 1 }))).to.match(/HTTP 404: .*nowhere\.com not found/);
  });
});
