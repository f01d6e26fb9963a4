/**
 * Independent probe of `dondominio-export --project` (issue 19 item 9, a variation): Pulumi's rule
 * lets a project be named `null`, `true`, `123`, `1e3` or `.inf`, which the export wrote as a plain
 * YAML scalar (`name: null`): YAML reads a null, a boolean or a number there, and the Pulumi CLI
 * (3.250) refuses the project ("project is missing a non-empty string 'name' attribute"). Such a
 * name is now written quoted; an ordinary one stays plain.
 */
import { expect } from "chai";
import { createRequire } from "node:module";
import { renderProject } from "../../provider/export/render";

const yaml = createRequire(__filename)("js-yaml") as { load(text: string): unknown };
const EMPTY = { contacts: [], domains: [], services: [], certificates: [], notes: [] };

describe("probe: the exported Pulumi.yaml names the project as a string", () => {
  for (const name of [
    "null",
    "NULL",
    "true",
    "False",
    "yes",
    "off",
    "y",
    "123",
    "1e3",
    "0x1F",
    "0o17",
    ".inf",
    ".NaN",
    "-1",
    "1_000",
    "2026-11-27",
    "~",
  ].filter((n) => /^[A-Za-z0-9_.-]{1,100}$/.test(n)))
    it(`--project ${name}`, () => {
      const doc = yaml.load(renderProject(EMPTY, { projectName: name }).files["Pulumi.yaml"]) as Record<string, unknown>;
      expect(doc.name).to.equal(name);
      expect(doc.runtime).to.equal("nodejs");
    });

  it("an ordinary name stays a plain scalar", () => {
    expect(renderProject(EMPTY, { projectName: "my-account_2.prod" }).files["Pulumi.yaml"]).to.match(/^name: my-account_2\.prod\n/);
  });
});
