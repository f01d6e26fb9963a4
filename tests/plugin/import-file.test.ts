/**
 * `dondominio-export --import-file FILE` (provider/export/import-file.ts) through the real engine:
 * the emulator seeded with one object of each importable resource (tests/plugin/import-seed.ts) and
 * a TXT record whose text is hostile to YAML and to shells; the export writes the import file (ids
 * only: the pinned CLI 3.250 takes no inputs there), names unique and plain; then, in a Pulumi YAML
 * project on the plugin installed from its archive, `pulumi import --file FILE --generate-code --out`
 * imports the account with 0 writes and writes it as a program; that program's first `up` plans no
 * change, writes nothing and spends nothing, and a preview after it is empty. Run `npm run build` first.
 */
import { expect } from "chai";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../../provider/export";
import { type Harness, writeCalls } from "../provider/harness";
import { DOMAIN, type ImportIds, importProject, PASSWORD } from "./import-seed";
import { skipWithoutGo, type YamlProject } from "./yaml-project";

const BASE = "name: account\nruntime: yaml\ndescription: a DonDominio account, imported from dondominio-export --import-file\n";
/** Text a careless writer would turn into code: YAML interpolation, quotes, a comment, a shell substitution. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: the text is meant to look like an interpolation
const HOSTILE = 'v=1 ${pulumi.stack} "q" # not a comment $(touch /tmp/pwned)';

describe("dondominio-export --import-file, imported through the engine with the plugin", function () {
  this.timeout(1_200_000);
  let h: Harness;
  let project: YamlProject;
  let work: string;
  let ids: ImportIds;
  let file: string;
  const pulumi = (...args: string[]) => project.pulumi(...args);
  const balance = async () => ((await h.client.call("account/info", {} as never)) as { balance: number }).balance;

  before(async function () {
    skipWithoutGo(this);
    work = mkdtempSync(join(tmpdir(), "dondominio-import-file-"));
    ({ h, project, ids } = await importProject(work, BASE));
    await h.client.call("service/dnscreate", { serviceName: DOMAIN, name: "hostile", type: "TXT", value: HOSTILE } as never);
  });
  after(async () => {
    await h?.close();
    project?.dispose();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("writes the import file with the project: ids only, names unique and plain, values JSON-encoded only", async () => {
    file = join(work, "import.json");
    const lines: string[] = [];
    const io = { stdout: { write: () => true }, stderr: { write: (t: string) => lines.push(t) } };
    await h.emu.control.counters({ reset: true });
    const status = await main(
      ["--out", join(work, "project"), "--import-file", file],
      {
        DONDOMINIO_API_USER: h.emu.apiUser,
        DONDOMINIO_API_PASSWD: h.emu.apiPasswd,
        DONDOMINIO_BASE_URL: h.emu.url,
        DONDOMINIO_CA_CERT_FILE: h.emu.caFile,
        DONDOMINIO_MAX_OPS_PER_MINUTE: "20000",
      },
      io,
    );
    expect(status, lines.join("")).to.equal(0);
    expect(writeCalls((await h.emu.control.counters()).calls), "the export only reads").to.deep.equal({});
    expect(lines.join("")).to.match(/wrote .*import\.json: .*DnsRecord.* \(pulumi import --file\)/);
    const text = readFileSync(file, "utf8");
    const { resources } = JSON.parse(text) as { resources: { type: string; name: string; id: string }[] };
    for (const r of resources) expect(Object.keys(r)).to.deep.equal(["type", "name", "id"]);
    const names = resources.map((r) => r.name);
    expect(new Set(names).size, "names unique in the file").to.equal(names.length);
    for (const n of names) expect(n).to.match(/^[a-z][a-z0-9-]*$/);
    const types = new Set(resources.map((r) => r.type.replace("dondominio:index:", "")));
    const want = Object.keys(ids).filter((t) => t !== "DnsZone" && t !== "SslCertificateValidation");
    expect([...types].sort()).to.deep.equal(want.sort());
    expect(resources.map((r) => r.id)).to.include.members([ids.Contact, ids.Domain, ids.DnsRecord, ids.GlueRecord, ids.DnssecKey, ids.SslCertificate]);
    expect(text).to.not.include(PASSWORD);
    console.log(`      import file: ${resources.length} resources (${[...types].length} types), ${Buffer.byteLength(text)} bytes`);
  });

  it("pulumi import --file imports them with 0 writes; the generated program's first up changes, writes and spends nothing", async () => {
    const out = join(work, "generated.yaml");
    await h.emu.control.counters({ reset: true });
    const t0 = Date.now();
    await pulumi("import", "--file", file, "--yes", "--protect=false", "--generate-code", "--out", out);
    const importMs = Date.now() - t0;
    expect(writeCalls((await h.emu.control.counters()).calls), "the import writes nothing").to.deep.equal({});
    const generated = readFileSync(out, "utf8");
    expect(generated).to.not.include(PASSWORD);
    writeFileSync(join(project.dir, "Pulumi.yaml"), `${BASE}${generated}`);
    const before = await balance();
    await h.emu.control.counters({ reset: true });
    await pulumi("up", "--yes", "--expect-no-changes");
    await pulumi("preview", "--expect-no-changes");
    const calls = (await h.emu.control.counters()).calls;
    expect(writeCalls(calls), "up and preview write nothing").to.deep.equal({});
    expect(await balance(), "nothing spent").to.equal(before);
    const state = JSON.parse((await project.pulumiRun("stack", "export")).stdout);
    const hostile = state.deployment.resources.find(
      (r: any) => r.type === "dondominio:index:DnsRecord" && r.inputs?.type === "TXT" && r.inputs?.name?.startsWith("hostile"),
    );
    expect(hostile?.inputs.value, "the hostile TXT text kept as text").to.equal(HOSTILE);
    const count = state.deployment.resources.filter((r: any) => r.type.startsWith("dondominio:index:")).length;
    console.log(
      `      pulumi import --file: ${count} resources in ${(importMs / 1000).toFixed(1)} s; up + preview after it: ${JSON.stringify(calls)} (reads only)`,
    );
  });
});
