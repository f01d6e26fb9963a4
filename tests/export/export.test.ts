/**
 * dondominio-export (provider/export): names and rendering without any call; then a realistic
 * account seeded in the emulator (domains active, pending, expired and IDN; ~300 DNS records of
 * every type in three zones; mail, redirects, FTP, databases, subdomains; glue, DNSSEC; an issued
 * certificate) exported through the command, and the round trip through the real engine: the
 * generated project, with the packed package installed, applies with 0 write calls and the balance
 * unchanged; preview and refresh then show no changes; a one-line edit of one record value applies
 * as exactly one update.
 */
import { expect } from "chai";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { OperationName } from "../../sdk";
import { type AccountSnapshot, main, recordBase, renderProject, slug, summaryText, uniqueNames } from "../../provider/export";
import { contactCreateParams, expectCleanRefresh, expectEmptyPlan, type Harness, OWNER, startHarness, writeCalls } from "../provider/harness";
import { WORK_ROOT } from "../harness/engine";

const DAY = 86_400;

/** The command's streams, stderr kept. */
function capture() {
  const lines: string[] = [];
  return {
    io: { stdout: { write: () => true }, stderr: { write: (t: string) => lines.push(t) } },
    stderr: () => lines.join(""),
    clear: () => lines.splice(0),
  };
}

describe("dondominio-export: names", () => {
  it("derives readable names from objects", () => {
    expect(slug("example.com")).to.equal("example-com");
    expect(slug("españa.es")).to.equal("espana-es");
    expect(slug("café-export.com")).to.equal("cafe-export-com");
    expect(slug("例え.jp")).to.match(/^xn-[a-z0-9-]+-jp$/);
    expect(slug("_sip._tcp")).to.equal("sip-tcp");
    expect(recordBase("example.com", "www", "A")).to.equal("example-com-www-a");
    expect(recordBase("example.com", "@", "MX")).to.equal("example-com-mx");
  });

  it("keeps names unique and stable: a shared base gets a suffix from each object's identity, whatever the order", () => {
    const reqs = [
      { base: "example-com-mx", identity: "example.com MX mx1.example.net" },
      { base: "example-com-mx", identity: "example.com MX mx2.example.net" },
      { base: "example-com-www-a", identity: "www.example.com A 192.0.2.1" },
    ];
    const names = uniqueNames(reqs);
    expect(names[2]).to.equal("example-com-www-a");
    expect(names[0]).to.match(/^example-com-mx-[0-9a-f]{6}$/);
    expect(new Set(names).size).to.equal(3);
    expect(uniqueNames([reqs[1], reqs[0], reqs[2]])).to.deep.equal([names[1], names[0], names[2]]);
    // Identical identities still get distinct names.
    expect(new Set(uniqueNames([reqs[0], reqs[0]])).size).to.equal(2);
  });
});

const SNAPSHOT: AccountSnapshot = {
  contacts: [{ contactId: "GAR-20001", name: "Ana García", email: "ana@example.com", country: "ES" }],
  domains: [
    {
      name: "example.com",
      ascii: "example.com",
      status: "active",
      tsExpir: "2027-01-01",
      renewalMode: "autorenew",
      transferBlock: true,
      modifyBlock: false,
      whoisPrivacy: false,
      viewWhois: true,
      tags: ["prod"],
      nameservers: ["ns1.example.com", "ns2.example.net"],
      glue: [{ name: "ns1.example.com", ipv4: "192.0.2.53" }],
      dnssec: [{ keytag: 12345, algorithm: 13, digesttype: 2, digest: "ab12" }],
    },
    {
      name: "pending.org",
      ascii: "pending.org",
      status: "register-init",
      tsExpir: "",
      tags: [],
      glue: [],
      dnssec: [],
      dnssecNote: "DNSSEC entries not read: the domain is register-init",
    },
  ],
  services: [
    {
      name: "example.com",
      productKey: "basic",
      status: "active",
      dns: [
        { entityID: "S-1", serviceName: "example.com", name: "www.example.com", type: "A", value: "192.0.2.1", ttl: 300 },
        { entityID: "S-2", serviceName: "example.com", name: "example.com", type: "MX", value: "mx1.example.net", priority: 10 },
        { entityID: "S-3", serviceName: "example.com", name: "example.com", type: "MX", value: "mx2.example.net", priority: 20 },
      ],
      mail: [{ name: "info@example.com", usage: 0, quotaMax: 1000 }],
      aliases: [{ name: "sales@example.com", targets: ["a@example.org"] }],
      redirects: [{ origin: "old.example.com", destination: "https://example.org/", type: "301" }],
      ftp: [{ name: "deploy", ftpPath: "/public" }],
      databases: [{ name: "db1_1", user: "db1_1", externalAccess: true }],
      subdomains: [{ name: "blog.example.com", ftpPath: "/blog", hasSsl: true }],
    },
  ],
  certificates: [
    { certificateId: 7, commonName: "www.example.com", productId: 101, status: "valid", alternativeNames: [] },
    { certificateId: 9, commonName: "www.example.com", productId: 103, status: "process", alternativeNames: ["api.example.com"] },
  ],
  notes: [],
};

