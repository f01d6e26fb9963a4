/**
 * `pulumi import dondominio:index:<Resource> <name> <id>` of every resource, through the real engine
 * (plain CLI, the plugin installed from its archive, a Pulumi YAML project), against the emulator
 * seeded with one object of each (tests/plugin/import-seed.ts): each import reads with 0 write
 * calls, records inputs that pass Check, and writes its YAML code (`--generate-code --out`); the
 * program those pieces make then previews with no change, with 0 writes and the balance unmoved.
 * AcmeCertificate, whose certificate no API holds, is refused saying why. Run `npm run build` first.
 */
import { expect } from "chai";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkInputs } from "../../provider/core/frame";
import { RESOURCES } from "../../provider/registry";
import { resourceOf } from "../../plugin/resources";
import { type Harness, writeCalls } from "../provider/harness";
import { DOMAIN, type ImportIds, importProject, PASSWORD } from "./import-seed";
import { skipWithoutGo, type YamlProject } from "./yaml-project";

const BASE = "name: import-all\nruntime: yaml\ndescription: every DonDominio resource, imported\n";

/** A resource's name in the program: its type in kebab case. */
const nameOf = (type: string) => type.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();

describe("plugin: pulumi import of every resource through the engine", function () {
  this.timeout(1_200_000);
  let h: Harness;
  let project: YamlProject;
  let outDir: string;
  let ids: ImportIds;
  const code: Record<string, string> = {};
  const pulumi = (...args: string[]) => project.pulumi(...args);
  const balance = async () => ((await h.client.call("account/info", {} as never)) as { balance: number }).balance;

  before(async function () {
    skipWithoutGo(this);
    outDir = mkdtempSync(join(tmpdir(), "dondominio-import-"));
    ({ h, project, ids } = await importProject(outDir, BASE));
    mkdirSync(join(outDir, "code"));
  });
  after(async () => {
    await h?.close();
    project?.dispose();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it("seeds one object of every importable resource (all of the registry's but AcmeCertificate)", () => {
    expect(Object.keys(ids).sort()).to.deep.equal(
      RESOURCES.map((d) => d.type)
        .filter((t) => t !== "AcmeCertificate")
        .sort(),
    );
  });

  const importable = RESOURCES.filter((x) => x.type !== "AcmeCertificate");
  /** Each import test above wrote its piece of code (the tests below build on all of them). */
  const everyPiece = () => {
    expect(Object.keys(code).sort(), "the imports that wrote code").to.deep.equal(importable.map((d) => d.type).sort());
    for (const [type, text] of Object.entries(code)) expect(text, type).to.match(/^resources:\n/m);
  };

  for (const d of importable) {
    it(`imports ${d.type} from its id (${d.idFormat}) with 0 writes; the recorded inputs pass Check; YAML code written`, async () => {
      const name = nameOf(d.type);
      const file = join(outDir, "code", `${name}.yaml`);
      await h.emu.control.counters({ reset: true });
      const t0 = Date.now();
      const out = await pulumi("import", `dondominio:index:${d.type}`, name, ids[d.type], "--yes", "--protect=false", "--generate-code", "--out", file);
      const ms = Date.now() - t0;
      const calls = (await h.emu.control.counters()).calls;
      expect(writeCalls(calls), "the import writes nothing").to.deep.equal({});
      expect(out, "no money line: an import orders nothing").to.not.match(/\$ (CHARGE|TOTAL)/);
      const rec = await project.resource(name);
      expect(rec?.id).to.equal(ids[d.type]);
      const { failures } = await checkInputs(resourceOf(`dondominio:index:${d.type}`).definition, rec.inputs, rec.inputs);
      expect(failures, "the recorded inputs pass Check").to.deep.equal([]);
      code[d.type] = readFileSync(file, "utf8");
      expect(code[d.type]).to.match(new RegExp(`type: dondominio:(index:)?${d.type}\\n`));
      console.log(`      ${d.type} ${ids[d.type]}: ${(ms / 1000).toFixed(1)} s, ${Object.values(calls).reduce((a, b) => a + b, 0)} read calls`);
    });
  }

  it("the program the generated code makes previews with no change, 0 writes, the balance unmoved", async () => {
    everyPiece();
    const pieces = Object.values(code).map((c) => c.replace(/^resources:\n/m, ""));
    writeFileSync(join(project.dir, "Pulumi.yaml"), `${BASE}resources:\n${pieces.join("")}`);
    const before = await balance();
    await h.emu.control.counters({ reset: true });
    await pulumi("preview", "--expect-no-changes");
    await pulumi("up", "--yes", "--expect-no-changes");
    expect(writeCalls((await h.emu.control.counters()).calls), "preview and up write nothing").to.deep.equal({});
    expect(await balance()).to.equal(before);
    // The program held every imported resource: none was dropped from the state by the up.
    for (const d of importable) expect((await project.resource(nameOf(d.type)))?.id, d.type).to.equal(ids[d.type]);
  });

  it("no secret the API returned (FTP and database passwords) is in the generated code", async () => {
    everyPiece();
    // The API does return them (spec "Authentication" 5): the code had them to leak.
    for (const [op, key] of [
      ["service/ftplist", "ftp"],
      ["service/ddbblist", "ddbb"],
    ] as const) {
      const reply = (await h.client.call(op, { serviceName: DOMAIN } as never)) as Record<string, { password?: string }[]>;
      expect(
        reply[key]?.map((e) => e.password),
        op,
      ).to.include(PASSWORD);
    }
    const text = Object.values(code).join("\n");
    expect(text).to.not.include(PASSWORD);
  });

  it("refuses to import an AcmeCertificate, saying why", async () => {
    const err = await pulumi("import", "dondominio:index:AcmeCertificate", "acme", "www.example.com:01", "--yes").then(
      () => "succeeded",
      (e: Error) => e.message,
    );
    expect(err).to.include("no DonDominio API holds them");
  });
});
