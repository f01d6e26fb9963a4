/**
 * examples/python-web through the generated Python SDK, installed as its users install it, and the
 * real engine, against the emulator, on the plugin installed from its archive (`pulumi plugin
 * install resource dondominio <version> --file`):
 * - sdks/python built into a wheel and an sdist (`python -m build`) and served with the wheelhouse
 *   (pulumi==3.250.0 from PyPI, cached: scripts/ensure-python-wheels.sh) by a PEP 503 index on
 *   loopback; the example's `pip install -r requirements.txt` into a fresh venv takes the wheel,
 *   `pip install --no-binary pulumi_dondominio pulumi_dondominio` into another builds the sdist;
 * - the program (a DnsZone, an A, a TXT and an MX DnsRecord, a MailBox whose password is secret
 *   config, a Redirect, checkDomain) run by automation.py, Python's Automation API with an inline
 *   program (no Python language host): up, an empty preview, refresh, an empty preview, an update
 *   in place (a TTL), a replace (the redirect's origin), destroy; the passwords 0 times in the state;
 * - with plain `pulumi up` (runtime: python) where pulumi-language-python is on PATH or in
 *   ~/.cache/pulumi-langhost/bin (not on any registry; CI cannot have it: SKIPPED, saying so).
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DonDominioClient } from "../../sdk";
import { engineEnv, REPO } from "../harness/engine";
import { buildPluginArchive } from "../../scripts/plugin-archive";
import { type Registry, servePep503 } from "../packages/loopback-registry";
import { buildPythonDists, createVenv, pip, wheelhouseFiles, whyNoPython } from "../packages/python";

const run = promisify(execFile);
const ZONE = "python-web.example";
const MAIL_PW = "Py-mail-secret-42";
/** The program's resources by name. */
const RESOURCES = ["web", "api", "verify", "backup-mx", "info", "moved"];
const secs = (t0: number) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

/** The directory holding pulumi-language-python, or undefined (then plain `pulumi up` is skipped). */
function pythonLanghost(): string | undefined {
  for (const dir of [...(process.env.PATH ?? "").split(delimiter), join(homedir(), ".cache", "pulumi-langhost", "bin")]) {
    if (dir && existsSync(join(dir, "pulumi-language-python"))) return dir;
  }
  return undefined;
}

interface Result {
  op: string;
  changes: Record<string, number>;
  steps: Record<string, string>;
}