describe("dondominio-export: rendering", () => {
  const { files, summary } = renderProject(SNAPSHOT, { packageVersion: "^0.1.0" });
  const index = files["index.ts"];

  it("writes a complete project; tsconfig.json is the quickstart example's", () => {
    expect(Object.keys(files).sort()).to.deep.equal(["Pulumi.yaml", "README.md", "index.ts", "package.json", "tsconfig.json"]);
    expect(JSON.parse(files["tsconfig.json"])).to.deep.equal(JSON.parse(readFileSync(join(__dirname, "../../examples/quickstart/tsconfig.json"), "utf8")));
    expect(JSON.parse(files["package.json"]).dependencies).to.have.keys("@pulumi/pulumi", "pulumi-dondominio");
    expect(files["Pulumi.yaml"]).to.match(/^name: dondominio-account\nruntime: nodejs\n/);
  });

  it("declares every object adopted, one line each, records grouped per zone", () => {
    expect(index).to.include('new Contact("contact-gar-20001", { contactId: "GAR-20001" });');
    expect(index).to.include(
      'new Domain("example-com", { name: "example.com", registration: "adopt", nameservers: ["ns1.example.com", "ns2.example.net"], transferBlock: true, modifyBlock: false, whoisPrivacy: false, viewWhois: true, renewalMode: "autorenew", tags: ["prod"] });',
    );
    expect(index).to.include('new Domain("pending-org", { name: "pending.org", registration: "adopt", waitFor: "submitted" });');
    expect(index).to.include('new GlueRecord("ns1-example-com-glue", { domain: "example.com", name: "ns1.example.com", ipv4: "192.0.2.53", adopt: true });');
    expect(index).to.include('new DnssecKey("example-com-ds-12345", ');
    expect(index).to.include('new HostingService("example-com", { name: "example.com", productKey: "basic", registration: "adopt" });');
    expect(index).to.include(
      'new DnsRecord("example-com-www-a", { serviceName: "example.com", name: "www", type: "A", value: "192.0.2.1", ttl: 300, adopt: true });',
    );
    expect(index.match(/new DnsRecord\("example-com-mx-[0-9a-f]{6}"/g)).to.have.length(2);
    expect(index).to.include("// DNS zone example.com: 3 records");
    expect(index).to.include(
      'new Database("database-db1-1", { serviceName: "example.com", name: "db1_1", externalAccess: true, password: config.getSecret("database-db1-1-password"), adopt: true });',
    );
  });

  it("passwords are optional config secrets listed in the README; comments mark what cannot be expressed", () => {
    expect(summary.secrets.map((s) => s.key)).to.deep.equal([
      "mailbox-info-example-com-password",
      "ftp-deploy-example-com-password",
      "database-db1-1-password",
    ]);
    for (const s of summary.secrets) expect(files["README.md"]).to.include(`pulumi config set --secret ${s.key}`);
    expect(index).to.include("an SSL certificate is installed: not declared");
    expect(summary.skipped.map((s) => s.what)).to.include.members(["DNSSEC of pending.org", "SSL installed on subdomain blog.example.com"]);
    expect(summary.counts).to.deep.include({ DnsRecord: 3, Domain: 2, MailBox: 1, FtpAccount: 1, Database: 1, SslCertificate: 2 });
  });

  it("declares certificates adopted by certificateId, two of one name told apart, no key", () => {
    const lines = index.split("\n").filter((l) => l.includes("new SslCertificate("));
    expect(lines).to.have.length(2);
    expect(lines[0]).to.match(
      /^ {2}new SslCertificate\("certificate-www-example-com-[0-9a-f]{6}", \{ certificateId: 7, productId: 101, commonName: "www\.example\.com" \}\);$/,
    );
    expect(lines[1]).to.match(
      /new SslCertificate\("certificate-www-example-com-[0-9a-f]{6}", \{ certificateId: 9, productId: 103, commonName: "www\.example\.com", alternativeNames: \["api\.example\.com"\] \}\); \/\/ status process: being validated/,
    );
    expect(index).to.match(/^import \{[^}]*\bSslCertificate\b[^}]*\} from "pulumi-dondominio";$/m);
    expect(index).to.not.match(/privateKey:/);
  });

  it("the command: usage errors exit 2 before any call; credentials only from the environment", async () => {
    const c = capture();
    expect(await main([], {}, c.io)).to.equal(2);
    expect(c.stderr()).to.include("--out DIR is required");
    c.clear();
    expect(await main(["--out", "/nonexistent/x", "--password", "hunter2-secret"], {}, c.io)).to.equal(2);
    // Refused by name (the refusal is what the scan reads), the value not repeated.
    expect(c.stderr()).to.match(/^dondominio-export: Unknown option '--password'\n/);
    expect(c.stderr()).to.not.include("hunter2-secret");
    c.clear();
    expect(await main(["--out", "/nonexistent/x"], { DONDOMINIO_API_USER: "me" }, c.io)).to.equal(2);
    expect(c.stderr()).to.include("DONDOMINIO_API_PASSWD");
  });

  it("is deterministic", () => {
    expect(renderProject(SNAPSHOT, { packageVersion: "^0.1.0" }).files).to.deep.equal(files);
  });
});

