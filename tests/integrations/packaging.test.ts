/**
 * The packaging of integrations/ (no container engine here: the Dockerfiles are checked, not
 * built). Dockerfiles: every COPY source exists, the entry point is the package's bin or the Go
 * webhook, the user is numeric and not root, every DONDOMINIO_* setting is one the program reads.
 * Manifests: the names that must agree do (cert-manager's groupName in the Deployment, APIService,
 * RBAC and Issuer; the solver's name; the config's fields as the Go solver decodes them; Service to
 * Deployment; the sidecar's URL and ports to the webhook's defaults; the external-dns flags to the
 * real binary's --help). The external-dns chart values: `helm lint` and `helm template` against the
 * chart external-dns v0.21.0 ships (helm built by scripts/ensure-helm.sh; SKIPPED while it builds).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { EXTERNAL_DNS_HELP } from "../../provider/external-dns/cli";
import { ensureBuilt, ROOT } from "./webhook-harness";

const yaml = createRequire(__filename)("js-yaml") as { load(text: string): unknown; loadAll(text: string): unknown[] };
type Doc = any;
const docs = (file: string): Doc[] => yaml.loadAll(readFileSync(join(ROOT, file), "utf8")).filter(Boolean);
const find = (all: Doc[], kind: string, name?: string) => all.filter((d) => d.kind === kind && (name === undefined || d.metadata?.name === name));
const one = (all: Doc[], kind: string, name?: string) => {
  const found = find(all, kind, name);
  expect(found, `${kind} ${name ?? ""}`).to.have.length(1);
  return found[0];
};
const envOf = (container: Doc) => Object.fromEntries((container.env ?? []).map((e: Doc) => [e.name, e.value]));
const isMap = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Key paths of `ours` the chart's default values do not have: a misspelt key, which the chart's
 * schema lets through and its templates silently ignore. Under an empty map of the chart's
 * (free-form, like podLabels) any key is taken.
 */
function unknownKeys(ours: unknown, chart: unknown, path = ""): string[] {
  if (!isMap(ours) || !isMap(chart) || Object.keys(chart).length === 0) return [];
  return Object.keys(ours).flatMap((k) => (k in chart ? unknownKeys(ours[k], chart[k], `${path}${k}.`) : [`${path}${k}`]));
}
const goSource = (f: string) => readFileSync(join(ROOT, "integrations", "cert-manager", f), "utf8");

/** A Dockerfile's instructions (continuation lines joined). */
function instructions(file: string): [string, string][] {
  const text = readFileSync(join(ROOT, file), "utf8").replace(/\\\n\s*/g, " ");
  return text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => {
      const i = l.indexOf(" ");
      return [l.slice(0, i).toUpperCase(), l.slice(i + 1).trim()];
    });
}

function checkDockerfile(file: string, known: (name: string) => boolean) {
  const ins = instructions(file);
  for (const [op, arg] of ins) {
    if (op === "FROM")
      expect(arg, `${file}: ${arg}`)
        .to.match(/^[\w./-]+:[\w.-]+( AS \w+)?$/i)
        .and.not.match(/:latest\b/);
    if (op === "COPY" && !arg.startsWith("--from")) {
      const sources = arg.split(/\s+/).slice(0, -1);
      for (const s of sources) {
        const dir = join(ROOT, s.replace(/\/?\*\.go$/, ""));
        expect(existsSync(dir), `${file}: COPY ${s}`).to.equal(true);
      }
    }
    if (op === "ENV")
      for (const name of arg.match(/\b[A-Z][A-Z0-9_]+(?==)/g) ?? [])
        if (name.startsWith("DONDOMINIO_")) expect(known(name), `${file}: ENV ${name}`).to.equal(true);
  }
  const user = ins.filter(([op]) => op === "USER").pop()?.[1];
  expect(user, `${file}: USER`).to.match(/^[1-9]\d*(:\d+)?$/);
  return JSON.parse(ins.filter(([op]) => op === "ENTRYPOINT").pop()?.[1] ?? "[]") as string[];
}