describe("examples/python-web: the Python SDK from a loopback index, through Python's Automation API, on the installed plugin", function () {
  this.timeout(1_200_000);
  let work: string;
  let project: string;
  let python: string;
  let index: Registry;
  let emu: RunningEmulator;
  let client: DonDominioClient;
  let env: Record<string, string>;
  let dists: { wheel: string; sdist: string };

  const pulumi = async (...args: string[]) => {
    try {
      return (await run("pulumi", [...args, "--non-interactive"], { cwd: project, env, maxBuffer: 1 << 26 })).stdout;
    } catch (e) {
      const err = e as { stdout?: string; stderr?: string; message: string };
      throw new Error(`pulumi ${args.join(" ")}: ${err.message}\n${(err.stdout ?? "").slice(-3000)}${(err.stderr ?? "").slice(-3000)}`);
    }
  };
  /** automation.py <op> with the example's venv; its JSON line. */
  const automation = async (op: string): Promise<Result> => {
    const t0 = Date.now();
    try {
      const { stdout } = await run(python, ["automation.py", op], { cwd: project, env, maxBuffer: 1 << 28 });
      const result = JSON.parse(stdout.trim().split("\n").pop() ?? "{}") as Result;
      console.log(`      automation.py ${op}: ${secs(t0)} ${JSON.stringify(result.changes)}`);
      return result;
    } catch (e) {
      const err = e as { stdout?: string; stderr?: string; message: string };
      throw new Error(`automation.py ${op} failed: ${err.message}\n${(err.stderr ?? "").slice(-4000)}`);
    }
  };
  const dnslist = async () =>
    (((await client.call("service/dnslist", { serviceName: ZONE } as any)) as any).dns as Record<string, any>[]).map(
      (r) => `${r.name} ${r.type} ${r.value}${r.name.startsWith("api.") ? ` ttl=${r.ttl}` : ""}${r.type === "MX" ? ` priority=${r.priority}` : ""}`,
    );
  const redirects = async () => (((await client.call("service/redirectlist", { serviceName: ZONE } as any)) as any).redirect ?? []) as Record<string, any>[];
  const mailboxes = async () => (((await client.call("service/maillist", { serviceName: ZONE } as any)) as any).mail ?? []) as Record<string, any>[];
  const stateText = () => {
    const dir = join(work, "backend", ".pulumi", "stacks", "python-web");
    return readFileSync(join(dir, readdirSync(dir).find((f) => f.endsWith(".json")) ?? "dev.json"), "utf8");
  };
  const changed = (r: Result) => Object.entries(r.steps).filter(([, op]) => op !== "same");

  before(async function () {
    const why = whyNoPython();
    if (why) {
      console.log(`SKIPPED: ${why}`);
      this.skip();
    }
    work = mkdtempSync(join(tmpdir(), "dondominio-python-web-"));
    mkdirSync(join(work, "backend"));
    env = { ...(process.env as Record<string, string>), ...engineEnv(join(work, "backend")) };
    let t0 = Date.now();
    const wheels = wheelhouseFiles();
    dists = await buildPythonDists(join(work, "dist"));
    console.log(`      wheelhouse (${wheels.length} wheels) and python -m build of sdks/python: ${secs(t0)}`);
    index = await servePep503([...wheels, dists.wheel, dists.sdist]);

    t0 = Date.now();
    project = join(work, "project");
    cpSync(join(REPO, "examples", "python-web"), project, { recursive: true, filter: (src) => !/(venv|__pycache__|Pulumi\.[^/]+\.yaml)$/.test(src) });
    python = await createVenv(join(project, "venv"));
    const out = await pip(python, ["install", "--no-compile", "--index-url", `${index.url}/simple/`, "-r", "requirements.txt"], project);
    console.log(`      pip install -r requirements.txt from the loopback index into a fresh venv: ${secs(t0)}`);
    expect(out)
      .to.match(/Successfully installed .*pulumi-3\.250\.0/)
      .and.match(/pulumi_dondominio-0\.1\.0|pulumi-dondominio-0\.1\.0/);

    const archive = await buildPluginArchive({ outDir: work });
    await pulumi("plugin", "install", "resource", "dondominio", archive.version, "--file", archive.file);
    emu = await startEmulator();
    client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caFile });
    // A hosting service: its zone, mailboxes and redirects.
    await client.call("service/create", { serviceName: ZONE, productkey: "mini" } as any);
    await pulumi("stack", "init", "dev");
    await pulumi("config", "set", "zone", ZONE);
    await pulumi("config", "set", "--secret", "mailPassword", MAIL_PW);
    await pulumi("config", "set", "dondominio:apiUser", emu.apiUser);
    await pulumi("config", "set", "--secret", "dondominio:apiPasswd", emu.apiPasswd);
    await pulumi("config", "set", "dondominio:baseUrl", emu.url);
    await pulumi("config", "set", "dondominio:caCertFile", emu.caFile);
  });
  after(async () => {
    await emu?.close();
    await index?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("the installed package is the wheel, at the schema's version, beside pulumi 3.250.0", async () => {
    const show = await pip(python, ["show", "-f", "pulumi_dondominio"]);
    const version = JSON.parse(readFileSync(join(REPO, "schema.json"), "utf8")).version;
    expect(show).to.match(new RegExp(`^Version: ${version.replace(/\./g, "\\.")}$`, "m"));
    expect(show).to.include("pulumi_dondominio/pulumi-plugin.json");
    expect(await pip(python, ["show", "pulumi"])).to.match(/^Version: 3\.250\.0$/m);
  });

  it("the sdist installs by name from the index too (pip builds it), into another fresh venv", async () => {
    const t0 = Date.now();
    const other = await createVenv(join(work, "sdist-venv"));
    const out = await pip(other, ["install", "--no-compile", "--index-url", `${index.url}/simple/`, "--no-binary", "pulumi_dondominio", "pulumi_dondominio"]);
    expect(out).to.match(/pulumi_dondominio-0\.1\.0\.tar\.gz|Building wheel for pulumi.dondominio/i);
    const { stdout } = await run(other, ["-c", "import pulumi_dondominio as d; print(d.DnsZone.__name__, d.check_domain.__name__)"]);
    expect(stdout.trim()).to.equal("DnsZone check_domain");
    console.log(`      sdist: pip install --no-binary from the loopback index: ${secs(t0)}`);
  });

  it("up creates the zone's records, three records, the mailbox and the redirect; checkDomain answers; no password in the state", async () => {
    const up = await automation("up");
    expect(up.changes.create, "the stack and 6 resources").to.equal(7);
    expect(up.steps).to.deep.equal(Object.fromEntries(RESOURCES.map((r) => [r, "create"])));
    const live = await dnslist();
    expect(live).to.include.members([`shop.${ZONE} A 192.0.2.80`, `static.${ZONE} CNAME shop.${ZONE}`, `api.${ZONE} A 192.0.2.81 ttl=3600`]);
    expect(live).to.include.members([`${ZONE} TXT site-verification=python-web`, `${ZONE} MX mx2.example.net priority=20`]);
    expect(live, "the hosting's own records stay (purge: false)").to.include.members([`www.${ZONE} A 192.0.2.10`, `${ZONE} TXT v=spf1 a mx ~all`]);
    expect((await mailboxes()).map((m) => m.name)).to.include(`info@${ZONE}`);
    expect((await redirects()).map((r) => r.origin)).to.include(`old.${ZONE}`);
    const outputs = JSON.parse(await pulumi("stack", "output", "--json"));
    expect(outputs.wanted).to.include({ name: "example-shop.com" }).and.to.have.keys("name", "available", "price", "currency");
    const state = stateText();
    expect(state.split(MAIL_PW).length - 1, "mail password in the state").to.equal(0);
    expect(state.split(emu.apiPasswd).length - 1, "API password in the state").to.equal(0);
  });

  it("a preview after up has no changes; refresh finds no drift; a preview after it has none", async () => {
    expect(changed(await automation("preview"))).to.deep.equal([]);
    const refresh = await automation("refresh");
    expect(Object.keys(refresh.steps).sort(), "refresh read every resource").to.deep.equal([...RESOURCES].sort());
    expect(changed(refresh)).to.deep.equal([]);
    expect(changed(await automation("preview"))).to.deep.equal([]);
  });

  it("a new TTL updates the api record in place, and only it", async () => {
    await pulumi("config", "set", "apiTtl", "600");
    const up = await automation("up");
    expect(changed(up)).to.deep.equal([["api", "update"]]);
    expect(await dnslist()).to.include(`api.${ZONE} A 192.0.2.81 ttl=600`);
  });

  it("a new origin replaces the redirect, and only it", async () => {
    await pulumi("config", "set", "redirectFrom", "older");
    const up = await automation("up");
    expect(changed(up)).to.deep.equal([["moved", "replace"]]);
    const origins = (await redirects()).map((r) => r.origin);
    expect(origins).to.include(`older.${ZONE}`).and.not.include(`old.${ZONE}`);
    expect(changed(await automation("preview"))).to.deep.equal([]);
  });

  it("with plain `pulumi up` (runtime: python) the same program previews and applies with no change", async function () {
    const host = pythonLanghost();
    if (!host) {
      console.log(
        "SKIPPED: pulumi-language-python is not on PATH nor in ~/.cache/pulumi-langhost/bin (no registry serves it; /work/shared/tools/build-langhost.sh builds it from a pulumi/pulumi snapshot)",
      );
      this.skip();
    }
    const saved = env.PATH;
    env.PATH = `${host}${delimiter}${saved}`;
    try {
      const t0 = Date.now();
      await pulumi("preview", "--expect-no-changes");
      await pulumi("up", "--yes", "--expect-no-changes");
      console.log(`      plain pulumi preview + up (pulumi-language-python): ${secs(t0)}`);
    } finally {
      env.PATH = saved;
    }
  });

  it("destroy deletes what it made: the declared records, the records, the mailbox, the redirect", async () => {
    const down = await automation("destroy");
    expect(down.changes.delete, "the stack and 6 resources").to.equal(7);
    expect(down.steps).to.deep.equal(Object.fromEntries(RESOURCES.map((r) => [r, "delete"])));
    expect((await dnslist()).filter((r) => /192\.0\.2\.8[01]|shop|verification|mx2/.test(r))).to.deep.equal([]);
    expect(await dnslist(), "the hosting's own records stay").to.include(`${ZONE} TXT v=spf1 a mx ~all`);
    expect((await mailboxes()).map((m) => m.name)).to.not.include(`info@${ZONE}`);
    expect(await redirects()).to.deep.equal([]);
  });
});
