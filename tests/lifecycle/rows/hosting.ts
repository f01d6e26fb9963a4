/** HostingService (paid) and a Hosting Basic service's FtpAccount, Database and Subdomain in the lifecycle table (model.ts). */
import { getProduct } from "../../../emulator/data/products";
import { entity, HOST, HOST2, list, SITE, SITE2 } from "../fixture";
import { NO_SECRET, type Case, type Fixture, type Row, type World } from "../model";

const price = (key: string) => getProduct(key)?.price ?? Number.NaN;
const ssl = (f: Fixture, which: 1 | 2) => ({
  sslCert: which === 1 ? f.tls.siteCert : f.tls.site2Cert,
  sslKey: which === 1 ? f.tls.siteKey : f.tls.site2Key,
  sslCertChain: f.tls.siteChain,
  sslPath: "/ssl/blog",
});
/** A PEM key's first base64 line: enough to find it, never the whole key in a failure message. */
const keyLine = (pem: string) => pem.split(/\r?\n/)[1];

/** The services this program bought, by name: product, renewal mode, status. */
const services = async (w: World) => {
  const out: Record<string, Record<string, unknown>> = {};
  for (const name of [HOST, HOST2]) {
    const info = await w.client.call("service/getinfo", { serviceName: name } as never).catch(() => undefined);
    if (info) out[name] = { productkey: (info as any).productkey, renewalMode: (info as any).renewalMode, status: (info as any).status };
  }
  return Object.keys(out).length ? out : undefined;
};
/** The hosting's passwords (their own: a secrets case finds each resource's alone), named rather than shown. */
const PW1 = "Lc-site-secret-1";
const PW2 = "Lc-site-secret-2";
const withPassword = (item: Record<string, any> | undefined) =>
  item && { ...item, password: item.password === PW1 ? "PW1" : item.password === PW2 ? "PW2" : "other" };

export const ROWS: Row[] = [
  {
    key: "hosting",
    type: "HostingService",
    args: {
      create: () => ({ name: HOST, productKey: "basic", renewalMode: "autorenew", onDestroy: "manual" }),
      // parking is ignored (options): true is never applied.
      "in-place": () => ({ name: HOST, productKey: "professional", renewalMode: "autorenew", onDestroy: "manual", parking: true }),
      replace: () => ({ name: HOST2, productKey: "professional", renewalMode: "autorenew", onDestroy: "manual", parking: true }),
    },
    options: { ignoreChanges: ["parking"] },
    live: services,
    notApplicable: { secrets: NO_SECRET },
  },
  {
    key: "ftp",
    type: "FtpAccount",
    args: {
      create: () => ({ serviceName: SITE, name: "deploy", ftpPath: "/public", password: PW1 }),
      // password is ignored (options): PW2 is never set.
      "in-place": () => ({ serviceName: SITE, name: "deploy", ftpPath: "/www", password: PW2 }),
      replace: () => ({ serviceName: SITE, name: "deploy2", ftpPath: "/www", password: PW2 }),
    },
    options: { ignoreChanges: ["password"] },
    live: async (w) => withPassword((await list(w, "service/ftplist", SITE, "ftp")).find((a) => ["deploy", "deploy2"].includes(a.name))),
  },
  {
    key: "db",
    type: "Database",
    args: {
      create: () => ({ serviceName: SITE, password: PW1, externalAccess: false }),
      "in-place": () => ({ serviceName: SITE, password: PW2, externalAccess: true }),
      replace: () => ({ serviceName: SITE2, password: PW2, externalAccess: true }),
    },
    options: { ignoreChanges: ["password"] },
    live: async (w) => {
      const [one, two] = [await list(w, "service/ddbblist", SITE, "ddbb"), await list(w, "service/ddbblist", SITE2, "ddbb")];
      const db = one[0] ?? two[0];
      return db && { ...withPassword(db), service: one[0] ? SITE : SITE2 };
    },
  },
  {
    key: "sub",
    type: "Subdomain",
    args: {
      create: (f) => ({ serviceName: SITE, name: "blog", ftpPath: "/blog", ssl: ssl(f, 1) }),
      // ssl is ignored (options): the second certificate is never installed.
      "in-place": (f) => ({ serviceName: SITE, name: "blog", ftpPath: "/blog-www", ssl: ssl(f, 2) }),
      replace: (f) => ({ serviceName: SITE, name: "blog2", ftpPath: "/blog-www", ssl: ssl(f, 2) }),
    },
    options: { ignoreChanges: ["ssl"] },
    live: async (w) => {
      const s = (await list(w, "service/subdomainlist", SITE, "subdomain")).find((x) => [`blog.${SITE}`, `blog2.${SITE}`].includes(x.name));
      // The hosting stores PEM with \r removed and trimmed (provider/resources/subdomain/README.md).
      const pem = (text: string) => text.replace(/\r\n/g, "\n").trim();
      const cert = s?.ssl ? (pem(s.ssl.sslCert) === pem(w.fixture.tls.siteCert) ? "site" : "other") : "none";
      return s && { name: s.name, ftpPath: s.ftpPath, cert };
    },
  },
];

