/** The plugin's package schema (plugin/schema.ts): schema.json is a fresh render, and its secret, replace and config facts. */
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { RESOURCES } from "../../provider/registry";
import { renderSchema, SCHEMA_FILE } from "../../scripts/gen-schema";

describe("plugin: package schema", () => {
  const schema = JSON.parse(renderSchema());

  it("schema.json is up to date (npm run gen:schema)", () => {
    expect(readFileSync(SCHEMA_FILE, "utf8") === renderSchema(), "schema.json is out of date: run `npm run gen:schema`").to.equal(true);
  });

  it("serves the 16 resources of the registry and checkDomain, with inputs, required inputs, outputs and docs", () => {
    expect(Object.keys(schema.resources)).to.have.length(RESOURCES.length).and.include("dondominio:index:AcmeCertificate");
    expect(schema.functions).to.have.key("dondominio:index:checkDomain");
    const rec = schema.resources["dondominio:index:DnsRecord"];
    expect(rec.requiredInputs).to.deep.equal(["serviceName", "name", "type", "value"]);
    expect(rec.properties.entityId.type).to.equal("string");
    expect(rec.inputProperties.value.description).to.match(/IPv4/);
    expect(rec.description).to.match(/service\/dnscreate/);
  });

  it("documents every input and output property of every resource", () => {
    const undocumented: string[] = [];
    for (const [token, r] of Object.entries(schema.resources as Record<string, Record<string, Record<string, { description?: string }>>>))
      for (const kind of ["inputProperties", "properties"])
        for (const [k, p] of Object.entries(r[kind])) if (!p.description?.trim()) undocumented.push(`${token} ${kind}.${k}`);
    expect(undocumented).to.deep.equal([]);
  });

  it("marks secret fields secret and replaceOn inputs replaceOnChanges", () => {
    const box = schema.resources["dondominio:index:MailBox"];
    expect(box.inputProperties.password.secret).to.equal(true);
    expect(box.properties.passwordHash.secret).to.equal(true);
    expect(box.inputProperties.adopt.secret).to.equal(undefined);
    const rec = schema.resources["dondominio:index:DnsRecord"];
    expect(["serviceName", "name", "type"].filter((k) => rec.inputProperties[k].replaceOnChanges)).to.have.length(3);
    expect(rec.inputProperties.value.replaceOnChanges).to.equal(undefined);
  });

  it("declares the provider config with its environment defaults, the password secret", () => {
    const v = schema.config.variables;
    expect(v.apiPasswd).to.include({ secret: true });
    expect(v.apiPasswd.defaultInfo.environment).to.deep.equal(["DONDOMINIO_API_PASSWD"]);
    expect(v.maxConcurrency.type).to.equal("integer");
    expect(schema.provider.inputProperties).to.deep.equal(v);
    expect(schema.pluginDownloadURL).to.match(/^github:\/\//);
    // Go code generated from the served schema (gen-sdk, import --generate-code) imports this path: sdks/go's module.
    const goMod = readFileSync(join(__dirname, "..", "..", "sdks", "go", "go.mod"), "utf8");
    expect(schema.language.go.importBasePath).to.equal(`${/^module (\S+)$/m.exec(goMod)?.[1]}/dondominio`);
  });
});
