/**
 * What the Pulumi Registry asks of a package, checked offline: the schema's metadata (displayName,
 * description, publisher, logoUrl, repository, license, keywords with a `category/` and
 * `kind/native`, pluginDownloadURL), and docs/_index.md and docs/installation-configuration.md
 * (scripts/gen-registry-docs.ts) as generated from their sources (drift), with the install line of
 * every language and every config key beside its environment variable.
 */
import { expect } from "chai";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CONFIG_KEYS } from "../../provider/core/config";
import { REGISTRY_DOCS, registryDocs } from "../../scripts/gen-registry-docs";
import { REPO } from "../harness/engine";

const schema = JSON.parse(readFileSync(join(REPO, "schema.json"), "utf8"));

describe("Pulumi Registry: package metadata and docs pages", () => {
  it("the schema has the metadata the Registry shows", () => {
    for (const k of ["displayName", "description", "publisher", "logoUrl", "repository", "license", "pluginDownloadURL"])
      expect(schema[k], k).to.be.a("string").and.not.equal("");
    expect(schema.keywords.filter((k: string) => k.startsWith("category/"))).to.have.length(1);
    expect(schema.keywords).to.include("kind/native");
    expect(schema.pluginDownloadURL).to.equal("github://api.github.com/pulumi-dondominio/pulumi-dondominio");
    // The logo the URL names is in the repository at that path.
    const path = schema.logoUrl.replace("https://raw.githubusercontent.com/pulumi-dondominio/pulumi-dondominio/main/", "");
    expect(existsSync(join(REPO, path)), path).to.equal(true);
  });

  it("docs/ is what scripts/gen-registry-docs.ts writes from its sources (npm run gen:registry-docs)", () => {
    const want = registryDocs();
    for (const file of REGISTRY_DOCS) expect(readFileSync(join(REPO, file), "utf8"), `${file} is stale: npm run gen:registry-docs`).to.equal(want[file]);
  });

  it("each page has the Registry's front matter; the overview has an example per language", () => {
    for (const file of REGISTRY_DOCS) expect(readFileSync(join(REPO, file), "utf8")).to.match(/^---\ntitle: .+\nmeta_desc: .+\nlayout: package\n---\n/);
    const index = readFileSync(join(REPO, "docs/_index.md"), "utf8");
    for (const lang of ["typescript", "python", "go", "csharp", "java", "yaml"])
      expect(index).to.include(`{{% choosable language ${lang} %}}\n\n\`\`\`${lang}\n`);
    for (const token of Object.keys(schema.resources)) expect(index).to.include(`| \`${token.split(":").pop()}\` |`);
  });

  it("the installation page: the install line of every language, the plugin, every config key with its environment variable", () => {
    const page = readFileSync(join(REPO, "docs/installation-configuration.md"), "utf8");
    expect(page).to.include(`npm install ${schema.language.nodejs.packageName}`);
    expect(page).to.include(`pip install ${schema.language.python.packageName}`);
    expect(page).to.include("go get github.com/pulumi-dondominio/pulumi-dondominio/sdks/go/dondominio");
    expect(page).to.include("dotnet add package PulumiDondominio.Dondominio");
    expect(page).to.include("`io.github.pulumidondominio:dondominio`");
    expect(page).to.include(`pluginDownloadURL: ${schema.pluginDownloadURL}`);
    expect(page).to.include("--checksum <sha256 of your platform's archive>");
    for (const [key, c] of Object.entries(CONFIG_KEYS)) expect(page).to.include(`| \`dondominio:${key}\` | \`${c.env}\` |`);
  });
});
