/**
 * An AccountSnapshot (read.ts) as a TypeScript Pulumi project: Pulumi.yaml, package.json,
 * tsconfig.json (the one examples/quickstart has, which Pulumi's Node language host compiles),
 * index.ts and README.md. Pure and deterministic: the same account gives the same files, so a
 * second export diffs cleanly against the first.
 *
 * Every object is declared adopted (`adopt: true`; Domain and HostingService `registration:
 * "adopt"`; Contact its `contactId` alone; SslCertificate its `certificateId`) with the values the
 * API answered, so the first `up` records the account and writes nothing. Passwords are never
 * written: each is an optional stack config secret; left unset, the live password is kept (the
 * provider writes none on adopt). Private keys are never read nor written.
 */
import { PRODUCT_KEYS } from "../../sdk/catalogue/service";
import { DNS_TYPES, isDnsType, type ListedRecord, normalizeZone, relativeName } from "../../sdk/rules";
import { isApexNs, recordKey } from "../resources/dns-zone/mapping";
import { dnsZoneInputs } from "../resources/dns-zone/schema";
import type { AccountSnapshot, DomainSnapshot, ServiceSnapshot } from "./read";
import { type Code, concat, fixed, ident, inline, lines, note, ts } from "./code";
import { recordBase, secretKey, slug, uniqueNames } from "./names";
import { validProjectName, yamlProjectName } from "./project-name";

export interface RenderOptions {
  /** The Pulumi project name (default "dondominio-account"). */
  projectName?: string;
  /** The version range of pulumi-dondominio the project depends on (default: this package's, "^x.y.z"). */
  packageVersion?: string;
  /** --zones: the records of each service as one DnsZone (zoneBlock) instead of one DnsRecord each. */
  zones?: boolean;
}

export interface ExportSummary {
  /** Resources declared, per resource type. */
  counts: Record<string, number>;
  /** Stack config secrets the program reads (optional: unset keeps the live password). */
  secrets: { key: string; what: string }[];
  /** What was not declared, and why. */
  skipped: { what: string; why: string }[];
  /** --zones: the records declared in the DnsZone resources, all zones together. */
  zoneRecords?: number;
}

export interface RenderedProject {
  files: Record<string, string>;
  summary: ExportSummary;
}

/**
 * One resource as one line: `new Type("name", { ... });` (a one-line edit changes one object). Data
 * only as literals, a comment from data flattened to one inert line (code.ts).
 */
const line = (type: string, name: string, args: Record<string, unknown>, comment?: string): Code =>
  comment ? concat(ts`  new ${ident(type)}(${name}, ${args}); `, note`${comment}`) : ts`  new ${ident(type)}(${name}, ${args});`;

/** The files renderProject writes, in this order. */
export const PROJECT_FILES = ["Pulumi.yaml", "package.json", "tsconfig.json", "index.ts", "README.md"] as const;

const RENEWAL_MODES = new Set(["autorenew", "manual", "letexpire"]);

/**
 * Where the parts of a program go while it is written: the declarations (body), what each type
 * counts, the config secrets the program reads, and what was left out.
 */
interface Sink {
  add(type: string, name: string, args: Record<string, unknown>, comment?: string): void;
  body: Code[];
  secret(resourceName: string, what: string): Code;
  skipped: ExportSummary["skipped"];
  /** --zones: takes a service's DnsZone as written lines, and its record count. */
  zones?: (code: Code[], records: number) => void;
  counts: Record<string, number>;
  /** The resource types the program imports. */
  used: Set<string>;
  secrets: ExportSummary["secrets"];
  zoneRecords: number;
}

