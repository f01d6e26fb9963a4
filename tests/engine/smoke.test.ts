/**
 * Engine smoke test (issue 3): one dynamic resource through the real Pulumi engine — preview, up,
 * preview and refresh with no changes, an update, destroy — asserting outputs, change summaries and
 * that the state file holds no plaintext secret.
 */
import { expect } from "chai";
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { createEngineStack, ensurePulumi, WORK_ROOT } from "../harness/engine";

/** A provider module under node_modules, so Pulumi serializes it as one require() line. */
const SMOKE_PROVIDER = `
const store = new Map();
exports.check = async (olds, news) => ({ inputs: news });
exports.diff = async (id, olds, news) => {
  const changes = olds.text !== news.text || olds.secretText !== news.secretText;
  return { changes, replaces: [] };
};
exports.create = async (inputs) => ({ id: "note-" + inputs.text.length, outs: { ...inputs, length: inputs.text.length } });
exports.read = async (id, props) => ({ id, props });
exports.update = async (id, olds, news) => ({ outs: { ...news, length: news.text.length } });
exports.delete = async () => {};
`;

describe("engine smoke (real Pulumi CLI through the Automation API)", function () {
  this.timeout(180_000);
  const secretValue = `s3cr3t-${Date.now()}`;
  let text = "hello";

  before(() => {
    const dir = join(WORK_ROOT, "node_modules", "engine-smoke-provider");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "engine-smoke-provider", version: "1.0.0", main: "index.js" }));
    writeFileSync(join(dir, "index.js"), SMOKE_PROVIDER);
    const root = ensurePulumi();
    const version = execFileSync(join(root, "bin", "pulumi"), ["version"], { encoding: "utf8" }).trim();
    console.log(`      pulumi ${version}, node ${process.version}`);
  });

  const program = async () => {
    const provider = require(join(WORK_ROOT, "node_modules", "engine-smoke-provider"));
    const cfg = new pulumi.Config();
    class Note extends pulumi.dynamic.Resource {
      declare readonly length: pulumi.Output<number>;
      constructor(name: string, args: Record<string, pulumi.Input<string>>) {
        super(provider, name, { length: undefined, ...args }, { additionalSecretOutputs: ["secretText"] });
      }
    }
    const note = new Note("note", { text, secretText: cfg.requireSecret("secretText") });
    return { length: note.length, id: note.id };
  };

  it("runs preview, up, no-op preview and refresh, update and destroy", async () => {
    const eng = await createEngineStack({ program, installPackage: false, config: { secretText: { value: secretValue, secret: true } } });
    try {
      const preview = await eng.stack.preview();
      expect(preview.changeSummary.create).to.equal(2); // stack + note

      const up = await eng.stack.up();
      expect(up.summary.result).to.equal("succeeded");
      expect(up.outputs.length.value).to.equal(5);
      expect(up.outputs.id.value).to.equal("note-5");

      const again = await eng.stack.preview();
      expect(again.changeSummary).to.deep.equal({ same: 2 });

      const refresh = await eng.stack.refresh();
      expect(refresh.summary.resourceChanges).to.deep.equal({ same: 2 });

      const state = eng.readStateFile();
      expect(state).to.include("engine-smoke-provider");
      expect(state).not.to.include(secretValue);

      text = "hello, world";
      const update = await eng.stack.up();
      expect(update.summary.resourceChanges).to.deep.equal({ same: 1, update: 1 });
      expect(update.outputs.length.value).to.equal(12);

      const destroy = await eng.stack.destroy();
      expect(destroy.summary.resourceChanges).to.deep.equal({ delete: 2 });
    } finally {
      await eng.dispose();
    }
  });
});
