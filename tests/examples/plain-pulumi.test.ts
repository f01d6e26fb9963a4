/**
 * Each example run the way its README tells a Pulumi user to run it: the `pulumi` CLI with Pulumi's
 * Node language host (`pulumi-language-nodejs`, which compiles index.ts with ts-node and runs it),
 * `pulumi stack init`, `pulumi config set`, `up`, `preview --expect-no-changes`,
 * `refresh --expect-no-changes`, `destroy`, in a copy of the example directory with the packed
 * package installed, against the emulator. The language host is not served by any registry our
 * machines reach, so this runs only where one is on PATH (a normal Pulumi install has it) and says
 * so when it skips.
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { seedSampleAccount } from "../../scripts/adopt-existing-sample";
import { copyExample, ensurePulumi, exampleNames, installPackage, WORK_ROOT } from "../harness/engine";
import { keyAndCsr } from "../fixtures";

function findOnPath(bin: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (dir && existsSync(join(dir, bin))) return join(dir, bin);
  }
  return undefined;
}

/** Stack config an example needs beyond the provider's credentials; `secret` values are set with --secret. */
const EXAMPLE_CONFIG: Record<string, Record<string, string | { secret: string }>> = {
  quickstart: { "quickstart:domainName": "plain-pulumi-quickstart.com" },
  "ci-preview": { "ci-preview:zone": "plain-pulumi-ci-preview.example", "ci-preview:infoPassword": { secret: "Plain-Pulumi-Mailbox-1" } },
  mail: { "mail:domainName": "plain-pulumi-mail.com", "mail:infoPassword": { secret: "Plain-Info-Pw-1" }, "mail:anaPassword": { secret: "Plain-Ana-Pw-2" } },
  "web-hosting": {
    "web-hosting:domainName": "plain-pulumi-web.com",
    "web-hosting:deployPassword": { secret: "Plain-Deploy-Pw-3" },
    "web-hosting:backupPassword": { secret: "Plain-Backup-Pw-4" },
    "web-hosting:dbPassword": { secret: "Plain-Db-Pw-5" },
  },
  "dynamic-dns": { "dynamic-dns:domainName": "plain-pulumi-ddns.com" },
};

/** What an example needs in the account before its `up` (adopt-existing adopts the sample account). */
const EXAMPLE_PREPARE: Record<string, (emu: RunningEmulator) => Promise<void>> = {
  "adopt-existing": async (emu) => {
    await emu.control.reset();
    await seedSampleAccount(emu);
  },
};

/** The certificate example's config: the key and CSR its README makes with openssl (the key as a secret). */
function certificateConfig(): Record<string, string | { secret: string }> {
  const local = keyAndCsr("www.plain-pulumi-certificate.com");
  return { "certificate:domain": "plain-pulumi-certificate.com", "certificate:csr": local.csr, "certificate:privateKey": { secret: local.key } };
}

const exampleConfig = (name: string) => (name === "certificate" ? certificateConfig() : (EXAMPLE_CONFIG[name] ?? {}));

/** Examples whose README runs `pulumi up` more than once (none since certificate waits with SslCertificateValidation in one up). */
const UPS: Record<string, number> = {};

