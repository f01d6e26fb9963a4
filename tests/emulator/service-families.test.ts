import { expect } from "chai";
import { getProduct } from "../../emulator/data/products";
import { type Fixture, withService } from "./service-fixture";

const S = { serviceName: "example.com" };
const CERT = "-----BEGIN CERTIFICATE-----\nMIIBfake\n-----END CERTIFICATE-----";
const KEY = "-----BEGIN PRIVATE KEY-----\nMIIBfake\n-----END PRIVATE KEY-----";

/** Creates `n` entities and expects the next one to hit the quota (4003). */
async function fillQuota(f: Fixture, action: string, n: number, params: (i: number) => Record<string, string>) {
  for (let i = 0; i < n; i++) await f.ok(action, { ...S, ...params(i) });
  await f.fails(action, { ...S, ...params(n) }, 4003);
}

describe("service/ftp*", () => {
  it("creates, lists, reads, updates and deletes FTP accounts, returning the password to the account", async () => {
    const f = await withService("basic");
    const created = (await f.ok("service/ftpcreate", { ...S, name: "Web", ftpPath: "/public", password: "s3cret-pass" })).ftp;
    expect(created).to.have.length(1);
    const id = created[0].entityID as string;
    expect(id).to.match(/^SRV\d+-\d+$/);
    expect(created[0]).to.include({ name: "web", ftpPath: "/public", password: "s3cret-pass" });
    await f.ok("service/ftpcreate", { ...S, name: "backup", ftpPath: "/backup", password: "an0ther-pass" });
    const list = await f.ok("service/ftplist", { ...S, filter: "we" });
    expect(list.queryInfo).to.deep.equal({ page: 1, pageLength: 1000, results: 1, total: 1 });
    expect(list.ftp[0].entityID).to.equal(id);
    expect((await f.ok("service/ftpupdate", { ...S, entityID: id, ftpPath: "/www", password: "changed-pass1" })).ftp[0]).to.include({ ftpPath: "/www" });
    expect((await f.ok("service/ftpgetinfo", { ...S, entityID: id })).ftp[0]).to.include({ ftpPath: "/www", password: "changed-pass1" });
    expect(await f.ok("service/ftpdelete", { ...S, entityID: id })).to.deep.equal({});
    await f.fails("service/ftpgetinfo", { ...S, entityID: id }, 4002);
    await f.fails("service/ftpdelete", { ...S, entityID: id }, 4002);
    await f.fails("service/ftplist", { serviceName: "missing.com" }, 4001);
  });

  it("refuses a duplicate name (4004), bad paths and short passwords (105) without echoing the password", async () => {
    const f = await withService("basic");
    await f.ok("service/ftpcreate", { ...S, name: "web", ftpPath: "/", password: "s3cret-pass" });
    await f.fails("service/ftpcreate", { ...S, name: "web", ftpPath: "/", password: "s3cret-pass" }, 4004);
    await f.fails("service/ftpcreate", { ...S, name: "x", ftpPath: "/../etc", password: "s3cret-pass" }, 105);
    const r = await f.fails("service/ftpcreate", { ...S, name: "x", ftpPath: "/", password: "short1" }, 105);
    expect(r.messages.join(" ")).to.not.include("short1");
  });

  it("enforces the product's FTP quota (4003)", async () => {
    const f = await withService("basic");
    await fillQuota(f, "service/ftpcreate", getProduct("basic")!.quotas.ftp, (i) => ({ name: `u${i}`, ftpPath: "/", password: "s3cret-pass" }));
  });
});

describe("service/ddbb*", () => {
  it("creates databases named by the service and updates password and external access", async () => {
    const f = await withService("basic");
    const db = (await f.ok("service/ddbbcreate", { ...S, password: "db-pass-123", externalAccess: "true" })).ddbb[0];
    expect(db.name).to.match(/^db\d+_\d+$/);
    expect(db).to.include({ user: db.name, password: "db-pass-123", externalAccess: true });
    const up = (await f.ok("service/ddbbupdate", { ...S, entityID: db.entityID, password: "db-pass-456" })).ddbb[0];
    expect(up).to.include({ password: "db-pass-456", externalAccess: false });
    expect((await f.ok("service/ddbblist", S)).ddbb).to.have.length(1);
    expect((await f.ok("service/ddbbgetinfo", { ...S, entityID: db.entityID })).ddbb[0].name).to.equal(db.name);
    await f.ok("service/ddbbdelete", { ...S, entityID: db.entityID });
    expect((await f.ok("service/ddbblist", S)).ddbb).to.deep.equal([]);
  });

  it("has no databases on a mail plan (quota 0: 4003)", async () => {
    const f = await withService("mailplus");
    await f.fails("service/ddbbcreate", { ...S, password: "db-pass-123" }, 4003);
  });
});

