import { expect } from "chai";
import { addYears, ymd } from "../../emulator/core/clock";
import { EMULATOR_HOSTING_IP, EMULATOR_NAMESERVERS, getProduct } from "../../emulator/data/products";
import { fixture, withService } from "./service-fixture";

const price = (key: string) => getProduct(key)!.price;

describe("service/create", () => {
  it("charges price x period, answers billing and an active service, and sets up default DNS", async () => {
    const f = fixture(1000);
    const r = await f.ok("service/create", { serviceName: "Example.com", productKey: "basic", period: "2" });
    expect(r.billing).to.deep.equal({ total: Math.round(price("basic") * 2 * 100) / 100, currency: "EUR" });
    expect(f.account.balance).to.be.closeTo(1000 - price("basic") * 2, 1e-6);
    const today = ymd(f.env.clock.now());
    expect(r.services).to.deep.equal([
      { name: "example.com", type: getProduct("basic")!.type, productkey: "basic", status: "active", tsExpir: addYears(today, 2) },
    ]);
    const dns = (await f.ok("service/dnslist", { serviceName: "example.com" })).dns as Record<string, string>[];
    const has = (name: string, type: string, value: string) => dns.some((d) => d.name === name && d.type === type && d.value === value);
    expect(has("example.com", "A", EMULATOR_HOSTING_IP)).to.equal(true);
    expect(has("www.example.com", "A", EMULATOR_HOSTING_IP)).to.equal(true);
    expect(has("example.com", "MX", "mail.example.com")).to.equal(true);
    for (const ns of EMULATOR_NAMESERVERS) expect(has("example.com", "NS", ns)).to.equal(true);
    expect(dns.some((d) => d.type === "TXT" && d.value.startsWith("v=spf1"))).to.equal(true);
  });

  it("starts in init and turns active after serviceInitSec", async () => {
    const f = fixture();
    f.env.clock.delays.serviceInitSec = 30;
    expect((await f.ok("service/create", { serviceName: "slow.com", productkey: "mini" })).services[0].status).to.equal("init");
    expect((await f.ok("service/getinfo", { serviceName: "slow.com" })).status).to.equal("init");
    f.env.clock.advance(31);
    expect((await f.ok("service/getinfo", { serviceName: "slow.com" })).status).to.equal("active");
  });

  it("refuses an unknown product (105), a duplicate name (4007) and a short balance (1100)", async () => {
    const f = fixture(30);
    await f.fails("service/create", { serviceName: "a.com", productkey: "gold" }, 105);
    await f.fails("service/create", { productkey: "mini" }, 101);
    await f.ok("service/create", { serviceName: "a.com", productkey: "redir" });
    await f.fails("service/create", { serviceName: "a.com", productkey: "redir" }, 4007);
    const before = f.account.balance;
    await f.fails("service/create", { serviceName: "b.com", productkey: "corporate" }, 1100);
    expect(f.account.balance).to.equal(before);
    expect(f.account.services["b.com"]).to.equal(undefined);
  });
});

describe("service/list", () => {
  it("filters by name, word, tld, status and renewable, and pages", async () => {
    const f = fixture();
    for (const n of ["alpha.com", "beta.com", "alphabet.es"]) await f.ok("service/create", { serviceName: n, productkey: "mini" });
    const names = async (p: Record<string, string>) => ((await f.ok("service/list", p)).services as { name: string }[]).map((s) => s.name);
    expect(await names({})).to.deep.equal(["alpha.com", "alphabet.es", "beta.com"]);
    expect(await names({ word: "alpha" })).to.deep.equal(["alpha.com", "alphabet.es"]);
    expect(await names({ name: "beta.com" })).to.deep.equal(["beta.com"]);
    expect(await names({ tld: "es" })).to.deep.equal(["alphabet.es"]);
    expect(await names({ status: "inactive" })).to.deep.equal([]);
    expect(await names({ renewable: "1" })).to.deep.equal([]);
    f.env.clock.advance(300 * 86400);
    expect(await names({ renewable: "true" })).to.have.length(3);
    const page = await f.ok("service/list", { pageLength: "2", page: "2" });
    expect(page.queryInfo).to.deep.equal({ page: 2, pageLength: 2, results: 1, total: 3 });
  });
});