describe("dondominio-export: rendering with --zones", () => {
  const svc = SNAPSHOT.services[0];
  const rec = (id: string, name: string, type: string, value: string, more: { ttl?: number; priority?: number } = {}) =>
    ({ entityID: id, serviceName: "example.com", name, type, value, ...more }) as AccountSnapshot["services"][0]["dns"][0];
  const withApexNs = {
    ...svc,
    dns: [...svc.dns, rec("S-4", "example.com", "NS", "ns1.dondominio.net"), rec("S-5", "example.com", "NS", "ns2.dondominio.net")],
  };
  const zoned = (dns: AccountSnapshot["services"][0]["dns"]) =>
    renderProject({ ...SNAPSHOT, services: [{ ...svc, dns }] }, { packageVersion: "^0.1.0", zones: true });

  it("writes one DnsZone per service, one record a line sorted like the DnsRecord output, purge: true, apex NS left undeclared", () => {
    const { files, summary } = zoned(withApexNs.dns);
    const index = files["index.ts"];
    expect(index).to.not.include("new DnsRecord(");
    expect(index).to.match(/^import \{[^}]*\bDnsZone\b[^}]*\} from "pulumi-dondominio";$/m);
    const start = index.indexOf('  new DnsZone("example-com", {');
    expect(start, index).to.be.greaterThan(0);
    expect(index.slice(start, index.indexOf("  });", start) + 5)).to.equal(
      [
        '  new DnsZone("example-com", {',
        '    serviceName: "example.com",',
        "    purge: true,",
        "    records: [",
        '      { name: "@", type: "MX", value: "mx1.example.net", priority: 10 },',
        '      { name: "@", type: "MX", value: "mx2.example.net", priority: 20 },',
        '      { name: "www", type: "A", value: "192.0.2.1", ttl: 300 },',
        "    ],",
        "  });",
      ].join("\n"),
    );
    expect(index).to.include(
      "// Apex NS records (the zone's delegation), not declared: DnsZone never touches them while undeclared: ns1.dondominio.net, ns2.dondominio.net",
    );
    expect(index).to.include("// purge: true is safe: every other record the zone holds is declared below");
    expect(summary.counts).to.deep.include({ DnsZone: 1, HostingService: 1 });
    expect(summary.counts).to.not.have.property("DnsRecord");
    expect(summary.zoneRecords).to.equal(3);
    expect(summaryText(summary)).to.match(/resources: .*1 DnsZone \(3 records\)/);
    expect(summary.skipped.map((x) => x.what)).to.include("apex NS records of example.com (2)");
    expect(files["README.md"]).to.include("## DNS zones");
    // The same account without --zones: no DnsZone, no zones section.
    expect(renderProject(SNAPSHOT, { packageVersion: "^0.1.0" }).files["README.md"]).to.not.include("## DNS zones");
  });

  it("a record DnsZone cannot express is a comment, and its zone gets purge: false", () => {
    const { files, summary } = zoned([...svc.dns, rec("S-6", "x.example.com", "PTR", "host.example.net"), rec("S-7", "c.example.com", "CNAME", "192.0.2.9")]);
    const index = files["index.ts"];
    expect(index).to.include('// DNS record not declared: x.example.com PTR "host.example.net" (a type DnsZone does not take');
    expect(index).to.match(/\/\/ DNS record not declared: c\.example\.com CNAME "192\.0\.2\.9" \(value: a CNAME record points to a host name/);
    expect(index).to.include("    purge: false,");
    expect(index).to.not.include('"c"');
    expect(summary.zoneRecords).to.equal(3);
    expect(summary.skipped.filter((x) => x.what.startsWith("DNS record "))).to.have.length(2);
  });
});