describe("service/subdomain*", () => {
  it("creates subdomains by label or full name, with an optional certificate", async () => {
    const f = await withService("basic");
    const sub = (await f.ok("service/subdomaincreate", { ...S, name: "blog", ftpPath: "/blog" })).subdomain[0];
    expect(sub).to.deep.equal({ entityID: sub.entityID, name: "blog.example.com", ftpPath: "/blog" });
    await f.fails("service/subdomaincreate", { ...S, name: "blog.example.com", ftpPath: "/x" }, 4004);
    await f.fails("service/subdomaincreate", { ...S, name: "shop", ftpPath: "/shop", sslCert: CERT }, 101);
    const ssl = (
      await f.ok("service/subdomaincreate", { ...S, name: "shop", ftpPath: "/shop", sslCert: CERT, sslKey: KEY, sslCertChain: CERT, sslPath: "/ssl" })
    ).subdomain[0];
    expect(ssl.ssl).to.include({ sslCert: CERT, sslKey: KEY, sslPath: "/ssl" });
    const up = (await f.ok("service/subdomainupdate", { ...S, entityID: ssl.entityID, ftpPath: "/shop2" })).subdomain[0];
    expect(up.ftpPath).to.equal("/shop2");
    expect(up.ssl.sslCert).to.equal(CERT);
    expect((await f.ok("service/subdomainlist", { ...S, filter: "shop" })).subdomain).to.have.length(1);
    expect((await f.ok("service/subdomaingetinfo", { ...S, entityID: sub.entityID })).subdomain[0].name).to.equal("blog.example.com");
    await f.ok("service/subdomaindelete", { ...S, entityID: sub.entityID });
    await f.fails("service/subdomaindelete", { ...S, entityID: sub.entityID }, 4002);
  });

  it("enforces the subdomain quota (4003)", async () => {
    const f = await withService("mini");
    await fillQuota(f, "service/subdomaincreate", getProduct("mini")!.quotas.subdomain, (i) => ({ name: `s${i}`, ftpPath: "/" }));
  });
});

describe("service/redirect*", () => {
  it("creates 301/302/frame redirects and filters them by origin", async () => {
    const f = await withService("redir");
    const r = (await f.ok("service/redirectcreate", { ...S, origin: "old", destination: "https://new.example.org/", type: "301" })).redirect[0];
    expect(r).to.include({ origin: "old.example.com", destination: "https://new.example.org/", type: "301" });
    await f.ok("service/redirectcreate", { ...S, origin: "@", destination: "https://shop.example.org", type: "frame" });
    await f.fails("service/redirectcreate", { ...S, origin: "old.example.com", destination: "https://x.org", type: "302" }, 4004);
    await f.fails("service/redirectcreate", { ...S, origin: "new", destination: "https://x.org", type: "303" }, 105);
    await f.fails("service/redirectcreate", { ...S, origin: "new", destination: "ftp://x.org", type: "302" }, 105);
    expect((await f.ok("service/redirectlist", { ...S, filter: "old" })).redirect).to.have.length(1);
    expect((await f.ok("service/redirectupdate", { ...S, entityID: r.entityID, destination: "http://b.example.org", type: "302" })).redirect[0]).to.include({
      type: "302",
    });
    expect((await f.ok("service/redirectgetinfo", { ...S, entityID: r.entityID })).redirect[0].destination).to.equal("http://b.example.org");
    await f.ok("service/redirectdelete", { ...S, entityID: r.entityID });
    expect((await f.ok("service/redirectlist", S)).queryInfo.total).to.equal(1);
  });
});

describe("service/mail*", () => {
  it("creates mailboxes by local part or address under the domain and always masks the password", async () => {
    const f = await withService("mail");
    const m = (await f.ok("service/mailcreate", { ...S, name: "Info", password: "mail-pass-1" })).mail[0];
    expect(m).to.include({ name: "info@example.com", usage: 0, quotaMax: getProduct("mail")!.mailboxQuota });
    expect(m.password).to.not.equal("mail-pass-1");
    await f.fails("service/mailcreate", { ...S, name: "info@example.com", password: "mail-pass-1" }, 4004);
    await f.fails("service/mailcreate", { ...S, name: "a@other.com", password: "mail-pass-1" }, 105);
    const all = JSON.stringify([await f.ok("service/maillist", S), await f.ok("service/mailgetinfo", { ...S, entityID: m.entityID })]);
    expect(all).to.not.include("mail-pass-1");
    const up = await f.ok("service/mailupdate", { ...S, entityID: m.entityID, password: "mail-pass-2" });
    expect(JSON.stringify(up)).to.not.include("mail-pass-2");
    expect(f.account.services["example.com"].mail[0].password).to.equal("mail-pass-2");
    await f.ok("service/maildelete", { ...S, entityID: m.entityID });
    await f.fails("service/mailupdate", { ...S, entityID: m.entityID, password: "mail-pass-3" }, 4002);
  });

  it("enforces the mailbox quota (4003)", async () => {
    const f = await withService("mini");
    await fillQuota(f, "service/mailcreate", getProduct("mini")!.quotas.email, (i) => ({ name: `box${i}`, password: "mail-pass-1" }));
  });
});

