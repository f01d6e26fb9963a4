/**
 * Hostile data through dondominio-export (issue 19 items 1, 8, 9 and "What to build" 2). Every
 * string of tests/hardening/hostile-strings.ts is put, through the API as any client of the account
 * could (raw form POSTs: the sdk's own checks are not the API's), into every field the exporter
 * reads that the API lets a user set; the emulator keeps what it accepts. The account is exported
 * with the command, and the generated program is:
 * - compiled as Pulumi's language host compiles it (scripts/langhost-compile.js: the project's
 *   strict tsconfig, against the packed package's types), with no diagnostic;
 * - RUN: transpiled and executed in a Node VM with `globalThis.__pwned` defined and the two
 *   imports stubbed (each resource class records its arguments); any payload that ran calls it,
 *   and every accepted hostile value must come back intact as an argument (literals round trip).
 * README.md, Pulumi.yaml and the command's stderr hold no raw line break, control or bidi
 * character from the data. Then OUT with a planted symlink and --project with a line feed.
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import { request } from "node:https";
import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { main } from "../../provider/export";
import { writeProjectFiles } from "../../provider/export/write";
import { encodeForm } from "../../sdk/core/encoding";
import { REPO, WORK_ROOT } from "../harness/engine";
import { contactCreateParams, OWNER } from "../provider/harness";
import { runProgram } from "../export/run-program";
import { HOSTILE_STRINGS, hasUnsafeChar } from "./hostile-strings";

const run = promisify(execFile);
const ZONE = "hostile-export.com";

/** One API call as a raw form POST (the API's own validation only); undefined when refused. */
function post(emu: RunningEmulator, op: string, params: Record<string, unknown>): Promise<any> {
  const body = encodeForm({ apiuser: emu.apiUser, apipasswd: emu.apiPasswd, ...params });
  return new Promise((resolve, reject) => {
    const req = request(
      `${emu.url}/${op}/`,
      { method: "POST", ca: emu.caCert, headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const reply = JSON.parse(Buffer.concat(chunks).toString("utf8"));
          resolve(reply.success ? reply.responseData : undefined);
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The fields tried for each hostile string: [field, op, params]. */
function attempts(value: string, i: number): [string, string, Record<string, unknown>][] {
  const base = contactCreateParams(OWNER);
  return [
    ["contact LastName", "contact/create", { ...base, LastName: value }],
    ["contact FirstName", "contact/create", { ...base, FirstName: value }],
    ["contact OrgName", "contact/create", { ...base, Type: "organization", OrgName: value }],
    ["contact Email", "contact/create", { ...base, Email: value }],
    ["contact Address", "contact/create", { ...base, Address: value }],
    ["contact City", "contact/create", { ...base, City: value }],
    ["domain tag", "domain/update", { domain: ZONE, updateType: "tag", tag: value }],
    ["TXT value", "service/dnscreate", { serviceName: ZONE, name: `t${i}`, type: "TXT", value }],
    ["TXT name", "service/dnscreate", { serviceName: ZONE, name: value, type: "TXT", value: `v${i}` }],
    ["CAA value", "service/dnscreate", { serviceName: ZONE, name: `caa${i}`, type: "CAA", value: `0 issue "${value}"` }],
    ["mailbox name", "service/mailcreate", { serviceName: ZONE, name: value, password: "Hostile-Pass-1234" }],
    ["alias name", "service/mailaliascreate", { serviceName: ZONE, name: value, target: [`info@${ZONE}`] }],
    ["alias target", "service/mailaliascreate", { serviceName: ZONE, name: `a${i}`, target: [value] }],
    ["redirect origin", "service/redirectcreate", { serviceName: ZONE, origin: value, destination: "https://example.org/", type: "301" }],
    ["redirect destination", "service/redirectcreate", { serviceName: ZONE, origin: `r${i}`, destination: `https://example.org/${value}`, type: "301" }],
    ["FTP name", "service/ftpcreate", { serviceName: ZONE, name: value, ftpPath: "/public", password: "Hostile-Pass-1234" }],
    ["FTP path", "service/ftpcreate", { serviceName: ZONE, name: `f${i}`, ftpPath: `/${value}`, password: "Hostile-Pass-1234" }],
    ["subdomain name", "service/subdomaincreate", { serviceName: ZONE, name: value, ftpPath: "/sub" }],
    ["subdomain path", "service/subdomaincreate", { serviceName: ZONE, name: `s${i}`, ftpPath: `/${value}` }],
  ];
}

describe("hostile data: dondominio-export writes account data only where it cannot become code or markup", function () {
  this.timeout(300_000);
  let emu: RunningEmulator;
  let out: string;
  let stderr = "";
  const accepted: { field: string; hostile: string; value: string }[] = [];
  const credentials = () => ({
    DONDOMINIO_API_USER: emu.apiUser,
    DONDOMINIO_API_PASSWD: emu.apiPasswd,
    DONDOMINIO_BASE_URL: emu.url,
    DONDOMINIO_CA_CERT_FILE: emu.caFile,
    DONDOMINIO_MAX_OPS_PER_MINUTE: "20000",
  });
  const capture = () => {
    const lines: string[] = [];
    return { io: { stdout: { write: () => true }, stderr: { write: (t: string) => lines.push(t) } }, text: () => lines.join("") };
  };

  before(async () => {
    emu = await startEmulator();
    const owner = (await post(emu, "contact/create", contactCreateParams(OWNER)))?.contactID;
    expect(owner, "the owner contact").to.be.a("string");
    expect(await post(emu, "domain/create", { domain: ZONE, ownerContactID: owner })).to.not.equal(undefined);
    expect(await post(emu, "service/create", { serviceName: ZONE, productkey: "professional", period: 1 })).to.not.equal(undefined);
    for (const [i, h] of HOSTILE_STRINGS.entries())
      for (const [field, op, params] of attempts(h.value, i))
        if ((await post(emu, op, params)) !== undefined) accepted.push({ field, hostile: h.name, value: h.value });
    const byField = new Map<string, number>();
    for (const a of accepted) byField.set(a.field, (byField.get(a.field) ?? 0) + 1);
    console.log(
      `      seeded ${accepted.length} of ${HOSTILE_STRINGS.length * attempts("", 0).length} hostile values (${HOSTILE_STRINGS.length} strings x ${attempts("", 0).length} fields): ${[...byField].map(([f, n]) => `${f} ${n}`).join(", ")}`,
    );
    mkdirSync(WORK_ROOT, { recursive: true });
    out = mkdtempSync(join(WORK_ROOT, "hostile-export-"));
    const c = capture();
    const status = await main(["--out", out], credentials(), c.io);
    stderr = c.text();
    expect(status, stderr.slice(0, 2000)).to.equal(0);
  });
  after(async () => {
    await emu?.close();
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it("the API took the payloads that matter: a line feed in a contact's last name, U+2028 in a TXT value", () => {
    expect(accepted.some((a) => a.field === "contact LastName" && a.hostile === "line feed")).to.equal(true);
    expect(accepted.some((a) => a.field === "TXT value" && a.hostile === "U+2028 line separator")).to.equal(true);
  });

  it("the generated program compiles as Pulumi's language host compiles it (strict), with no diagnostic", async () => {
    const script = join(REPO, "scripts", "langhost-compile.js");
    const res = await run(process.execPath, [script, out], { encoding: "utf8" }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? "" }));
    const r = JSON.parse(res.stdout.trim().split("\n").pop() ?? "{}") as { ok: boolean; error?: string };
    expect(r.error ?? "").to.equal("");
    expect(r.ok).to.equal(true);
  });

  it("runs with the sentinel defined: no payload runs, and every hostile value is an argument intact", async () => {
    const { pwned, constructed } = await runProgram(readFileSync(join(out, "index.ts"), "utf8"));
    expect(pwned, "payloads that ran").to.deep.equal([]);
    const values = new Set<string>();
    const walk = (v: unknown): void => {
      if (typeof v === "string") values.add(v);
      else if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === "object") Object.values(v).forEach(walk);
    };
    for (const c of constructed) walk(c.args);
    console.log(`      ran: ${constructed.length} resources constructed, 0 payloads ran`);
    // The values the program declares come back exactly (contact data is adopted by id alone: a comment).
    for (const a of accepted.filter((x) => x.field === "TXT value")) expect(values.has(a.value), `${a.field}: ${a.hostile}`).to.equal(true);
  });

  it("index.ts, README.md, Pulumi.yaml and the command's output hold no raw line break, control or bidi character from the data", () => {
    const index = readFileSync(join(out, "index.ts"), "utf8");
    for (const [i, l] of index.split("\n").entries()) expect(hasUnsafeChar(l), `index.ts line ${i + 1}`).to.equal(false);
    expect(index).to.not.match(/[\r\u2028\u2029]/);
    // A payload shows only inside a string literal of a declaration, or flattened in a comment.
    for (const l of index.split("\n").filter((x) => x.includes("__pwned")))
      expect(l, "a payload on a line").to.match(/^\s*(new [A-Za-z]+\(|\{ name:|serviceName:|\/\/ )/);
    const readme = readFileSync(join(out, "README.md"), "utf8");
    expect(hasUnsafeChar(readme.replace(/\n/g, ""))).to.equal(false);
    expect(readme).to.not.match(/[\r\u2028\u2029]/);
    expect(readme, "no raw HTML from the data").to.not.include("<img");
    expect(readFileSync(join(out, "Pulumi.yaml"), "utf8")).to.equal(
      "name: dondominio-account\nruntime: nodejs\ndescription: A DonDominio account, exported by dondominio-export\n",
    );
    expect(hasUnsafeChar(stderr.replace(/\n/g, "")), "stderr").to.equal(false);
    expect(stderr).to.not.match(/[\r\u2028\u2029\u001b]/);
  });
});

describe("dondominio-export: the output directory and the project name", () => {
  const env = { DONDOMINIO_API_USER: "u", DONDOMINIO_API_PASSWD: "p", DONDOMINIO_BASE_URL: "https://127.0.0.1:9" };
  const capture = () => {
    const lines: string[] = [];
    return { io: { stdout: { write: () => true }, stderr: { write: (t: string) => lines.push(t) } }, text: () => lines.join("") };
  };
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "dondominio-export-out-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("refuses OUT/index.ts planted as a symlink, naming it, before any call; the link's target is untouched", async () => {
    const out = join(dir, "out");
    mkdirSync(out);
    const victim = join(dir, "victim.txt");
    writeFileSync(victim, "precious\n");
    symlinkSync(victim, join(out, "index.ts"));
    const c = capture();
    expect(await main(["--out", out], env, c.io)).to.equal(2);
    expect(c.text()).to.include(`${join(out, "index.ts")} is a symbolic link`);
    expect(readFileSync(victim, "utf8")).to.equal("precious\n");
  });

  it("refuses an OUT that is itself a symlink", async () => {
    const real = join(dir, "real");
    mkdirSync(real);
    symlinkSync(real, join(dir, "link"));
    const c = capture();
    expect(await main(["--out", join(dir, "link")], env, c.io)).to.equal(2);
    expect(c.text()).to.include("is a symbolic link");
    expect(existsSync(join(real, "index.ts"))).to.equal(false);
  });

  it("replaces a hard link at OUT/README.md instead of writing through it: the other name keeps its content", () => {
    const victim = join(dir, "victim.txt");
    writeFileSync(victim, "precious\n");
    const out = join(dir, "out");
    mkdirSync(out);
    linkSync(victim, join(out, "README.md"));
    writeProjectFiles(out, { "README.md": "# exported\n" });
    expect(readFileSync(victim, "utf8")).to.equal("precious\n");
    expect(readFileSync(join(out, "README.md"), "utf8")).to.equal("# exported\n");
  });

  for (const bad of ["acct\nruntime: python", "acct\rx", "a b", "", "x".repeat(101), "ñame", "a/b", "a:b"])
    it(`refuses --project ${JSON.stringify(bad)} naming the flag and Pulumi's rule, before any call`, async () => {
      const c = capture();
      expect(await main(["--out", join(dir, "out"), "--project", bad], env, c.io)).to.equal(2);
      expect(c.text()).to.match(/--project .*a Pulumi project name is 1 to 100 characters, each a letter, digit, "-", "_" or "\." \(Pulumi's rule\)/);
      expect(c.text().split("\n").filter(Boolean)).to.have.length(1);
      expect(existsSync(join(dir, "out"))).to.equal(false);
    });
});