// ---------------------------------------------------------------------------------------------

/** The seeded account's zones and how many records of each type go in each. */
const ZONES = ["alpha-export.com", "beta-export.net", "café-export.com"];
const PASSWORD = "Seed-Pass-1234";

/** ~100 records per zone: every type DnsRecord takes. */
function recordsFor(zone: string, z: number): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let i = 1; i <= 40; i++) out.push({ name: `h${i}`, type: "A", value: `192.0.${z}.${i}`, ttl: 300 + i });
  for (let i = 1; i <= 20; i++) out.push({ name: `h${i}`, type: "AAAA", value: `2001:db8:${z}::${i.toString(16)}` });
  for (let i = 1; i <= 15; i++) out.push({ name: `c${i}`, type: "CNAME", value: `h${i}.${zone}` });
  for (let i = 1; i <= 3; i++) out.push({ name: "@", type: "MX", value: `mx${i}.mail.example.net`, priority: i * 10 });
  for (let i = 1; i <= 5; i++) out.push({ name: `_sip${i}._tcp`, type: "SRV", value: `5 50${i} sip.example.net`, priority: i });
  for (let i = 1; i <= 10; i++) out.push({ name: i === 1 ? "@" : `t${i}`, type: "TXT", value: `v=spf1 include:_spf${i}.example.net ~all` });
  for (let i = 1; i <= 3; i++) out.push({ name: "sub", type: "NS", value: `ns${i}.example.org` });
  out.push({ name: "@", type: "CAA", value: '0 issue "letsencrypt.org"' });
  out.push({ name: "@", type: "CAA", value: '0 iodef "mailto:security@example.org"' });
  return out;
}