describe("service/mailalias*", () => {
  it("takes a comma list of targets and answers an array", async () => {
    const f = await withService("mail");
    const a = (await f.ok("service/mailaliascreate", { ...S, name: "sales", target: "a@example.com, b@other.org" })).mailalias[0];
    expect(a).to.include({ name: "sales@example.com" });
    expect(a.target).to.deep.equal(["a@example.com", "b@other.org"]);
    await f.fails("service/mailaliascreate", { ...S, name: "x", target: "not-an-address" }, 105);
    expect((await f.ok("service/mailaliasupdate", { ...S, entityID: a.entityID, target: "c@example.com" })).mailalias[0].target).to.deep.equal([
      "c@example.com",
    ]);
    expect((await f.ok("service/mailaliasgetinfo", { ...S, entityID: a.entityID })).mailalias[0].target).to.deep.equal(["c@example.com"]);
    expect((await f.ok("service/mailaliaslist", { ...S, filter: "sal" })).mailalias).to.have.length(1);
    await f.ok("service/mailaliasdelete", { ...S, entityID: a.entityID });
    await f.fails("service/mailaliasgetinfo", { ...S, entityID: a.entityID }, 4002);
    await f.fails("service/mailaliasgetinfo", { ...S, entityID: "bad-id" }, 105);
  });

  it("enforces the alias quota (4003)", async () => {
    const f = await withService("mini");
    await fillQuota(f, "service/mailaliascreate", getProduct("mini")!.quotas.emailalias, (i) => ({ name: `al${i}`, target: "x@example.org" }));
  });
});

describe("every family: list, getinfo and delete (written once in emulator/modules/service/families.ts)", () => {
  const CREATE: Record<string, Record<string, string>> = {
    ftp: { name: "gen", ftpPath: "/", password: "s3cret-pass" },
    ddbb: { password: "db-pass-123" },
    subdomain: { name: "gen", ftpPath: "/gen" },
    redirect: { origin: "gen", destination: "https://example.org/", type: "301" },
    mail: { name: "gen", password: "s3cret-pass" },
    mailalias: { name: "gen-alias", target: "a@example.org" },
    dns: { name: "gen", type: "TXT", value: "generated" },
  };
  for (const [family, params] of Object.entries(CREATE)) {
    it(`service/${family}*: the created item is what getinfo and a filtered list answer; delete removes it, then 4002`, async () => {
      const f = await withService("professional");
      const create = await f.call(`service/${family}create`, { ...S, ...params });
      expect(create.success, JSON.stringify(create.messages)).to.equal(true);
      expect(create.messages[0]).to.match(/ created\.$/);
      const item = (create.responseData as Record<string, any>)[family][0];
      const id = item.entityID as string;
      expect((await f.ok(`service/${family}getinfo`, { ...S, entityID: id }))[family]).to.deep.equal([item]);
      const key = family === "redirect" ? item.origin : item.name;
      const listed = await f.ok(`service/${family}list`, { ...S, filter: String(key).toUpperCase() });
      expect(listed[family]).to.deep.equal([item]);
      expect(listed.queryInfo).to.include({ results: 1, total: 1 });
      expect((await f.ok(`service/${family}list`, { ...S, filter: "no-such-entity" }))[family]).to.deep.equal([]);
      const del = await f.call(`service/${family}delete`, { ...S, entityID: id });
      expect(del.responseData).to.deep.equal({});
      expect(del.messages).to.deep.equal([family === "dns" ? `DNS record ${id} deleted.` : `${family} entity ${id} deleted.`]);
      await f.fails(`service/${family}getinfo`, { ...S, entityID: id }, 4002);
      await f.fails(`service/${family}delete`, { ...S, entityID: id }, 4002);
      await f.fails(`service/${family}list`, { serviceName: "missing.com" }, 4001);
    });
  }
});
