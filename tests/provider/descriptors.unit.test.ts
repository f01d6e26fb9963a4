/**
 * The registry (provider/registry.ts): one descriptor per resource folder, each one complete enough
 * that a plugin's schema is derived from it alone (type, description, every property with its type,
 * doc, required/optional, secret, replace-on-change, and the outputs).
 */
import { expect } from "chai";
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describeResource, type TypeSpec } from "../../provider/core/descriptor";
import { sourceOfClass } from "../../provider/core/resource-class";
import * as pkg from "../../provider/index";
import { RESOURCES } from "../../provider/registry";

const RESOURCES_DIR = join(__dirname, "..", "..", "provider", "resources");

const noAny = (t: TypeSpec): boolean =>
  t.kind === "any"
    ? false
    : t.kind === "array"
      ? noAny(t.items)
      : t.kind === "record"
        ? true
        : t.kind === "union"
          ? t.of.every(noAny)
          : t.kind === "object"
            ? Object.values(t.properties).every((p) => noAny(p.type))
            : true;

describe("provider: the registry of resource descriptors", () => {
  it("lists one descriptor per resource folder, each folder's own, under its class's type", () => {
    const folders = readdirSync(RESOURCES_DIR, { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(RESOURCES.map((d) => d.folder).sort()).to.deep.equal(folders.map((e) => e.name).sort());
    for (const d of RESOURCES) {
      expect(d.definition.type, d.folder).to.equal(d.type);
      expect(sourceOfClass((pkg as Record<string, unknown>)[d.type]), d.type).to.equal(d);
      // The module users' state names: it stays where it is.
      expect(existsSync(join(RESOURCES_DIR, d.folder, "crud.ts")), d.folder).to.equal(true);
    }
  });

  it("derives the full schema of every resource: every property typed and documented", () => {
    const untyped: string[] = [];
    for (const d of RESOURCES) {
      const s = describeResource(d);
      expect(s.description, d.type).to.have.length.greaterThan(20);
      expect(s.inputs.length, d.type).to.be.greaterThan(0);
      for (const p of [...s.inputs, ...s.outputs]) {
        expect(p.doc, `${d.type}.${p.name}: doc`).to.have.length.greaterThan(3);
        if (!noAny(p.type)) untyped.push(`${d.type}.${p.name}`);
      }
      const inputs = new Set(s.inputs.map((p) => p.name));
      for (const k of [...d.definition.replaceOn, ...(d.definition.createOnly ?? [])]) expect(inputs.has(k), `${d.type}: ${k}`).to.equal(true);
      for (const k of Object.keys(d.docs)) expect(inputs.has(k), `${d.type}: a doc for ${k}, which is no input`).to.equal(true);
      // The state holds every input under its name.
      for (const p of s.inputs)
        expect(
          s.outputs.some((o) => o.name === p.name),
          `${d.type}.${p.name}`,
        ).to.equal(true);
    }
    // z.custom in the outputs shapes, types zod cannot describe: the API's validation objects and
    // the provider's own record of an undecided paid order (money/money.ts PendingOrder).
    expect([...new Set(untyped)].sort()).to.deep.equal([
      "Domain.pendingOrder",
      "HostingService.pendingOrder",
      "SslCertificate.pendingOrder",
      "SslCertificate.validations",
    ]);
  });

  it("reads required, secret and replace-on-change from the fields and the class", () => {
    const byType = Object.fromEntries(RESOURCES.map((d) => [d.type, describeResource(d)]));
    const input = (type: string, name: string) => byType[type].inputs.find((p) => p.name === name)!;
    expect(input("MailAlias", "serviceName")).to.include({ required: true, replaceOnChange: true, secret: false });
    expect(input("MailAlias", "targets")).to.include({ required: true, replaceOnChange: false });
    // A list, or one comma-separated string (as the API takes `target`).
    expect(input("MailAlias", "targets").type).to.deep.equal({ kind: "union", of: [{ kind: "array", items: { kind: "string" } }, { kind: "string" }] });
    expect(input("MailAlias", "adopt")).to.include({ required: false, createOnly: true });
    expect(input("FtpAccount", "password")).to.include({ secret: true });
    expect(byType.FtpAccount.outputs.find((p) => p.name === "password")).to.include({ secret: true });
    expect(input("DnsZone", "bulk").type).to.deep.equal({ kind: "enum", values: ["auto", "never"] });
    expect(byType.Domain.outputs.find((p) => p.name === "domainId")?.type).to.deep.equal({ kind: "number" });
    // A preprocessed field (sdk/catalogue int(), oneOf()) that refuses undefined is required, whatever zod's optin mark says.
    expect(input("SslCertificate", "productId")).to.include({ required: true });
    expect(input("DnssecKey", "keytag")).to.include({ required: true });
    // The same required inputs as the plugin's schema (z.toJSONSchema) and the class's Args (provider/core/fields.ts).
    const served = JSON.parse(readFileSync(join(__dirname, "..", "..", "schema.json"), "utf8")).resources as Record<string, { requiredInputs: string[] }>;
    for (const [type, s] of Object.entries(byType)) {
      const plugin = served[`dondominio:index:${type}`];
      if (plugin)
        expect(
          s.inputs.filter((p) => p.required).map((p) => p.name),
          type,
        ).to.have.members(plugin.requiredInputs);
    }
  });

  it("loads no @pulumi/pulumi: the registry, the export and the review run without it (an optional peer)", () => {
    const root = join(__dirname, "..", "..");
    const script = [
      `for (const m of ["provider/registry", "provider/export", "provider/review"]) require(${JSON.stringify(`${root}/`)} + m);`,
      `console.log(JSON.stringify(Object.keys(require.cache).filter((k) => k.includes("@pulumi"))));`,
    ].join("\n");
    const out = execFileSync(process.execPath, ["--import", "tsx", "-e", script], { cwd: root, encoding: "utf8" });
    expect(JSON.parse(out.trim().split("\n").pop() as string)).to.deep.equal([]);
  });
});