describe("integrations/: Dockerfiles, manifests and chart values", function () {
  this.timeout(600_000);

  it("the external-dns webhook's Dockerfile: sources, entry point (the package's bin), settings, user", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    const entry = checkDockerfile("integrations/external-dns/Dockerfile", (n) => EXTERNAL_DNS_HELP.includes(n));
    expect(entry).to.deep.equal(["node", "/app/bin/dondominio-external-dns.js"]);
    expect(pkg.bin["dondominio-external-dns"]).to.equal("bin/dondominio-external-dns.js");
  });

  it("the cert-manager webhook's Dockerfile: sources, entry point (the Go webhook), the dondominio-acme it runs", () => {
    const entry = checkDockerfile("integrations/cert-manager/Dockerfile", (n) => goSource("solver.go").includes(`"${n}"`));
    expect(entry).to.deep.equal(["/usr/local/bin/dondominio-cert-manager-webhook"]);
    const ins = instructions("integrations/cert-manager/Dockerfile");
    expect(ins.some(([op, arg]) => op === "ENV" && arg.includes('DONDOMINIO_ACME_COMMAND="node /app/bin/dondominio-acme.js"'))).to.equal(true);
    expect(ins.some(([op, arg]) => op === "RUN" && arg.includes("-o /out/dondominio-cert-manager-webhook"))).to.equal(true);
  });

  it("external-dns manifests: the sidecar's URL, ports, probes and settings are the webhook's", () => {
    const all = docs("integrations/external-dns/deploy.yaml");
    const dep = one(all, "Deployment", "external-dns");
    const [edns, hook] = ["external-dns", "webhook"].map((n) => dep.spec.template.spec.containers.find((c: Doc) => c.name === n));
    expect(edns.args).to.include.members(["--provider=webhook", "--webhook-provider-url=http://127.0.0.1:8888", "--registry=txt"]);
    expect(EXTERNAL_DNS_HELP).to.include("DONDOMINIO_WEBHOOK_ADDRESS                     provider endpoints (default 127.0.0.1:8888)");
    expect(EXTERNAL_DNS_HELP).to.include("(default 0.0.0.0:8080)");
    expect(hook.ports).to.deep.equal([{ name: "http-webhook", containerPort: 8080, protocol: "TCP" }]);
    for (const p of [hook.livenessProbe, hook.readinessProbe]) expect(p.httpGet).to.deep.equal({ path: "/healthz", port: "http-webhook" });
    for (const name of Object.keys(envOf(hook))) expect(EXTERNAL_DNS_HELP, name).to.include(name);
    const mount = hook.volumeMounts[0];
    expect(envOf(hook).DONDOMINIO_API_PASSWD_FILE.startsWith(`${mount.mountPath}/`)).to.equal(true);
    expect(dep.spec.template.spec.volumes.find((v: Doc) => v.name === mount.name).secret.secretName).to.equal("dondominio-credentials");
    expect(one(all, "ClusterRoleBinding").subjects[0]).to.include({ name: dep.spec.template.spec.serviceAccountName, namespace: "external-dns" });
  });

  it("external-dns flags of the manifests and chart values are the real binary's", function () {
    const e = ensureBuilt("ensure-external-dns.sh");
    if (!e.dir) {
      console.log(`      SKIPPED: external-dns is ${e.skip}`);
      this.skip();
    }
    const help = spawnSync(e.dir as string, ["--help"], { encoding: "utf8", timeout: 60_000 });
    const text = `${help.stdout}${help.stderr}`;
    const dep = one(docs("integrations/external-dns/deploy.yaml"), "Deployment");
    const flags = [
      ...dep.spec.template.spec.containers[0].args.map((a: string) => a.replace(/^--([\w-]+).*$/, "$1")),
      ...Object.keys((docs("integrations/external-dns/values.yaml")[0] as Doc).extraArgs),
    ];
    for (const f of flags) expect(text, f).to.match(new RegExp(`--${f}\\b`));
  });

  it("cert-manager manifests: one groupName everywhere, the solver's name and config fields, Service to Deployment", () => {
    const all = docs("integrations/cert-manager/deploy.yaml");
    const issuer = one(docs("integrations/cert-manager/issuer.yaml"), "ClusterIssuer");
    const dep = one(all, "Deployment", "dondominio-webhook");
    const container = dep.spec.template.spec.containers[0];
    const group = envOf(container).GROUP_NAME;
    const api = one(all, "APIService");
    expect(api.metadata.name).to.equal(`v1alpha1.${group}`);
    expect(api.spec).to.include({ group, version: "v1alpha1" });
    expect(one(all, "ClusterRole", "dondominio-webhook:domain-solver").rules[0].apiGroups).to.deep.equal([group]);
    const solver = issuer.spec.acme.solvers[0].dns01.webhook;
    expect(solver.groupName).to.equal(group);
    expect(goSource("solver.go")).to.include(`SolverName = "${solver.solverName}"`);
    // The config's fields are the Go Config's JSON names (config.go), which refuses any other.
    const fields = [...goSource("config.go").matchAll(/json:"(\w+)/g)].map((m) => m[1]);
    for (const k of Object.keys(solver.config)) expect(fields, k).to.include(k);
    const secret = solver.config.apiPasswdSecretRef.name;
    expect(solver.config.apiUserSecretRef.name).to.equal(secret);
    expect(one(all, "ClusterRole", "dondominio-webhook:secret-reader").rules[0].resourceNames).to.deep.equal([secret]);
    // Service -> pods, port name -> container port; the APIService's service is this one.
    const svc = one(all, "Service", "dondominio-webhook");
    expect(dep.spec.template.metadata.labels).to.include(svc.spec.selector);
    expect(container.ports.map((p: Doc) => p.name)).to.include(svc.spec.ports[0].targetPort);
    expect(api.spec.service).to.deep.equal({ name: svc.metadata.name, namespace: svc.metadata.namespace });
    // The CA injected into the APIService is the one that signs the serving certificate mounted.
    const [ns, certName] = api.metadata.annotations["cert-manager.io/inject-ca-from"].split("/");
    const cert = one(all, "Certificate", certName);
    expect(cert.metadata.namespace).to.equal(ns);
    expect(dep.spec.template.spec.volumes.find((v: Doc) => v.name === "certs").secret.secretName).to.equal(cert.spec.secretName);
    expect(cert.spec.dnsNames).to.include(`${svc.metadata.name}.${svc.metadata.namespace}.svc`);
    expect(one(all, "ClusterRoleBinding", "dondominio-webhook:domain-solver").subjects[0]).to.include({ name: "cert-manager", namespace: "cert-manager" });
  });

  it("the external-dns chart values pass `helm lint` and render the webhook sidecar (`helm template`)", function () {
    const h = ensureBuilt("ensure-helm.sh");
    if (!h.dir) {
      console.log(`      SKIPPED: helm is ${h.skip}`);
      this.skip();
    }
    const helm = h.dir as string;
    const mod = spawnSync("go", ["mod", "download", "-json", "sigs.k8s.io/external-dns@v0.21.0"], { encoding: "utf8", timeout: 300_000 });
    const chart = join(JSON.parse(mod.stdout).Dir, "charts", "external-dns");
    const home = mkdtempSync(join(tmpdir(), "helm-"));
    const env = {
      PATH: process.env.PATH,
      HOME: home,
      HELM_CACHE_HOME: join(home, "cache"),
      HELM_CONFIG_HOME: join(home, "config"),
      HELM_DATA_HOME: join(home, "data"),
    };
    try {
      const values = join(ROOT, "integrations", "external-dns", "values.yaml");
      const lint = spawnSync(helm, ["lint", chart, "-f", values, "--strict"], { encoding: "utf8", env, timeout: 120_000 });
      expect(lint.status, `${lint.stdout}${lint.stderr}`).to.equal(0);
      const defaults = yaml.load(readFileSync(join(chart, "values.yaml"), "utf8"));
      expect(unknownKeys(yaml.load(readFileSync(values, "utf8")), defaults), "keys the chart does not have").to.deep.equal([]);
      const t = spawnSync(helm, ["template", "external-dns", chart, "-n", "external-dns", "-f", values], { encoding: "utf8", env, timeout: 120_000 });
      expect(t.status, t.stderr).to.equal(0);
      const dep = one(yaml.loadAll(t.stdout).filter(Boolean), "Deployment");
      const containers = dep.spec.template.spec.containers;
      const hook = containers.find((c: Doc) => c.name === "webhook");
      expect(containers.find((c: Doc) => c.name === "external-dns").args).to.include.members([
        "--provider=webhook",
        "--txt-owner-id=my-cluster",
        "--policy=sync",
      ]);
      expect(hook.ports[0].containerPort).to.equal(8080);
      expect(envOf(hook)).to.include({ DONDOMINIO_API_PASSWD_FILE: "/var/run/secrets/dondominio/api-passwd" });
      console.log(`      helm lint: ${lint.stdout.trim().split("\n").pop()}; rendered ${containers.length} containers`);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