function newSink(notes: readonly string[], zones: boolean): Sink {
  const sink: Sink = {
    body: [],
    counts: {},
    used: new Set<string>(),
    secrets: [],
    zoneRecords: 0,
    skipped: notes.map((n) => {
      const [what, ...why] = n.split(": ");
      return { what, why: why.join(": ") };
    }),
    add(type, name, args, comment) {
      sink.counts[type] = (sink.counts[type] ?? 0) + 1;
      sink.used.add(type);
      sink.body.push(line(type, name, args, comment));
    },
    secret(resourceName, what) {
      const key = secretKey(resourceName);
      sink.secrets.push({ key, what });
      return ts`config.getSecret(${key})`;
    },
  };
  if (zones)
    sink.zones = (code, records) => {
      sink.counts.DnsZone = (sink.counts.DnsZone ?? 0) + 1;
      sink.zoneRecords += records;
      sink.used.add("DnsZone");
      sink.body.push(...code);
    };
  return sink;
}

export function renderProject(snapshot: AccountSnapshot, options: RenderOptions = {}): RenderedProject {
  const projectName = validProjectName(options.projectName ?? "dondominio-account");
  const sink = newSink(snapshot.notes, options.zones === true);
  renderContacts(snapshot.contacts, sink);
  renderDomains(snapshot.domains, sink);
  const serviceNames = uniqueNames(snapshot.services.map((s) => ({ base: slug(s.name), identity: s.name })));
  for (const [i, s] of snapshot.services.entries()) renderService(s, serviceNames[i], sink);
  renderCertificates(snapshot.certificates, sink);
  const summary: ExportSummary = {
    counts: sink.counts,
    secrets: sink.secrets,
    skipped: sink.skipped,
    ...(options.zones ? { zoneRecords: sink.zoneRecords } : {}),
  };
  return {
    files: {
      // projectName: Pulumi's rule (project-name.ts), so it is one YAML scalar; quoted where YAML would read no string.
      "Pulumi.yaml": `name: ${yamlProjectName(projectName)}\nruntime: nodejs\ndescription: A DonDominio account, exported by dondominio-export\n`,
      "package.json": packageJson(projectName, options.packageVersion),
      "tsconfig.json": TSCONFIG,
      "index.ts": indexFile(sink),
      "README.md": readme(projectName, summary, options.zones === true && sink.counts.DnsZone !== undefined),
    },
    summary,
  };
}