describe("service/getinfo", () => {
  it("answers status, resources from current entities, serverinfo, php and logerror", async () => {
    const f = await withService("basic");
    const status = await f.ok("service/getinfo", { serviceName: "example.com" });
    expect(status).to.include({ name: "example.com", status: "active", productkey: "basic", renewable: false, renewalMode: "autorenew" });
    await f.ok("service/ftpcreate", { serviceName: "example.com", name: "web", ftpPath: "/public", password: "s3cret-pass" });
    const res = (await f.ok("service/getinfo", { serviceName: "example.com", infoType: "resources" })).resources;
    const q = getProduct("basic")!.quotas;
    expect(res.ftp).to.deep.equal({ value: 1, max: q.ftp, unit: "" });
    expect(res.email).to.deep.equal({ value: 0, max: q.email, unit: "" });
    expect(res.ftpusage).to.deep.equal({ value: 0, max: q.ftpusage, unit: "bytes" });
    expect(Object.keys(res).sort()).to.deep.equal(["ddbb", "ddbbusage", "email", "emailalias", "ftp", "ftpfiles", "ftpusage", "subdomain", "webtraffic"]);
    const si = (await f.ok("service/getinfo", { serviceName: "example.com", infoType: "serverinfo" })).serverinfo;
    expect(si).to.have.keys("ftpServer", "ftpAbsolutePath", "ftpWebServer", "smtpServer", "pop3Server", "imapServer", "webmail", "ddbbServer", "PHPMyAdmin");
    const php = (await f.ok("service/getinfo", { serviceName: "example.com", infoType: "php" })).php;
    expect(php).to.deep.include({ enabled: true, version: "8.2" });
    expect(php.available).to.include("8.2");
    expect(await f.ok("service/getinfo", { serviceName: "example.com", infoType: "logerror" })).to.have.property("logError");
  });

  it("answers 4001 for a service that is not in the account", async () => {
    const f = await withService();
    await f.fails("service/getinfo", { serviceName: "other.com" }, 4001);
  });
});

describe("service/renew", () => {
  it("charges, extends tsExpir by period, answers renewed and turns active", async () => {
    const f = await withService("mini");
    const before = f.account.services["example.com"].tsExpir;
    const balance = f.account.balance;
    const r = await f.ok("service/renew", { serviceName: "example.com", period: "3" });
    expect(r.billing.total).to.be.closeTo(price("mini") * 3, 1e-6);
    expect(f.account.balance).to.be.closeTo(balance - price("mini") * 3, 1e-6);
    expect(r.services[0]).to.include({ status: "renewed", tsExpir: addYears(before, 3) });
    f.env.clock.advance(2);
    expect((await f.ok("service/getinfo", { serviceName: "example.com" })).status).to.equal("active");
    await f.fails("service/renew", { serviceName: "nope.com" }, 4001);
  });
});

describe("service/upgrade", () => {
  it("moves up, charging the price difference, and the quotas follow", async () => {
    const f = await withService("basic");
    const balance = f.account.balance;
    const r = await f.ok("service/upgrade", { serviceName: "example.com", productKey: "advanced" });
    expect(r.billing.total).to.be.closeTo(price("advanced") - price("basic"), 1e-6);
    expect(f.account.balance).to.be.closeTo(balance - (price("advanced") - price("basic")), 1e-6);
    expect(r.services[0]).to.include({ productkey: "advanced", status: "active" });
    const res = (await f.ok("service/getinfo", { serviceName: "example.com", infoType: "resources" })).resources;
    expect(res.ftp.max).to.equal(getProduct("advanced")!.quotas.ftp);
  });

  it("refuses a lower or the same product (4008) without charging", async () => {
    const f = await withService("professional");
    const balance = f.account.balance;
    await f.fails("service/upgrade", { serviceName: "example.com", productkey: "basic" }, 4008);
    await f.fails("service/upgrade", { serviceName: "example.com", productkey: "professional" }, 4008);
    expect(f.account.balance).to.equal(balance);
    expect(f.account.services["example.com"].productkey).to.equal("professional");
  });

  it("refuses a product that cannot hold the current entities (4008)", async () => {
    const f = await withService("mini");
    await f.ok("service/ftpcreate", { serviceName: "example.com", name: "web", ftpPath: "/", password: "s3cret-pass" });
    await f.fails("service/upgrade", { serviceName: "example.com", productkey: "mailpro" }, 4008);
  });
});