export const CASES: Case[] = [
  {
    name: "HostingService create",
    key: "hosting",
    step: "create",
    op: "create",
    live: { [HOST]: { productkey: "basic", renewalMode: "autorenew", status: "active" } },
  },
  { name: "HostingService create pays once", key: "hosting", step: "create", money: { calls: { "service/create": 1 }, amount: () => price("basic") } },
  { name: "FtpAccount create", key: "ftp", step: "create", op: "create", live: { name: "deploy", ftpPath: "/public", password: "PW1" } },
  { name: "Database create", key: "db", step: "create", op: "create", live: { externalAccess: false, password: "PW1", service: SITE } },
  { name: "Subdomain create", key: "sub", step: "create", op: "create", live: { name: `blog.${SITE}`, ftpPath: "/blog", cert: "site" } },
  { name: "HostingService no-op plan, clean refresh", key: "hosting", step: "no-op", op: "same" },
  { name: "FtpAccount no-op plan, clean refresh", key: "ftp", step: "no-op", op: "same" },
  { name: "Database no-op plan, clean refresh", key: "db", step: "no-op", op: "same" },
  { name: "Subdomain no-op plan, clean refresh", key: "sub", step: "no-op", op: "same" },
  {
    name: "HostingService in-place upgrade",
    key: "hosting",
    step: "in-place",
    op: "update",
    diffs: ["productKey"],
    live: { [HOST]: { productkey: "professional", renewalMode: "autorenew", status: "active" } },
  },
  {
    name: "HostingService upgrade pays the difference once",
    key: "hosting",
    step: "in-place",
    money: { calls: { "service/upgrade": 1 }, amount: () => price("professional") - price("basic") },
  },
  {
    name: "HostingService ignoreChanges parking",
    key: "hosting",
    step: "in-place",
    aspect: "ignoreChanges",
    op: "update",
    diffs: ["productKey"],
    inputs: { parking: null },
  },
  { name: "FtpAccount in-place ftpPath", key: "ftp", step: "in-place", op: "update", diffs: ["ftpPath"], live: { ftpPath: "/www" } },
  {
    name: "FtpAccount ignoreChanges password",
    key: "ftp",
    step: "in-place",
    aspect: "ignoreChanges",
    op: "update",
    diffs: ["ftpPath"],
    live: { password: "PW1" },
  },
  { name: "Database in-place externalAccess", key: "db", step: "in-place", op: "update", diffs: ["externalAccess"], live: { externalAccess: true } },
  {
    name: "Database ignoreChanges password",
    key: "db",
    step: "in-place",
    aspect: "ignoreChanges",
    op: "update",
    diffs: ["externalAccess"],
    live: { password: "PW1" },
  },
  { name: "Subdomain in-place ftpPath", key: "sub", step: "in-place", op: "update", diffs: ["ftpPath"], live: { ftpPath: "/blog-www" } },
  { name: "Subdomain ignoreChanges ssl", key: "sub", step: "in-place", aspect: "ignoreChanges", op: "update", diffs: ["ftpPath"], live: { cert: "site" } },
  {
    name: "HostingService replace on name: the old service forgotten (onDestroy manual), not deleted",
    key: "hosting",
    step: "replace",
    op: "replace",
    diffs: ["name"],
    replaces: ["name"],
    live: {
      [HOST]: { productkey: "professional", renewalMode: "manual", status: "active" },
      [HOST2]: { productkey: "professional", renewalMode: "autorenew", status: "active" },
    },
  },
  {
    name: "HostingService replacement pays one new service",
    key: "hosting",
    step: "replace",
    money: { calls: { "service/create": 1 }, amount: () => price("professional") },
  },
  {
    name: "FtpAccount replace on name",
    key: "ftp",
    step: "replace",
    op: "replace",
    diffs: ["name"],
    replaces: ["name"],
    live: { name: "deploy2", ftpPath: "/www" },
  },
  {
    name: "Database replace on serviceName",
    key: "db",
    step: "replace",
    op: "replace",
    diffs: ["serviceName"],
    replaces: ["serviceName"],
    live: { service: SITE2, externalAccess: true },
  },
  { name: "Subdomain replace on name", key: "sub", step: "replace", op: "replace", diffs: ["name"], replaces: ["name"], live: { name: `blog2.${SITE}` } },
  {
    name: "HostingService bad input: a downgrade",
    key: "hosting",
    step: "bad input",
    args: () => ({ name: HOST2, productKey: "basic", renewalMode: "autorenew", onDestroy: "manual" }),
    error: "productKey: professional -> basic is a downgrade, which the API cannot do",
  },
  {
    name: "FtpAccount bad input",
    key: "ftp",
    step: "bad input",
    // Not the password: it is ignored (options), so the engine would put the recorded one back before the check.
    args: () => ({ serviceName: SITE, name: "deploy2", ftpPath: "/www/../etc", password: PW2 }),
    error: "ftpPath: must not contain ..",
  },
  {
    name: "Database bad input",
    key: "db",
    step: "bad input",
    args: () => ({ serviceName: SITE2, name: "mydb", password: PW2, externalAccess: true }),
    error: "name: the service names a new database itself: give name only with adopt: true",
  },
  {
    // Not ssl: it is ignored (options), so the engine would put the recorded one back before the check.
    name: "Subdomain bad input",
    key: "sub",
    step: "bad input",
    args: (f) => ({ serviceName: SITE, name: "blog2", ftpPath: "/blog/../etc", ssl: ssl(f, 2) }),
    error: "ftpPath: must not contain ..",
  },
  {
    name: "HostingService drift + refresh",
    key: "hosting",
    step: "drift",
    outside: async (w) => {
      await w.client.call("service/update", { serviceName: HOST2, updateType: "renewalMode", renewalMode: "manual" } as never);
    },
    refreshed: { changed: ["renewalMode"], outputs: { renewalMode: "manual" } },
    op: "update",
    diffs: ["renewalMode"],
    repaired: { [HOST2]: { productkey: "professional", renewalMode: "autorenew", status: "active" } },
  },
  {
    name: "FtpAccount drift + refresh",
    key: "ftp",
    step: "drift",
    outside: async (w) => {
      await w.client.call("service/ftpupdate", { serviceName: SITE, entityID: entity(w, "ftp"), ftpPath: "/moved", password: PW2 } as never);
    },
    refreshed: { changed: ["ftpPath"], outputs: { ftpPath: "/moved" } },
    op: "update",
    diffs: ["ftpPath"],
    // The replacement was created with the program's password (PW2), ignored or not (the engine's rule).
    repaired: { ftpPath: "/www", password: "PW2" },
  },
  {
    name: "Database drift + refresh",
    key: "db",
    step: "drift",
    outside: async (w) => {
      await w.client.call("service/ddbbupdate", { serviceName: SITE2, entityID: entity(w, "db"), password: PW2, externalAccess: false } as never);
    },
    refreshed: { changed: ["externalAccess"], outputs: { externalAccess: false } },
    op: "update",
    diffs: ["externalAccess"],
    repaired: { externalAccess: true },
  },
  {
    name: "Subdomain drift + refresh",
    key: "sub",
    step: "drift",
    outside: async (w) => {
      await w.client.call("service/subdomainupdate", { serviceName: SITE, entityID: entity(w, "sub"), ftpPath: "/moved" } as never);
    },
    refreshed: { changed: ["ftpPath"], outputs: { ftpPath: "/moved" } },
    op: "update",
    diffs: ["ftpPath"],
    repaired: { ftpPath: "/blog-www" },
  },
  { name: "HostingService import", key: "hosting", step: "import", op: "same" },
  { name: "FtpAccount import", key: "ftp", step: "import", op: "same" },
  { name: "Database import", key: "db", step: "import", op: "same" },
  { name: "Subdomain import", key: "sub", step: "import", op: "same" },
  {
    name: "FtpAccount passwords absent from state and output",
    key: "ftp",
    step: "secrets",
    secrets: () => [PW1, PW2],
    outputs: { encrypted: ["password"] },
  },
  { name: "Database passwords absent from state and output", key: "db", step: "secrets", secrets: () => [PW1, PW2], outputs: { encrypted: ["password"] } },
  {
    name: "Subdomain private keys absent from state and output",
    key: "sub",
    step: "secrets",
    secrets: (w) => [keyLine(w.fixture.tls.siteKey), keyLine(w.fixture.tls.site2Key)],
    outputs: { encrypted: ["ssl"] },
  },
  {
    name: "HostingService destroy forgets it, renewal set to manual (onDestroy)",
    key: "hosting",
    step: "destroy",
    op: "delete",
    live: { [HOST2]: { productkey: "professional", renewalMode: "manual", status: "active" } },
  },
  { name: "FtpAccount destroy", key: "ftp", step: "destroy", op: "delete", live: "absent" },
  { name: "Database destroy", key: "db", step: "destroy", op: "delete", live: "absent" },
  { name: "Subdomain destroy", key: "sub", step: "destroy", op: "delete", live: "absent" },
];