function packageJson(projectName: string, packageVersion: string | undefined): string {
  const pkg = {
    name: projectName,
    private: true,
    main: "index.ts",
    dependencies: { "@pulumi/pulumi": "^3.216.0", "pulumi-dondominio": packageVersion ?? "^0.1.0" },
    devDependencies: { typescript: "^5.9.3" },
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/** index.ts: the program, its imports the types the body declares. */
function indexFile(sink: Sink): string {
  const imports = [...sink.used].sort().map((t) => ident(t).text);
  return [
    "/**",
    ` * The DonDominio account as dondominio-export read it. Every object is adopted (adopt: true, or`,
    ` * registration: "adopt"), with the values the API answered, so the first \`pulumi up\` records the`,
    " * account and writes and spends nothing. From then on this program is the account: change a line",
    " * and `pulumi up` applies it. Passwords are stack config secrets (README.md); unset, the live one is kept.",
    " */",
    'import * as pulumi from "@pulumi/pulumi";',
    `import { ${imports.join(", ")} } from "pulumi-dondominio";`,
    "",
    "export = async () => {",
    ...(sink.secrets.length ? ["  const config = new pulumi.Config();"] : ["  void pulumi;"]),
    lines(sink.body),
    "};",
    "",
  ].join("\n");
}

function renderContacts(contacts: AccountSnapshot["contacts"], out: Sink): void {
  if (!contacts.length) return;
  out.body.push(fixed(""), fixed("  // ---- Contacts (adopted by id: the API changes no contact data in place) ----"));
  const names = uniqueNames(contacts.map((c) => ({ base: `contact-${slug(c.contactId)}`, identity: c.contactId })));
  for (const [i, c] of contacts.entries()) out.add("Contact", names[i], { contactId: c.contactId }, `${c.name} <${c.email}>, ${c.country}`);
}

function renderDomains(domains: DomainSnapshot[], out: Sink): void {
  if (!domains.length) return;
  out.body.push(fixed(""), fixed("  // ---- Domains (registration: adopt spends nothing; settings as the API answered them) ----"));
  const names = uniqueNames(domains.map((d) => ({ base: slug(d.name), identity: d.ascii })));
  const glueNames = uniqueNames(domains.flatMap((d) => d.glue.map((g) => ({ base: `${slug(g.name)}-glue`, identity: `${d.ascii} ${g.name}` }))));
  const keyNames = uniqueNames(
    domains.flatMap((d) =>
      d.dnssec.map((k) => ({ base: `${slug(d.name)}-ds-${k.keytag}`, identity: `${d.ascii} ${k.keytag} ${k.algorithm} ${k.digesttype} ${k.digest}` })),
    ),
  );
  let g = 0;
  let k = 0;
  for (const [i, d] of domains.entries()) {
    const { args, notes } = domainArgs(d);
    if (d.status !== "active") out.body.push(note`  ${d.name}: status ${d.status}${d.tsExpir ? `, expiry ${d.tsExpir}` : ""}`);
    out.add("Domain", names[i], args, notes.join("; ") || undefined);
    for (const glue of d.glue) out.add("GlueRecord", glueNames[g++], { domain: d.name, name: glue.name, ipv4: glue.ipv4, ipv6: glue.ipv6, adopt: true });
    for (const key of d.dnssec) {
      const { keytag, algorithm, digesttype, digest } = key;
      out.add("DnssecKey", keyNames[k++], { domain: d.name, keytag, algorithm, digesttype, digest, adopt: true });
    }
    if (d.dnssecNote) out.skipped.push({ what: `DNSSEC of ${d.name}`, why: d.dnssecNote.replace(/^DNSSEC entries not read: /, "not read: ") });
  }
}

function renderCertificates(certificates: AccountSnapshot["certificates"], out: Sink): void {
  if (!certificates.length) return;
  out.body.push(
    fixed(""),
    fixed("  // ---- SSL certificates (adopted by certificateId: nothing is ordered or written). Private keys are"),
    fixed("  // never exported, even one the API holds; privateKey is an optional secret input for a key you hold ----"),
  );
  const names = uniqueNames(certificates.map((c) => ({ base: `certificate-${slug(c.commonName)}`, identity: String(c.certificateId) })));
  for (const [i, c] of certificates.entries()) {
    const args = {
      certificateId: c.certificateId,
      productId: c.productId,
      commonName: c.commonName,
      alternativeNames: c.alternativeNames.length ? c.alternativeNames : undefined,
    };
    out.add("SslCertificate", names[i], args, certificateNote(c.status));
  }
}

function domainArgs(d: DomainSnapshot): { args: Record<string, unknown>; notes: string[] } {
  const notes: string[] = [];
  const args: Record<string, unknown> = { name: d.name, registration: "adopt" };
  // An adopted domain still being registered or transferred: do not wait for it to become active.
  if (d.status !== "active") args.waitFor = "submitted";
  if (d.nameservers !== undefined) args.nameservers = d.nameservers;
  for (const k of ["transferBlock", "modifyBlock", "whoisPrivacy", "viewWhois"] as const) if (d[k] !== undefined) args[k] = d[k];
  if (d.renewalMode !== undefined) {
    if (RENEWAL_MODES.has(d.renewalMode)) args.renewalMode = d.renewalMode;
    else notes.push(`renewal mode "${d.renewalMode}" is none Domain takes: left unmanaged`);
  }
  if (d.tags.length) args.tags = d.tags;
  return { args, notes };
}

function renderService(s: ServiceSnapshot, name: string, out: Sink): void {
  const svc = s.name;
  out.body.push(fixed(""), note`  ==== ${svc} ====`);
  if ((PRODUCT_KEYS as readonly string[]).includes(s.productKey))
    out.add("HostingService", name, { name: svc, productKey: s.productKey, registration: "adopt" }, s.status !== "active" ? `status ${s.status}` : undefined);
  else out.skipped.push({ what: `service ${svc}`, why: `product "${s.productKey}" is none HostingService takes` });

  // DNS: sorted by name, type, value; one line each.
  if (out.zones) renderZone(s, name, out.zones, out.skipped);
  const records = out.zones ? [] : s.dns.filter((r) => isDnsType(r.type));
  for (const r of out.zones ? [] : s.dns.filter((x) => !isDnsType(x.type))) {
    out.body.push(note`  DNS record not declared: ${r.name} ${r.type} ${JSON.stringify(r.value)} (DnsRecord takes ${DNS_TYPES.join(", ")})`);
    out.skipped.push({ what: `DNS record ${r.name} ${r.type} in ${svc}`, why: "a type DnsRecord does not take" });
  }
  if (records.length) {
    out.body.push(note`  DNS zone ${svc}: ${records.length} records`);
    const sorted = [...records].sort(byRecord);
    const names = uniqueNames(sorted.map((r) => ({ base: recordBase(svc, relativeName(svc, r.name), r.type), identity: `${r.name} ${r.type} ${r.value}` })));
    for (const [i, r] of sorted.entries()) out.add("DnsRecord", names[i], recordArgs(svc, r));
  }

  if (s.mail.length || s.aliases.length) out.body.push(note`  Mail of ${svc}`);
  const mail = [...s.mail].sort((a, b) => a.name.localeCompare(b.name));
  const mailNames = uniqueNames(mail.map((m) => ({ base: `mailbox-${slug(m.name)}`, identity: m.name })));
  for (const [i, m] of mail.entries())
    out.add(
      "MailBox",
      mailNames[i],
      { serviceName: svc, name: m.name, password: out.secret(mailNames[i], `mailbox ${m.name}`), adopt: true },
      `${m.usage} of ${m.quotaMax} bytes used`,
    );
  const aliases = [...s.aliases].sort((a, b) => a.name.localeCompare(b.name));
  const aliasNames = uniqueNames(aliases.map((a) => ({ base: `alias-${slug(a.name)}`, identity: a.name })));
  for (const [i, a] of aliases.entries()) out.add("MailAlias", aliasNames[i], { serviceName: svc, name: a.name, targets: a.targets, adopt: true });

  const redirects = [...s.redirects].sort((a, b) => a.origin.localeCompare(b.origin));
  const redirectNames = uniqueNames(redirects.map((r) => ({ base: `redirect-${slug(r.origin)}`, identity: r.origin })));
  if (redirects.length) out.body.push(note`  Redirects of ${svc}`);
  for (const [i, r] of redirects.entries())
    out.add("Redirect", redirectNames[i], { serviceName: svc, origin: r.origin, destination: r.destination, type: r.type, adopt: true });

  if (s.ftp.length || s.databases.length || s.subdomains.length) out.body.push(note`  Hosting of ${svc}`);
  const ftp = [...s.ftp].sort((a, b) => a.name.localeCompare(b.name));
  const ftpNames = uniqueNames(ftp.map((f) => ({ base: `ftp-${slug(f.name)}-${slug(svc)}`, identity: `${svc} ${f.name}` })));
  for (const [i, f] of ftp.entries())
    out.add("FtpAccount", ftpNames[i], {
      serviceName: svc,
      name: f.name,
      ftpPath: f.ftpPath,
      password: out.secret(ftpNames[i], `FTP account ${f.name} of ${svc}`),
      adopt: true,
    });
  const dbs = [...s.databases].sort((a, b) => a.name.localeCompare(b.name));
  const dbNames = uniqueNames(dbs.map((d) => ({ base: `database-${slug(d.name)}`, identity: `${svc} ${d.name}` })));
  for (const [i, d] of dbs.entries())
    out.add(
      "Database",
      dbNames[i],
      { serviceName: svc, name: d.name, externalAccess: d.externalAccess, password: out.secret(dbNames[i], `database ${d.name} of ${svc}`), adopt: true },
      `user ${d.user}`,
    );
  const subs = [...s.subdomains].sort((a, b) => a.name.localeCompare(b.name));
  const subNames = uniqueNames(subs.map((x) => ({ base: `subdomain-${slug(x.name)}`, identity: x.name })));
  for (const [i, x] of subs.entries()) {
    out.add(
      "Subdomain",
      subNames[i],
      { serviceName: svc, name: x.name, ftpPath: x.ftpPath, adopt: true },
      x.hasSsl ? "an SSL certificate is installed: not declared (its private key would be written here), left as it is" : undefined,
    );
    if (x.hasSsl) out.skipped.push({ what: `SSL installed on subdomain ${x.name}`, why: "its private key would be written in the program: left unmanaged" });
  }
}

/**
 * --zones: the service's records as one DnsZone, one record a line, sorted like the DnsRecord
 * output. What it declares, so that the first `up` adopts the zone with no write (DnsZone's create
 * writes nothing when the live zone already holds exactly the declared records):
 * - every record the zone holds, as the API listed it, except
 * - the apex NS records, the zone's delegation: left undeclared, where DnsZone never touches them
 *   (declared, every later change of them would need allowApexNsChanges: true); a comment lists them;
 * - records DnsZone cannot express: a type it does not take, or one its own rules (the resource's
 *   schema: DnsRecord's rules per record, no duplicates, a CNAME alone at its name) refuse or read
 *   differently from what the API listed (declaring it would rewrite it). Each gets a comment.
 * `purge: true` (written out, though it is the default) when every other live record is declared:
 * adopting deletes nothing, and from then on the program is the zone (a record added outside is
 * deleted by the next up). A zone with a record that cannot be declared gets `purge: false`, which
 * leaves undeclared records alone (those the program once declared are still deleted when removed).
 */
function renderZone(s: ServiceSnapshot, name: string, emit: NonNullable<Sink["zones"]>, skipped: ExportSummary["skipped"]): void {
  const svc = s.name;
  const zone = normalizeZone(svc);
  const apexNs = s.dns.filter((r) => isApexNs(zone, r)).sort(byRecord);
  const notDeclared: { r: ListedRecord; why: string }[] = [];
  let candidates = s.dns.filter((r) => !isApexNs(zone, r)).sort(byRecord);
  for (const r of candidates.filter((x) => !isDnsType(x.type))) notDeclared.push({ r, why: `a type DnsZone does not take (${DNS_TYPES.join(", ")})` });
  candidates = candidates.filter((r) => isDnsType(r.type));
  // The resource's own schema judges the list (no copy of its rules here); a refused record leaves it, until none is.
  for (let round = 0; round < 5 && candidates.length; round++) {
    const parsed = dnsZoneInputs.safeParse({ serviceName: svc, records: candidates.map((r) => zoneRecordArgs(svc, r)) });
    const refused = new Map<number, string>();
    if (parsed.success)
      parsed.data.records.forEach((n, i) => {
        const r = candidates[i];
        if (recordKey(n) !== recordKey(r) || n.ttl !== r.ttl || n.priority !== r.priority)
          refused.set(i, `reads back as ${JSON.stringify({ name: n.name, value: n.value, ttl: n.ttl, priority: n.priority })}: declaring it would rewrite it`);
      });
    else
      for (const issue of parsed.error.issues)
        if (issue.path[0] === "records" && typeof issue.path[1] === "number" && !refused.has(issue.path[1]))
          refused.set(issue.path[1], `${issue.path.slice(2).join(".") || "record"}: ${issue.message}`);
    if (!refused.size) break;
    for (const [i, why] of refused) notDeclared.push({ r: candidates[i], why });
    candidates = candidates.filter((_, i) => !refused.has(i));
  }
  if (!candidates.length && !notDeclared.length) return;
  const code = [note`  DNS zone ${svc}: ${candidates.length} records in one DnsZone`];
  for (const { r, why } of notDeclared) {
    code.push(note`  DNS record not declared: ${r.name} ${r.type} ${JSON.stringify(r.value)} (${why})`);
    skipped.push({ what: `DNS record ${r.name} ${r.type} in ${svc}`, why: "DnsZone cannot express it: left alone (purge: false)" });
  }
  if (apexNs.length) {
    code.push(
      note`  Apex NS records (the zone's delegation), not declared: DnsZone never touches them while undeclared: ${apexNs.map((r) => r.value).join(", ")}`,
    );
    skipped.push({ what: `apex NS records of ${svc} (${apexNs.length})`, why: "the zone's delegation: left undeclared, DnsZone never touches them" });
  }
  const purge = notDeclared.length === 0;
  code.push(
    fixed(
      purge
        ? "  // purge: true is safe: every other record the zone holds is declared below, so adopting deletes nothing; a record added outside is deleted by the next up"
        : "  // purge: false: records above that DnsZone cannot express stay as they are (purge: true would delete them)",
    ),
    ts`  new DnsZone(${name}, {`,
    ts`    serviceName: ${svc},`,
    ts`    purge: ${purge},`,
    fixed("    records: ["),
    ...candidates.map((r) => ts`      ${zoneRecordArgs(svc, r)},`),
    fixed("    ],"),
    fixed("  });"),
  );
  emit(code, candidates.length);
}

/** A record as DnsZone's records list takes it: DnsRecord's inputs without serviceName and adopt. */
function zoneRecordArgs(svc: string, r: ListedRecord): Record<string, unknown> {
  const { serviceName: _svc, adopt: _adopt, ...rest } = recordArgs(svc, r);
  return rest;
}

/** A comment for a certificate that is not simply valid. */
function certificateNote(status: string): string | undefined {
  if (["process", "renew", "reissue"].includes(status)) return `status ${status}: being validated; every plan shows it as an update until it is issued`;
  if (status !== "valid") return `status ${status}`;
  return undefined;
}

const byRecord = (a: ListedRecord, b: ListedRecord) => a.name.localeCompare(b.name) || a.type.localeCompare(b.type) || a.value.localeCompare(b.value);

function recordArgs(svc: string, r: ListedRecord): Record<string, unknown> {
  return { serviceName: svc, name: relativeName(svc, r.name), type: r.type, value: r.value, ttl: r.ttl, priority: r.priority, adopt: true };
}

/** examples/quickstart/tsconfig.json: what Pulumi's Node language host compiles a project with. */
const TSCONFIG = `${JSON.stringify(
  {
    compilerOptions: {
      strict: true,
      outDir: "bin",
      target: "es2020",
      module: "commonjs",
      moduleResolution: "node",
      sourceMap: true,
      experimentalDecorators: true,
      pretty: true,
      noFallthroughCasesInSwitch: true,
      noImplicitReturns: true,
      forceConsistentCasingInFileNames: true,
      esModuleInterop: true,
      skipLibCheck: true,
    },
    files: ["index.ts"],
  },
  null,
  2,
)}\n`;

/**
 * The text of the summary (the command prints it; README.md repeats it in a code block). Every
 * piece of data in it is one inert line (code.ts inline): no line break, control or bidi character
 * reaches the terminal or the Markdown.
 */
export function summaryText(summary: ExportSummary): string {
  const lines: string[] = [];
  const kinds = Object.entries(summary.counts).sort(([a], [b]) => a.localeCompare(b));
  const total = kinds.reduce((n, [, c]) => n + c, 0);
  const zoneRecords = (k: string) => (k === "DnsZone" && summary.zoneRecords !== undefined ? ` (${summary.zoneRecords} records)` : "");
  lines.push(`${total} resources: ${kinds.map(([k, c]) => `${c} ${k}${zoneRecords(k)}`).join(", ") || "none"}`);
  lines.push(
    summary.secrets.length
      ? `${summary.secrets.length} passwords as optional config secrets (unset: the live password is kept): ${summary.secrets.map((s) => s.key).join(", ")}`
      : "no passwords to set",
  );
  if (summary.skipped.length) {
    lines.push(`${summary.skipped.length} not declared:`);
    for (const s of summary.skipped) lines.push(`  ${inline(s.what)}: ${inline(s.why)}`);
  } else lines.push("nothing skipped");
  return lines.join("\n");
}

/** --zones: what the generated README says about the DnsZone resources (render.ts renderZone decides it). */
const ZONES_README = [
  "## DNS zones",
  "",
  "Each hosting service's records are one `DnsZone` (`--zones`), one record a line, as the API listed",
  "them, so the first `pulumi up` adopts each zone with no write. What was decided for you:",
  "",
  "- `purge: true`: every record a zone holds is declared (apart from the apex NS records below), so",
  "  adopting deletes nothing; from then on the program is the zone, and a record added outside (the",
  "  panel, another tool) is deleted by the next `pulumi up`. Add an `ignore` rule for records another",
  '  system owns (e.g. `{ name: "_acme-challenge*", type: "TXT" }`), or set `purge: false`.',
  "- The apex NS records (the zone's delegation) are not declared: DnsZone never touches them while",
  "  undeclared. A comment lists them. Declaring them makes the apex NS set managed, and every change",
  "  of it then needs `allowApexNsChanges: true`.",
  "- A record DnsZone cannot express (a type it does not take, a value its rules refuse or would",
  "  rewrite) is a comment, and its zone gets `purge: false` so that it is left as it is.",
  "",
];

/** A code fence longer than any run of backticks in `text` (CommonMark: a shorter one cannot close it). */
function fenceOf(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  return "`".repeat(Math.max(3, longest + 1));
}

function readme(projectName: string, summary: ExportSummary, zones = false): string {
  const secrets = summary.secrets.length
    ? [
        "## Passwords",
        "",
        "The API never tells a mailbox's password, and the FTP and database passwords it does tell are",
        "not copied here. Each is an optional stack config secret. Unset, the adopted object keeps its live",
        "password and nothing is written; set one, and the next `pulumi up` changes that password:",
        "",
        "```sh",
        ...summary.secrets.map((s) => `pulumi config set --secret ${inline(s.key)} '<password>'   # ${inline(s.what)}`),
        "```",
        "",
      ]
    : [];
  return [
    // Pulumi's rule leaves `_` as the only Markdown character a project name can hold.
    `# ${projectName.replace(/_/g, "\\_")}`,
    "",
    "A DonDominio account written as a Pulumi program by `dondominio-export`. Every object in",
    "`index.ts` is adopted with the values the API answered: the first `pulumi up` records them in the",
    "stack and makes no write and no purchase; `pulumi preview` after it shows no changes.",
    "",
    "```sh",
    "npm install",
    "pulumi stack init dev",
    "pulumi config set dondominio:apiUser <user>",
    "pulumi config set --secret dondominio:apiPasswd <password>",
    "pulumi up",
    "```",
    "",
    ...secrets,
    ...(zones ? ZONES_README : []),
    "## What the export found",
    "",
    fenceOf(summaryText(summary)),
    summaryText(summary),
    fenceOf(summaryText(summary)),
    "",
    "Objects removed from `index.ts` are deleted from the account by the next `pulumi up` (domains,",
    "hosting services and certificates are forgotten instead: the API deletes none of them).",
    "",
  ].join("\n");
}