async function seed(h: Harness): Promise<{ certificateId: number }> {
  const c = h.client;
  const call = (op: OperationName, params: Record<string, unknown>) => c.call(op, params as never) as Promise<any>;
  const owner = (await call("contact/create", contactCreateParams(OWNER))).contactID as string;
  await call("contact/create", contactCreateParams({ ...OWNER, firstName: "Marta", email: "marta@example.com" }));
  // A domain left to expire: registered, made manual, then a year and more passes.
  await call("domain/create", { domain: "lapsed-export.com", ownerContactID: owner });
  await h.emu.control.advanceClock(2 * 3600);
  await call("domain/update", { domain: "lapsed-export.com", updateType: "renewalMode", renewalMode: "manual" });
  await h.emu.control.advanceClock(367 * DAY);
  for (const d of ZONES) await call("domain/create", { domain: d, ownerContactID: owner });
  await h.emu.control.advanceClock(2 * 3600);
  await call("domain/update", { domain: "alpha-export.com", updateType: "transferBlock", transferBlock: true });
  await call("domain/update", { domain: "alpha-export.com", updateType: "tag", tag: "prod,web" });
  await call("domain/gluerecordcreate", { domain: "alpha-export.com", name: "ns1.alpha-export.com", ipv4: "192.0.2.53" });
  await call("domain/updatenameservers", { domain: "alpha-export.com", nameservers: ["ns1.alpha-export.com", "ns2.example.net"] });
  await call("domain/dnsseccreate", {
    domain: "alpha-export.com",
    keytag: 12345,
    algorithm: 13,
    digesttype: 2,
    digest: "2bb183af5f22588179a53b0a98631fad1a292118a8a1c8a9ccdf1c1d0e8a8ab0",
  });
  // Still being registered when exported (the delays are an hour: the test never reaches them).
  await call("domain/create", { domain: "pending-export.org", ownerContactID: owner });

  for (const [z, zone] of ZONES.entries()) {
    await call("service/create", { serviceName: zone, productkey: z === 1 ? "professional" : "basic", period: 1 });
    for (const r of recordsFor(zone, z + 1)) await call("service/dnscreate", { serviceName: zone, ...r });
  }
  const svc = ZONES[0];
  await call("service/mailcreate", { serviceName: svc, name: "info", password: PASSWORD });
  await call("service/mailcreate", { serviceName: svc, name: "sales", password: PASSWORD });
  await call("service/mailaliascreate", { serviceName: svc, name: "hello", target: ["info@alpha-export.com", "ops@example.org"] });
  await call("service/redirectcreate", { serviceName: svc, origin: "old", destination: "https://www.example.org/new", type: "301" });
  await call("service/redirectcreate", { serviceName: ZONES[1], origin: "shop", destination: "https://shop.example.org/", type: "302" });
  await call("service/ftpcreate", { serviceName: svc, name: "deploy", ftpPath: "/public", password: PASSWORD });
  await call("service/ftpcreate", { serviceName: ZONES[1], name: "backup", ftpPath: "/backup", password: PASSWORD });
  await call("service/ddbbcreate", { serviceName: svc, password: PASSWORD });
  await call("service/ddbbcreate", { serviceName: ZONES[1], password: PASSWORD, externalAccess: true });
  await call("service/subdomaincreate", { serviceName: svc, name: "blog", ftpPath: "/blog" });
  await call("service/subdomaincreate", { serviceName: ZONES[2], name: "docs", ftpPath: "/docs" });
  // An issued certificate (http validation completes by itself once the clock moves).
  const csr = await call("ssl/csrcreate", {
    commonName: `www.${svc}`,
    organizationName: "Export S.L.",
    organizationalUnitName: "IT",
    countryName: "ES",
    stateOrProvinceName: "Barcelona",
    localityName: "Barcelona",
    emailAddress: "it@example.com",
  });
  const cert = (await call("ssl/create", { csrData: csr.csrData, productID: 101, validationMethod: "http", adminContactID: owner })).ssl;
  await h.emu.control.advanceClock(60);
  return { certificateId: cert.certificateID };
}

