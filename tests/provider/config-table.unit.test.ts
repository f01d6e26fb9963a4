/**
 * The one table of provider settings (provider/core/config.ts CONFIG_KEYS): the TypeScript config
 * (resolveConfig), the plugin's CheckConfig (plugin/config.ts) and the package schema's config
 * (plugin/schema.ts) all follow every row, so a new setting is one row.
 */
import { expect } from "chai";
import { CONFIG_KEYS, CONFIG_NAMES, type ConfigKey, checkConfigValue, resolveConfig } from "../../provider/core/config";
import { checkConfig, SECRET_CONFIG } from "../../plugin/config";
import { packageSchema } from "../../plugin/schema";

const rows = CONFIG_NAMES.map((name) => [name, CONFIG_KEYS[name] as ConfigKey] as const);
const BAD: Record<string, string> = { count: "0", amount: "-1", boolean: "maybe" };
const GOOD: Record<string, [string, unknown]> = { string: ["text", "text"], count: ["7", 7], amount: ["12.50", 12.5], boolean: ["true", true] };

describe("provider settings: one table", () => {
  it("the schema's config has every row, with its type, secrecy and environment variable", () => {
    const v = packageSchema("0.0.0").config.variables;
    expect(Object.keys(v)).to.deep.equal(CONFIG_NAMES);
    for (const [name, c] of rows) {
      expect(v[name].type, name).to.equal({ string: "string", count: "integer", amount: "number", boolean: "boolean" }[c.kind]);
      expect(Boolean(v[name].secret), name).to.equal(Boolean(c.secret));
      expect(v[name].defaultInfo.environment, name).to.deep.equal([c.env]);
      expect(v[name].description, name).to.include(c.doc);
    }
    expect(SECRET_CONFIG).to.deep.equal(rows.filter(([, c]) => c.secret).map(([n]) => n));
  });

  it("resolveConfig reads every row from stack config or its environment variable, as its kind", () => {
    for (const [name, c] of rows) {
      const [text, value] = GOOD[c.kind];
      const env = { DONDOMINIO_API_USER: "u", DONDOMINIO_API_PASSWD: "p", [c.env]: text };
      expect((resolveConfig(env, () => undefined) as Record<string, unknown>)[name], `${name} from ${c.env}`).to.deep.equal(value);
      const fromStack = resolveConfig({ DONDOMINIO_API_USER: "u", DONDOMINIO_API_PASSWD: "p" }, (k) => (k === `dondominio:${name}` ? text : undefined));
      expect((fromStack as Record<string, unknown>)[name], `${name} from stack config`).to.deep.equal(value);
    }
  });

  it("CheckConfig refuses a bad value of every checked row (given, or in its environment variable), naming the key", () => {
    for (const [name, c] of rows) {
      const bad = BAD[c.kind];
      if (!bad) continue;
      expect(
        checkConfig({ [name]: bad }, {}).map(([, r]) => r),
        name,
      )
        .to.have.length(1)
        .and.satisfy((r: string[]) => r[0].startsWith(`dondominio:${name} `));
      expect(
        checkConfig({}, { [c.env]: bad }).map(([, r]) => r),
        `${name} from ${c.env}`,
      ).to.have.length(1);
      expect(() => checkConfigValue(name, bad)).to.throw(`dondominio:${name}`);
    }
    expect(checkConfig({ apiUsr: "x" }, {}).map(([, r]) => r)[0]).to.match(/^dondominio:apiUsr is not a setting of this provider \(known: apiUser, apiPasswd/);
  });

  it("never echoes a secret row's value", () => {
    for (const [name, c] of rows.filter(([, r]) => r.secret)) {
      // A secret of a checked kind would be refused without its text; a string is taken as it is.
      if (c.kind === "string") expect(checkConfigValue(name, "hunter2-secret")).to.equal("hunter2-secret");
      else
        expect(() => checkConfigValue(name, "hunter2-secret"))
          .to.throw()
          .with.property("message")
          .that.does.not.include("hunter2-secret");
    }
  });
});
