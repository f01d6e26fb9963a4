/**
 * The resource classes built by provider/core/resource-class.ts from each resource's state, as the
 * installed package gives them to programs (run `npm run build` first): the type token of every
 * URN, instanceof, the outputs each class declared when it listed them by hand, secret inputs and
 * outputs, and the types and docs editors show.
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import ts from "typescript";
import { installPackage, REPO, WORK_ROOT } from "../harness/engine";

/** What each class declared (`declare readonly`) or gave an output placeholder before the classes were derived from the state: recorded from those hand-written classes, kept as data. */
const DECLARED: Record<string, string[]> = JSON.parse(readFileSync(join(__dirname, "../fixtures/declared-outputs.json"), "utf8"));

/** Secret inputs (given as plain text by the program) and additionalSecretOutputs, per class. */
const SECRETS: Record<string, { inputs: string[]; outputs: string[] }> = {
  Domain: { inputs: ["authcode"], outputs: ["authcode"] },
  SslCertificate: { inputs: ["privateKey"], outputs: ["privateKey"] },
  FtpAccount: { inputs: ["password"], outputs: ["password"] },
  Database: { inputs: ["password"], outputs: ["password"] },
  Subdomain: { inputs: ["ssl"], outputs: ["ssl"] },
  MailBox: { inputs: ["password"], outputs: ["passwordHash"] },
};

interface Report {
  constructorName: string;
  instanceOfClass: boolean;
  instanceOfDynamicResource: boolean;
  isCustomResource: boolean;
  id: string;
  outputs: Record<string, unknown>;
  registered: { type: string; secretInputs: string[]; additionalSecretOutputs: string[] };
}

describe("resource classes (derived from each state)", function () {
  this.timeout(120_000);
  let report: Record<string, Report>;
  before(async () => {
    installPackage();
    const { stdout } = await promisify(execFile)(process.execPath, ["--require", "tsx/cjs", join(__dirname, "resource-class.mocked.ts")], {
      cwd: REPO,
      env: { ...process.env, RESOURCE_CLASS_OUTPUTS: JSON.stringify(DECLARED) },
      maxBuffer: 16 << 20,
    });
    report = JSON.parse(stdout);
  });

  it("register under pulumi-nodejs:dynamic/dondominio:<Class> and stay dynamic resources of their own class", () => {
    expect(Object.keys(report).sort()).to.deep.equal(Object.keys(DECLARED).sort());
    for (const [cls, r] of Object.entries(report)) {
      expect(r.registered.type, cls).to.equal(`pulumi-nodejs:dynamic/dondominio:${cls}`);
      expect(r.constructorName, cls).to.equal(cls);
      expect(r.instanceOfClass && r.instanceOfDynamicResource && r.isCustomResource, `${cls} instanceof`).to.equal(true);
      expect(r.id, cls).to.equal(`${cls}-id`);
    }
  });

  it("have every output they declared by hand before, resolved from the engine's answer", () => {
    for (const [cls, names] of Object.entries(DECLARED)) {
      for (const k of names) expect(report[cls].outputs[k], `${cls}.${k}`).to.equal(`mock:${k}`);
    }
  });

  it("store the same inputs encrypted and mark the same outputs secret", () => {
    for (const [cls, r] of Object.entries(report)) {
      const want = SECRETS[cls] ?? { inputs: [], outputs: [] };
      expect(r.registered.secretInputs, `${cls} secret inputs`).to.deep.equal(want.inputs);
      expect(r.registered.additionalSecretOutputs, `${cls} additionalSecretOutputs`).to.deep.equal(want.outputs);
    }
  });

  it("type each output from the state in the installed .d.ts, with the state's docs in editors", () => {
    installPackage();
    const dir = join(WORK_ROOT, "resource-class-types");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "resource-class-types", private: true }));
    const program = [
      'import type * as pulumi from "@pulumi/pulumi";',
      'import { Domain, MailBox, SslCertificate } from "pulumi-dondominio";',
      'const mb = new MailBox("m", { serviceName: "example.com", name: "info", password: "x" });',
      "const entityId: pulumi.Output<string> = mb.entityId;",
      "const usage: pulumi.Output<number> = mb.usage;",
      'const d = new Domain("d", { name: "example.com", registration: "adopt" });',
      // One normal form, ["default"] for the service's own servers (issue 29): a list.
      "const ns: pulumi.Output<string[] | undefined> = d.nameservers;",
      "const expir: pulumi.Output<string | undefined> = d.tsExpir;",
      'const ssl = new SslCertificate("s", { productId: 1, csr: "x", adminContact: "ABC-1" });',
      "const records: pulumi.Output<{ name: string; type: string; value: string }[]> = ssl.validationRecords;",
      "// @ts-expect-error: an output the state does not have",
      "mb.password;",
      "export const used = [entityId, usage, ns, expir, records, d.pendingOrder];",
      "",
    ].join("\n");
    const file = join(dir, "index.ts");
    writeFileSync(file, program);
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      skipLibCheck: true,
    };
    const service = ts.createLanguageService({
      getScriptFileNames: () => [file],
      getScriptVersion: () => "1",
      getScriptSnapshot: (f) => (ts.sys.fileExists(f) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(f) ?? "") : undefined),
      getCurrentDirectory: () => dir,
      getCompilationSettings: () => options,
      getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
      fileExists: ts.sys.fileExists,
      readFile: ts.sys.readFile,
      readDirectory: ts.sys.readDirectory,
      directoryExists: ts.sys.directoryExists,
      getDirectories: ts.sys.getDirectories,
    });
    const problems = [...service.getSyntacticDiagnostics(file), ...service.getSemanticDiagnostics(file)].map((d) =>
      ts.flattenDiagnosticMessageText(d.messageText, "\n"),
    );
    expect(problems).to.deep.equal([]);
    const docAt = (text: string) => {
      const info = service.getQuickInfoAtPosition(file, program.indexOf(text) + text.length - 1);
      return ts.displayPartsToString(info?.documentation);
    };
    expect(docAt("mb.entityId")).to.equal("The API's entityID.");
    expect(docAt("mb.usage")).to.equal("Bytes used.");
    expect(docAt("d.nameservers")).to.not.equal(undefined);
    expect(docAt("d.pendingOrder")).to.match(/^A paid order \(create, transfer, renew\) sent but not confirmed/);
    expect(docAt("ssl.validationRecords")).to.match(/^The DNS records the CA asks for/);
  });
});