/** The project as a user has it, under WORK_ROOT where the packed package is installed. */
function userProject(from: string): string {
  const dir = join(WORK_ROOT, "export", `account-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  cpSync(from, dir, { recursive: true });
  return dir;
}

/** The generated index.ts as an inline program, read afresh on every run (the tests edit it). */
const programOf = (dir: string) => async () => {
  const file = join(dir, "index.ts");
  delete require.cache[require.resolve(file)];
  const fn = require(file);
  return (typeof fn === "function" ? fn : fn.default)();
};

describe("dondominio-export: a seeded account, exported and applied through the engine", function () {
  this.timeout(1_800_000);
  let h: Harness;
  let out: string;
  let certificateId: number;

  before(async () => {
    h = await startHarness({ delays: { registerInitSec: 3600, registerPendingSec: 60, sslValidationSec: 5 } });
    certificateId = (await seed(h)).certificateId;
    mkdirSync(WORK_ROOT, { recursive: true });
    out = mkdtempSync(join(tmpdir(), "dondominio-export-"));
  });
  const credentials = () => ({
    DONDOMINIO_API_USER: h.emu.apiUser,
    DONDOMINIO_API_PASSWD: h.emu.apiPasswd,
    DONDOMINIO_BASE_URL: h.emu.url,
    DONDOMINIO_CA_CERT_FILE: h.emu.caFile,
    DONDOMINIO_MAX_OPS_PER_MINUTE: "20000",
  });
  /** The generated project's first up, in a new stack: no write call, the balance unchanged. */
  async function adoptingUp(dir: string, label: string) {
    const eng = await h.stack(programOf(dir));
    const balance = async () => ((await h.client.call("account/info", {} as never)) as { balance: number }).balance;
    const before = await balance();
    await h.emu.control.counters({ reset: true });
    const up = await eng.stack.up();
    const counters = await h.emu.control.counters();
    expect(writeCalls(counters.calls), "the first up writes nothing").to.deep.equal({});
    expect(await balance()).to.equal(before);
    const created = up.summary.resourceChanges?.create ?? 0;
    console.log(`      ${label}: ${created} resources adopted with ${counters.totalCalls} API calls (${JSON.stringify(counters.calls)}), 0 writes`);
    return { eng, created };
  }
  after(async () => {
    await h?.close();
    if (out && !process.env.KEEP_EXPORT) rmSync(out, { recursive: true, force: true });
    else if (out) console.log(`      kept ${out}`);
  });

  it("exports the account through the command: reads only, a line per collection, a summary", async () => {
    await h.emu.control.counters({ reset: true });
    const env = credentials();
    const started = Date.now();
    const c = capture();
    const status = await main(["--out", out], env, c.io);
    const elapsed = Date.now() - started;
    const stderr = c.stderr();
    expect(status, stderr).to.equal(0);
    const counters = await h.emu.control.counters();
    expect(writeCalls(counters.calls), "the export only reads").to.deep.equal({});
    const index = readFileSync(join(out, "index.ts"), "utf8");
    console.log(
      `      export: ${elapsed} ms, ${counters.totalCalls} API calls (${JSON.stringify(counters.calls)}); index.ts ${index.split("\n").length} lines, ${Buffer.byteLength(index)} bytes`,
    );
    expect(stderr).to.match(/^contacts: 2$/m);
    expect(stderr).to.match(/^domains: 5 /m);
    expect(stderr).to.match(/^alpha-export\.com: \d+ DNS records, 2 mailboxes, 1 aliases, 1 redirects, 1 FTP accounts, 1 databases, 1 subdomains$/m);
    expect(stderr).to.match(/resources: .*DnsRecord/);
    expect(stderr).to.include("certificate");
    // The passwords the API returned (FTP, databases) are nowhere in the project.
    for (const f of ["index.ts", "README.md"]) expect(readFileSync(join(out, f), "utf8")).to.not.include(PASSWORD);
    expect(index).to.include('new Domain("cafe-export-com", { name: "café-export.com", registration: "adopt"');
    expect(index).to.match(/new Domain\("pending-export-org", \{ name: "pending-export.org", registration: "adopt", waitFor: "submitted"/);
    expect(index).to.match(/new Domain\("lapsed-export-com", .*renewalMode: "manual"/);
    expect((index.match(/new DnsRecord\(/g) ?? []).length).to.be.greaterThan(300);
    // The issued certificate, adopted by its id; its key (the API holds it: ssl/csrcreate made it) is not written.
    expect(index).to.include(
      `new SslCertificate("certificate-www-alpha-export-com", { certificateId: ${certificateId}, productId: 101, commonName: "www.alpha-export.com" });`,
    );
    expect(index).to.not.include("PRIVATE KEY");
  });

  it("--domain takes that domain and its service only; a name not in the account is said so", async () => {
    const dir = mkdtempSync(join(tmpdir(), "dondominio-export-"));
    const c = capture();
    try {
      expect(await main(["--out", dir, "--domain", "CAFÉ-export.com", "--domain", "nowhere.example"], credentials(), c.io), c.stderr()).to.equal(0);
      const err = c.stderr();
      const index = readFileSync(join(dir, "index.ts"), "utf8");
      expect(index.match(/new Domain\(/g)).to.have.length(1);
      expect(index.match(/new HostingService\(/g)).to.have.length(1);
      expect(index).to.include('new HostingService("cafe-export-com"');
      expect(index).to.not.include("alpha-export.com");
      expect(err).to.include("--domain nowhere.example: not in this account");
      expect(err).to.include("contacts: not exported with --domain/--service");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("applies as a no-op (0 writes, balance unchanged), previews and refreshes clean, and a one-line edit is one update", async () => {
    const dir = userProject(out);
    const { eng, created } = await adoptingUp(dir, "first up");
    expect(created).to.be.greaterThan(320);

    const preview = await eng.stack.preview();
    const { same, ...rest } = preview.changeSummary as Record<string, number>;
    expect(rest, JSON.stringify(preview.changeSummary)).to.deep.equal({});
    expect(same).to.equal(created);
    const refresh = await eng.stack.refresh();
    const { same: same2, ...rest2 } = (refresh.summary.resourceChanges ?? {}) as Record<string, number>;
    expect(rest2, JSON.stringify(refresh.summary.resourceChanges)).to.deep.equal({});
    expect(same2).to.equal(created);

    // One line: one record's value.
    const file = join(dir, "index.ts");
    const text = readFileSync(file, "utf8");
    const lineOf = text.split("\n").find((l) => l.includes('new DnsRecord("alpha-export-com-h7-a"'));
    expect(lineOf).to.include('value: "192.0.1.7"');
    writeFileSync(file, text.replace(lineOf as string, (lineOf as string).replace('value: "192.0.1.7"', 'value: "192.0.1.207"')));
    await h.emu.control.counters({ reset: true });
    const edit = await eng.stack.up();
    expect(edit.summary.resourceChanges).to.deep.equal({ same: created - 1, update: 1 });
    expect(writeCalls((await h.emu.control.counters()).calls)).to.deep.equal({ "service/dnsupdate": 1 });
  });
  it("--zones: one DnsZone per service adopts each zone with 0 writes, previews and refreshes clean, and a one-record edit is one dnsupdate", async () => {
    const dir = mkdtempSync(join(tmpdir(), "dondominio-export-zones-"));
    try {
      await h.emu.control.counters({ reset: true });
      const started = Date.now();
      const c = capture();
      expect(await main(["--out", dir, "--zones"], credentials(), c.io), c.stderr()).to.equal(0);
      const elapsed = Date.now() - started;
      const counters = await h.emu.control.counters();
      expect(writeCalls(counters.calls)).to.deep.equal({});
      const index = readFileSync(join(dir, "index.ts"), "utf8");
      const plain = readFileSync(join(out, "index.ts"), "utf8");
      console.log(
        `      export --zones: ${elapsed} ms, ${counters.totalCalls} API calls; index.ts ${index.split("\n").length} lines, ${Buffer.byteLength(index)} bytes (without --zones: ${plain.split("\n").length} lines, ${Buffer.byteLength(plain)} bytes)`,
      );
      expect(index).to.not.include("new DnsRecord(");
      expect(index.match(/new DnsZone\(/g)).to.have.length(ZONES.length);
      // Every record of the DnsRecord export is in a zone (the apex NS records aside: left undeclared).
      const declared = (plain.match(/new DnsRecord\(/g) ?? []).length;
      const apexNs = (plain.match(/name: "@", type: "NS"/g) ?? []).length;
      const zoneRecords = (index.match(/^ {6}\{ name: /gm) ?? []).length;
      expect(zoneRecords).to.equal(declared - apexNs);
      expect(c.stderr()).to.match(new RegExp(`resources: .*${ZONES.length} DnsZone \\(${zoneRecords} records\\)`));
      expect(index).to.include('new DnsZone("alpha-export-com", {\n    serviceName: "alpha-export.com",\n    purge: true,\n    records: [');

      const project = userProject(dir);
      const { eng, created } = await adoptingUp(project, "first up --zones");
      // Every resource of the program, and the stack.
      expect(created).to.equal((index.match(/^ {2}new [A-Za-z]+\(/gm) ?? []).length + 1);
      await expectEmptyPlan(eng);
      await expectCleanRefresh(eng, created);

      // One record of the zone, one line: exactly one dnsupdate.
      const file = join(project, "index.ts");
      const text = readFileSync(file, "utf8");
      const from = '{ name: "h8", type: "A", value: "192.0.1.8", ttl: 308 },';
      expect(text.split("\n").filter((l) => l.trim() === from)).to.have.length(1);
      writeFileSync(file, text.replace(from, from.replace("192.0.1.8", "192.0.1.208")));
      await h.emu.control.counters({ reset: true });
      const edit = await eng.stack.up();
      expect(edit.summary.resourceChanges).to.deep.equal({ same: created - 1, update: 1 });
      expect(writeCalls((await h.emu.control.counters()).calls)).to.deep.equal({ "service/dnsupdate": 1 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
