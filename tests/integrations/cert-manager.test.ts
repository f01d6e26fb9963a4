/**
 * The cert-manager DNS-01 webhook of integrations/cert-manager (Go, cert-manager's webhook library)
 * against the emulator: its API, and its DNS server for every "visible through DNS" and "gone"
 * check. The Go test binary (built and cached by scripts/ensure-cert-manager-webhook.sh) runs:
 *
 * - TestConformance: cert-manager's own DNS-01 conformance suite (test/acme: present, the record
 *   through DNS, clean-up, the record gone, deleting one record keeps the other) with its test API
 *   server (envtest: etcd and kube-apiserver, built by scripts/ensure-envtest.sh), the credentials
 *   read from a Secret through the Kubernetes API. SKIPPED (said) while those are not built;
 * - TestConformanceThroughServer: that suite driving the real `dondominio-cert-manager-webhook`
 *   process through cert-manager's own webhook client (HTTPS, authn/authz delegated to envtest);
 * - TestManifests: integrations/' manifests created with dry run on envtest's kube-apiserver;
 * - TestSolverCases: the same cases in process through the Solver interface (client-go's fake
 *   clientset holding the Secret), plus resolvedZone, a zone outside the account, a wrong password
 *   and config errors.
 *
 * The solver writes through `dondominio-acme` (bin/dondominio-acme.js), run by the Go code.
 */
import { spawn, spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { expect } from "chai";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DonDominioClient } from "../../sdk";
import { closeTransports } from "../../sdk/core/transport";
import { ensureBuilt, ROOT, total, writesOf } from "./webhook-harness";

const ZONE = "example.com";
const SUBZONE = "shop.example.com";
/** Checked by a real API server (TestManifests). */
const MANIFESTS = ["integrations/cert-manager/deploy.yaml", "integrations/cert-manager/issuer.yaml", "integrations/external-dns/deploy.yaml"];