describe("examples through plain `pulumi up` (the language host, as users run them)", function () {
  this.timeout(600_000);
  const langhost = findOnPath("pulumi-language-nodejs");
  let emu: RunningEmulator;

  before(async function () {
    if (!langhost) {
      console.log(
        "      SKIPPED: no pulumi-language-nodejs on PATH, so plain `pulumi up` of the examples did not run (examples.test.ts still compiles them as the host does)",
      );
      this.skip();
    }
    console.log(`      language host: ${langhost}`);
    installPackage();
    emu = await startEmulator({});
  });
  after(async () => emu?.close());

  for (const name of exampleNames()) {
    it(`examples/${name}: up, no-change preview, clean refresh, destroy`, async () => {
      const dir = copyExample(name, join(WORK_ROOT, "plain", `${name}-${randomBytes(4).toString("hex")}`));
      const backend = join(dir, ".backend");
      mkdirSync(backend);
      const root = ensurePulumi();
      const env = {
        ...process.env,
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        PULUMI_BACKEND_URL: `file://${backend}`,
        PULUMI_HOME: join(backend, ".pulumi-home"),
        PULUMI_CONFIG_PASSPHRASE: randomBytes(12).toString("hex"),
        // node 24, the CLI with the dynamic-provider plugin, and the language host.
        PATH: [dirname(process.execPath), join(root, "bin"), dirname(langhost as string), process.env.PATH ?? ""].join(delimiter),
      };
      const transcript: string[] = [];
      /** `pulumi <args>`, with `input` on its stdin when given (`pulumi config set k < file`). */
      const pulumiWith = (input: string | undefined, ...args: string[]) =>
        new Promise<string>((resolve, reject) => {
          // Asynchronous: the emulator answers from this process while the CLI runs.
          const child = execFile(
            join(root, "bin", "pulumi"),
            [...args, "--non-interactive"],
            { cwd: dir, env, encoding: "utf8", maxBuffer: 64 << 20 },
            (err, stdout, stderr) => {
              // The command line itself is ours: its secret argument is not the CLI's output.
              const shown = args[2] === "--secret" ? [...args.slice(0, 4), "[secret]"] : args;
              transcript.push(`$ pulumi ${shown.join(" ")}\n${stdout}${stderr}`);
              if (err) reject(new Error(`pulumi ${shown.join(" ")} failed:\n${stdout}\n${stderr}`));
              else resolve(stdout);
            },
          );
          child.stdin?.end(input ?? "");
        });
      const pulumi = (...args: string[]) => pulumiWith(undefined, ...args);
      try {
        await pulumi("stack", "init", "dev");
        await pulumi("config", "set", "dondominio:baseUrl", emu.url);
        await pulumi("config", "set", "dondominio:caCertFile", emu.caFile);
        await pulumi("config", "set", "dondominio:apiUser", emu.apiUser);
        // Secrets on stdin, as the ci-preview workflows set them (a value could start with "-").
        await pulumiWith(emu.apiPasswd, "config", "set", "--secret", "dondominio:apiPasswd");
        await pulumi("config", "set", "dondominio:pollIntervalMs", "500");
        // Passwords as secrets, as the examples' READMEs say.
        for (const [k, v] of Object.entries(exampleConfig(name))) {
          // Multi-line values (PEM) and secrets from stdin, as the certificate README does (`< www.csr`).
          const [flags, value] = typeof v === "string" ? [[], v] : [["--secret"], v.secret];
          if (value.includes("\n") || flags.length) await pulumiWith(value, "config", "set", ...flags, k);
          else await pulumi("config", "set", ...flags, k, value);
        }
        await EXAMPLE_PREPARE[name]?.(emu);

        const up = await pulumi("up", "--yes", "--skip-preview");
        expect(up).to.match(/\d+ created/);
        for (let n = 1; n < (UPS[name] ?? 1); n++) expect(await pulumi("up", "--yes", "--skip-preview")).to.match(/\d+ updated/);
        const outputs = JSON.parse(await pulumi("stack", "output", "--json"));
        // The exporter's program (adopt-existing) declares the account and exports nothing.
        if (name !== "adopt-existing") expect(Object.keys(outputs).length, "the stack has outputs").to.be.greaterThan(0);
        await pulumi("preview", "--expect-no-changes");
        await pulumi("refresh", "--yes", "--expect-no-changes");
        const destroy = await pulumi("destroy", "--yes");
        expect(destroy).to.match(/\d+ deleted/);

        // The API password and the example's secret config never reached the state or the CLI's output in plaintext.
        const secrets = [emu.apiPasswd, ...Object.values(EXAMPLE_CONFIG[name] ?? {}).flatMap((v) => (typeof v === "string" ? [] : [v.secret]))];
        const stateDir = join(backend, ".pulumi");
        const files = existsSync(stateDir) ? listFiles(stateDir) : [];
        expect(files.length, "the backend holds state files").to.be.greaterThan(0);
        for (const f of files) for (const s of secrets) expect(readFileSync(f, "utf8").includes(s), f).to.equal(false);
        for (const s of secrets) expect(transcript.join("\n").includes(s), "CLI output").to.equal(false);
        await pulumi("stack", "rm", "--yes", "dev");
      } catch (err) {
        console.log(transcript.join("\n").slice(-6000));
        throw err;
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)]));
}