describe("service/update", () => {
  it("sets the renewal mode and the PHP version (updateType phpversion or php)", async () => {
    const f = await withService("basic");
    expect(await f.ok("service/update", { serviceName: "example.com", updateType: "renewalMode", renewalMode: "manual" })).to.include({
      name: "example.com",
      productkey: "basic",
    });
    expect(f.account.services["example.com"].renewalMode).to.equal("manual");
    const r = await f.ok("service/update", { serviceName: "example.com", updateType: "phpversion", phpversion: "8.3" });
    expect(r.php.version).to.equal("8.3");
    const r2 = await f.ok("service/update", { serviceName: "example.com", updateType: "php", phpversion: "7.4" });
    expect(r2.php.version).to.equal("7.4");
  });

  it("refuses an unavailable version (105), a missing value (101) and PHP on a mail plan (4005)", async () => {
    const f = await withService("basic");
    await f.fails("service/update", { serviceName: "example.com", updateType: "phpversion", phpversion: "5.6" }, 105);
    await f.fails("service/update", { serviceName: "example.com", updateType: "renewalMode" }, 101);
    await f.fails("service/update", { serviceName: "example.com", updateType: "renewalMode", renewalMode: "letexpire" }, 105);
    await f.ok("service/create", { serviceName: "mails.com", productkey: "mail" });
    await f.fails("service/update", { serviceName: "mails.com", updateType: "phpversion", phpversion: "8.2" }, 4005);
  });
});

describe("service/parkinggetinfo and service/parkingupdate", () => {
  it("reads and switches parking", async () => {
    const f = await withService("redir");
    expect(await f.ok("service/parkinggetinfo", { serviceName: "example.com" })).to.deep.equal({ parking: { enabled: false } });
    expect(await f.ok("service/parkingupdate", { serviceName: "example.com", enabled: "1" })).to.deep.equal({ parking: { enabled: true } });
    expect(await f.ok("service/parkinggetinfo", { serviceName: "example.com" })).to.deep.equal({ parking: { enabled: true } });
    await f.fails("service/parkingupdate", { serviceName: "example.com" }, 101);
  });
});

describe("service/webconstructorlogin", () => {
  it("answers a login URL for the domain or an existing subdomain", async () => {
    const f = await withService("basic");
    const url = (await f.ok("service/webconstructorlogin", { serviceName: "example.com", subdomain: "example.com", loginlang: "es" })).webconstructor
      .loginURL as string;
    expect(url).to.match(/^https:\/\//);
    expect(new URL(url).searchParams.get("lang")).to.equal("es");
    await f.fails("service/webconstructorlogin", { serviceName: "example.com", subdomain: "blog" }, 4002);
    await f.ok("service/subdomaincreate", { serviceName: "example.com", name: "blog", ftpPath: "/blog" });
    expect(
      new URL((await f.ok("service/webconstructorlogin", { serviceName: "example.com", subdomain: "blog" })).webconstructor.loginURL).searchParams.get("site"),
    ).to.equal("blog.example.com");
  });

  it("refuses a product without web space (10001)", async () => {
    const f = await withService("mail");
    await f.fails("service/webconstructorlogin", { serviceName: "example.com", subdomain: "example.com" }, 10001);
  });
});
