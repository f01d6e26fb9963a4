/**
 * examples/go-dns through the generated Go SDK (sdks/go) and Go's Automation API inline program (no
 * Go language host), against the emulator, on the plugin installed from its archive with `pulumi
 * plugin install resource dondominio <version> --file <archive>` into a fresh PULUMI_HOME: up, an
 * empty preview, refresh, an empty preview again, destroy. The API password goes in as secret stack
 * config and is counted in the state: 0 times. Skipped (saying so) only when Go is absent.
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DonDominioClient } from "../../sdk";
import { engineEnv, REPO } from "../harness/engine";
import { buildPluginArchive } from "../../scripts/plugin-archive";
import { hasGo } from "./yaml-project";

const run = promisify(execFile);
const ZONE = "go-dns.example";

describe("examples/go-dns: the generated Go SDK through Go's Automation API, on the installed plugin", function () {
  this.timeout(900_000);
  let emu: RunningEmulator;
  let client: DonDominioClient;
  let home: string;
  let env: Record<string, string>;
  let exe: string;
  const dnslist = async () => ((await client.call("service/dnslist", { serviceName: ZONE } as any)) as any).dns as Record<string, string>[];
  /** Runs the example's binary; returns its JSON line ({op, changes}). */
  const example = async (op: string) => {
    try {
      const { stdout } = await run(exe, [op], { cwd: home, env, maxBuffer: 1 << 28 });
      return JSON.parse(stdout.trim().split("\n").pop() ?? "{}") as { op: string; changes: Record<string, number> };
    } catch (e) {
      const err = e as { stdout?: string; stderr?: string; message: string };
      throw new Error(`go-dns ${op} failed: ${err.message}\n${(err.stderr ?? "").slice(-3000)}`);
    }
  };

  before(async function () {
    if (!hasGo()) {
      console.log("SKIPPED: Go is absent (the example and the generated Go SDK are Go)");
      this.skip();
    }
    home = mkdtempSync(join(tmpdir(), "dondominio-go-dns-"));
    mkdirSync(join(home, "backend"));
    env = { ...(process.env as Record<string, string>), ...engineEnv(join(home, "backend")) };
    const t0 = Date.now();
    exe = join(home, "go-dns");
    await run("go", ["build", "-o", exe, "."], { cwd: join(REPO, "examples", "go-dns"), env: { ...env, CGO_ENABLED: "0" } });
    console.log(`      go build of examples/go-dns: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const archive = await buildPluginArchive({ outDir: home });
    await run("pulumi", ["plugin", "install", "resource", "dondominio", archive.version, "--file", archive.file], { env });
    expect(readdirSync(join(env.PULUMI_HOME, "plugins"))).to.include(`resource-dondominio-v${archive.version}`);
    emu = await startEmulator();
    client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caFile });
    await client.call("service/create", { serviceName: ZONE, productkey: "redir" } as any);
    Object.assign(env, {
      ZONE,
      DONDOMINIO_API_USER: emu.apiUser,
      DONDOMINIO_API_PASSWD: emu.apiPasswd,
      DONDOMINIO_BASE_URL: emu.url,
      DONDOMINIO_CA_CERT_FILE: emu.caFile,
    });
  });
  after(async () => {
    await emu?.close();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it("up creates the zone's records and the CNAME; the password is 0 times in the state", async () => {
    const t0 = Date.now();
    const up = await example("up");
    console.log(`      up (stack, provider, DnsZone of 2 records, DnsRecord): ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    expect(up.changes.create).to.equal(3);
    const live = (await dnslist()).map((r) => `${r.name} ${r.type} ${r.value}`);
    expect(live).to.include.members([`www.${ZONE} A 192.0.2.80`, `${ZONE} TXT go-dns=managed`, `api.${ZONE} CNAME www.${ZONE}`]);
    const stateDir = join(home, "backend", ".pulumi", "stacks", "go-dns");
    const state = readFileSync(join(stateDir, readdirSync(stateDir).find((f) => f.endsWith(".json")) ?? "dev.json"), "utf8");
    expect(state.split(emu.apiPasswd).length - 1, "password in the state").to.equal(0);
  });

  it("a preview after up has no changes; refresh finds no drift; a preview after it has none", async () => {
    const same = (changes: Record<string, number>) => Object.keys(changes).filter((k) => k !== "same");
    expect(same((await example("preview")).changes)).to.deep.equal([]);
    expect(same((await example("refresh")).changes)).to.deep.equal([]);
    expect(same((await example("preview")).changes)).to.deep.equal([]);
  });

  it("destroy deletes the records it made", async () => {
    const down = await example("destroy");
    expect(down.changes.delete).to.equal(3);
    const left = (await dnslist()).filter((r) => ["192.0.2.80", "go-dns=managed"].includes(r.value) || r.type === "CNAME");
    expect(left).to.deep.equal([]);
  });
});