describe("cert-manager DNS-01 webhook (Go, cert-manager v1.21.2's library) + dondominio-acme + the emulator's DNS", function () {
  this.timeout(900_000);
  let bin: string;
  let envtest: string | undefined;
  /** cert-manager's module source (its CRDs, for TestManifests), from the Go module cache. */
  let certManagerDir: string | undefined;
  let emu: RunningEmulator;
  let client: DonDominioClient;

  before(async function () {
    // Both asked first: on a cold cache each starts its background build in this same run.
    const w = ensureBuilt("ensure-cert-manager-webhook.sh");
    const e = ensureBuilt("ensure-envtest.sh");
    if (!w.dir) {
      console.log(`      SKIPPED: the cert-manager webhook is ${w.skip}${e.skip ? `; etcd and kube-apiserver for envtest are ${e.skip}` : ""}`);
      this.skip();
    }
    bin = join(w.dir as string, "solver.test");
    envtest = e.dir;
    if (!envtest) console.log(`      cert-manager's own suite (envtest) SKIPPED: etcd and kube-apiserver are ${e.skip}`);
    else {
      const mod = spawnSync("go", ["mod", "download", "-json", "github.com/cert-manager/cert-manager@v1.21.2"], { encoding: "utf8", timeout: 300_000 });
      certManagerDir = JSON.parse(mod.stdout).Dir;
    }
    emu = await startEmulator({ dnsPort: 0, delays: { serviceInitSec: 0 } });
    client = new DonDominioClient({ apiUser: emu.apiUser, apiPasswd: emu.apiPasswd, baseUrl: emu.url, caCert: emu.caCert });
    for (const serviceName of [ZONE, SUBZONE]) await client.call("service/create", { serviceName, productkey: "basic" });
  });
  after(async () => {
    await emu?.close();
    await closeTransports();
  });

  /** Runs the Go test binary for `pattern`; its verbose output and exit code. */
  async function goTest(pattern: string, extraEnv: Record<string, string> = {}) {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DONDOMINIO_TEST_BASE_URL: emu.url,
      DONDOMINIO_TEST_USER: emu.apiUser,
      DONDOMINIO_TEST_PASSWD: emu.apiPasswd,
      DONDOMINIO_TEST_CA_FILE: emu.caFile,
      DONDOMINIO_TEST_DNS: `127.0.0.1:${emu.dnsPort}`,
      DONDOMINIO_TEST_ZONE: ZONE,
      DONDOMINIO_TEST_SUBZONE: SUBZONE,
      DONDOMINIO_ACME_COMMAND: `${process.execPath} ${join(ROOT, "bin", "dondominio-acme.js")}`,
      // test/apiserver reads these when its package loads; with envtest absent they name nothing and TestConformance skips.
      TEST_ASSET_ETCD: envtest ? join(envtest, "etcd") : "/nonexistent/etcd",
      TEST_ASSET_KUBE_APISERVER: envtest ? join(envtest, "kube-apiserver") : "/nonexistent/kube-apiserver",
      TEST_ASSET_KUBECTL: "/nonexistent/kubectl",
      DONDOMINIO_ENVTEST: envtest ? "1" : "0",
      DONDOMINIO_CERT_MANAGER_DIR: certManagerDir ?? "",
      DONDOMINIO_TEST_MANIFESTS: MANIFESTS.map((f) => join(ROOT, f)).join(","),
      DONDOMINIO_WEBHOOK_BIN: join(dirname(bin), "dondominio-cert-manager-webhook"),
      ...extraEnv,
    };
    const started = Date.now();
    // Its own process group: when a case fails inside cert-manager's fixture setup, envtest's etcd
    // and kube-apiserver (and a webhook process) outlive the Go test; the group goes with it.
    const child = spawn(bin, ["-test.v", "-test.run", pattern, "-test.timeout", "10m"], {
      cwd: join(ROOT, "integrations", "cert-manager"),
      env,
      detached: true,
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      out += c.toString();
    });
    const code = await new Promise<number | null>((res) => child.once("exit", res));
    try {
      process.kill(-(child.pid as number), "SIGKILL");
    } catch {
      // nothing left in the group
    }
    return { code, out, seconds: (Date.now() - started) / 1000 };
  }

  it("passes the DNS-01 cases in process through the Solver interface; the zones are left as they were", async () => {
    const before = [ZONE, SUBZONE].map((z) => client.call("service/dnslist", { serviceName: z }).then((r) => r.dns.length));
    const counts = await Promise.all(before);
    emu.server.counters.reset();
    const r = await goTest("^TestSolverCases$");
    const writes = writesOf(emu);
    const cases = [...r.out.matchAll(/--- (PASS|FAIL|SKIP): TestSolverCases\/(\S+)/g)].map((m) => `${m[2]} ${m[1]}`);
    console.log(
      `      ${cases.length} cases (${cases.join(", ")}), ${emu.server.counters.snapshot().totalCalls} API calls, ${total(writes)} writes ${JSON.stringify(writes)}, ${r.seconds.toFixed(1)} s`,
    );
    expect(r.code, r.out).to.equal(0);
    expect(cases).to.deep.equal([
      "PresentRecord PASS",
      "DeletingOneRecordRetainsOthers PASS",
      "ResolvedZoneHonoured PASS",
      "ZoneNotInAccount PASS",
      "WrongPasswordNamesNoSecret PASS",
      "ConfigErrorsNameTheField PASS",
    ]);
    expect(r.out).not.to.include(emu.apiPasswd);
    const after = await Promise.all([ZONE, SUBZONE].map((z) => client.call("service/dnslist", { serviceName: z }).then((x) => x.dns.length)));
    expect(after).to.deep.equal(counts);
  });

  it("passes cert-manager's own conformance suite (test/acme) with envtest's API server", async function () {
    if (!envtest) {
      console.log("      SKIPPED: no etcd and kube-apiserver for envtest yet (scripts/ensure-envtest.sh builds them in the background)");
      this.skip();
    }
    emu.server.counters.reset();
    const r = await goTest("^TestConformance$");
    const cases = [...r.out.matchAll(/--- (PASS|FAIL|SKIP): (TestConformance\/\S+)/g)].map((m) => `${m[2]} ${m[1]}`);
    console.log(`      ${cases.join(", ")}; ${emu.server.counters.snapshot().totalCalls} API calls, ${r.seconds.toFixed(1)} s`);
    expect(r.code, r.out.slice(-4000)).to.equal(0);
    expect(cases).to.include.members([
      "TestConformance/Conformance/Basic/PresentRecord PASS",
      "TestConformance/Conformance/Extended/DeletingOneRecordRetainsOthers PASS",
    ]);
  });

  it("passes cert-manager's suite through the real webhook server: cert-manager's webhook client -> dondominio-cert-manager-webhook -> dondominio-acme", async function () {
    if (!envtest) {
      console.log("      SKIPPED: no etcd and kube-apiserver for envtest yet (scripts/ensure-envtest.sh builds them in the background)");
      this.skip();
    }
    emu.server.counters.reset();
    const r = await goTest("^TestConformanceThroughServer$");
    const cases = [...r.out.matchAll(/--- (PASS|FAIL|SKIP): TestConformanceThroughServer\/Conformance\/(\w+\/\w+)/g)].map((m) => `${m[2]} ${m[1]}`);
    const calls = /(\d+) calls through the webhook server/.exec(r.out)?.[1];
    console.log(
      `      ${cases.join(", ")}; ${calls} calls through the server, ${emu.server.counters.snapshot().totalCalls} API calls, ${r.seconds.toFixed(1)} s`,
    );
    expect(r.code, r.out.slice(-6000)).to.equal(0);
    expect(cases).to.deep.equal(["Basic/PresentRecord PASS", "Extended/DeletingOneRecordRetainsOthers PASS"]);
    expect(r.out).to.match(/dondominio-cert-manager-webhook serving on 127\.0\.0\.1:\d+/);
  });

  it("the manifests of integrations/ are accepted by kube-apiserver (dry run, strict fields, cert-manager's CRDs installed)", async function () {
    if (!envtest) {
      console.log("      SKIPPED: no kube-apiserver for envtest yet (scripts/ensure-envtest.sh builds it in the background)");
      this.skip();
    }
    const r = await goTest("^TestManifests$");
    const line = /(\d+ objects of \d+ files accepted[^\n]*)/.exec(r.out)?.[1];
    console.log(`      ${line ?? "no count"}; ${r.seconds.toFixed(1)} s`);
    expect(r.code, r.out.slice(-4000)).to.equal(0);
    expect(r.out).to.match(/--- PASS: TestManifests/);
  });
});
