/**
 * The classes' Args as users get them from the packed package (after `npm run build`): derived from
 * the fields (provider/core/fields.ts), they accept what a program writes (Outputs, `"-"`, a
 * DnsType) and refuse what the fields' types refuse, and each property's doc in the .d.ts, the one
 * an editor shows on the Args and on the class's outputs, is the doc schema.json serves for it (one
 * JSDoc in schema.ts, read twice).
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import * as ts from "typescript";
import { installPackage, loadInstalled, REPO, WORK_ROOT } from "../harness/engine";

type Json = Record<string, any>;

describe("package: the classes' Args and their docs (.d.ts and schema.json)", function () {
  this.timeout(180_000);
  const dir = join(WORK_ROOT, "args-check");
  const schema: Json = JSON.parse(readFileSync(join(REPO, "schema.json"), "utf8"));
  let types: string[];

  before(() => {
    installPackage();
    types = (loadInstalled("dist/provider/registry.js").RESOURCES as { type: string }[]).map((d) => d.type);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "args-check", private: true }));
    writeFileSync(
      join(dir, "index.ts"),
      [
        'import * as pulumi from "@pulumi/pulumi";',
        'import type * as dd from "pulumi-dondominio";',
        ...types.map((t) => `export type Args_${t} = dd.${t}Args;\nexport type Out_${t} = InstanceType<typeof dd.${t}>;`),
        // What programs write: Outputs at every level, the narrowed value types.
        'const zone = pulumi.output("example.com");',
        'export const record: dd.DnsRecordArgs = { serviceName: zone, name: "@", type: "MX", value: "mx.example.net", ttl: "-", priority: 10 };',
        'export const zoneArgs: dd.DnsZoneArgs = { serviceName: zone, records: [{ name: "www", type: "CNAME", value: zone }], ignore: [{ type: ["TXT"] }] };',
        'export const redirect: dd.RedirectArgs = { serviceName: "example.com", origin: "@", destination: "https://example.net", type: 301 };',
        'export const domain: dd.DomainArgs = { name: "example.com", contacts: { owner: "ABC-1", admin: { contactType: "individual", city: zone } }, tldParams: { aeroId: zone } };',
        'export const sub: dd.SubdomainArgs = { serviceName: "example.com", name: "blog", ftpPath: "/blog", ssl: pulumi.output(undefined) };',
        // What the fields' types refuse.
        "// @ts-expect-error not a DnsType",
        'export const badType: dd.DnsRecordArgs = { serviceName: "example.com", name: "@", type: "BOGUS", value: "x" };',
        '// @ts-expect-error ttl is a number or "-"',
        'export const badTtl: dd.DnsRecordArgs = { serviceName: "example.com", name: "@", type: "A", value: "192.0.2.1", ttl: "300" };',
        "// @ts-expect-error value is required",
        'export const noValue: dd.DnsRecordArgs = { serviceName: "example.com", name: "@", type: "A" };',
        "// @ts-expect-error productKey is one of the products",
        'export const badProduct: dd.HostingServiceArgs = { name: "example.com", productKey: "huge" };',
        "",
      ].join("\n"),
    );
  });

  it("compiles a program against the .d.ts: what the fields accept passes, what they refuse does not", async () => {
    const tsc = require.resolve("typescript/bin/tsc");
    const args = [tsc, "--noEmit", "--strict", "--skipLibCheck", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", "index.ts"];
    const r = await promisify(execFile)(process.execPath, args, { cwd: dir, encoding: "utf8" }).catch((e: { stdout: string }) => ({ stdout: e.stdout }));
    expect(r.stdout).to.equal("");
  });

  it("documents every Args property and every output in the .d.ts with the text schema.json serves", () => {
    const program = ts.createProgram([join(dir, "index.ts")], {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      types: [],
    });
    const checker = program.getTypeChecker();
    const source = program.getSourceFile(join(dir, "index.ts"));
    const exports = checker.getExportsOfModule(checker.getSymbolAtLocation(source!)!);
    const docsOf = (name: string) => {
      const alias = exports.find((s) => s.name === name);
      if (!alias) throw new Error(`${name} is not exported`);
      const type = checker.getDeclaredTypeOfSymbol(alias);
      return Object.fromEntries(
        type.getProperties().map((p) => [p.name, ts.displayPartsToString(p.getDocumentationComment(checker)).replace(/\s+/g, " ").trim()]),
      );
    };
    let compared = 0;
    for (const type of types) {
      const served = schema.resources[`dondominio:index:${type}`];
      if (!served) continue;
      // The Args: every input, with its field's doc.
      const args = docsOf(`Args_${type}`);
      expect(Object.keys(args).sort(), type).to.have.members(Object.keys(served.inputProperties));
      // The class: every output, an input's doc unless the output shape redefines it.
      const outs = docsOf(`Out_${type}`);
      // An input the state drops (MailBox's password: only its fingerprint is kept) is no output of the class.
      const dropped = Object.keys(served.properties).filter((k) => !(k in outs));
      expect(
        dropped.filter((k) => !(k in served.inputProperties)),
        type,
      ).to.deep.equal([]);
      const outputs = Object.fromEntries(Object.entries(served.properties as Json).filter(([k]) => k in outs));
      for (const [kind, docs, props] of [
        ["Args", args, served.inputProperties],
        ["outputs", outs, outputs],
      ] as const) {
        for (const [k, p] of Object.entries(props as Json)) {
          expect(docs[k], `${type} ${kind}.${k}`).to.have.length.greaterThan(3);
          expect(docs[k], `${type} ${kind}.${k}`).to.equal(p.description);
          compared++;
        }
      }
    }
    // 15 served resources: 107 inputs and 157 outputs.
    expect(compared).to.be.greaterThan(250);
  });
});
