/**
 * `dondominio-export --from-state` (provider/export/from-state.ts) on hostile stack exports (issue 27
 * item 8): every URN it prints for `pulumi state delete` is one plain line (a control or format
 * character anywhere, the provider's URN included, is refused), and it lists only what it moved:
 * never the stack's own entry, an entry whose URN names another type, or a provider no moved
 * resource used. The real migration through the engine: tests/plugin/migrate.test.ts.
 */
import { expect } from "chai";
import { migrationFromState } from "../../provider/export";

const STACK = "urn:pulumi:dev::proj::pulumi:pulumi:Stack::proj-dev";
const PROVIDER = "urn:pulumi:dev::proj::pulumi:providers:pulumi-nodejs::default";
const providerRef = (urn = PROVIDER) => `${urn}::0a1b2c3d`;
const dynamic = (type: string, name: string, more: object = {}) => ({
  urn: `urn:pulumi:dev::proj::pulumi-nodejs:dynamic/dondominio:${type}::${name}`,
  type: `pulumi-nodejs:dynamic/dondominio:${type}`,
  id: `${name}.example`,
  parent: STACK,
  provider: providerRef(),
  ...more,
});
const stateOf = (...resources: object[]) =>
  JSON.stringify({
    deployment: { resources: [{ urn: STACK, type: "pulumi:pulumi:Stack" }, { urn: PROVIDER, type: "pulumi:providers:pulumi-nodejs" }, ...resources] },
  });

describe("dondominio-export --from-state: the URNs it lists", () => {
  it("lists the moved resources, then their provider once nothing else uses it", () => {
    const m = migrationFromState(stateOf(dynamic("HostingService", "web"), dynamic("Domain", "main")));
    expect(m.urns).to.deep.equal([dynamic("HostingService", "web").urn, dynamic("Domain", "main").urn, PROVIDER]);
  });

  it("refuses a control or format character in any URN it would print: a moved resource's, or its provider's", () => {
    for (const bad of ["\n", "\r", "\x1b[2K", "\u202e", "\u2066", "\u0085", "\u2028"]) {
      expect(() => migrationFromState(stateOf(dynamic("Domain", `a${bad}b`))), JSON.stringify(bad)).to.throw(/control or format character/);
      const provider = `${PROVIDER}${bad}x`;
      const text = JSON.stringify({
        deployment: {
          resources: [
            { urn: STACK, type: "pulumi:pulumi:Stack" },
            { urn: provider, type: "pulumi:providers:pulumi-nodejs" },
            dynamic("Domain", "main", { provider: providerRef(provider) }),
          ],
        },
      });
      expect(() => migrationFromState(text), `provider ${JSON.stringify(bad)}`).to.throw(/control or format character/);
    }
  });

  it("never lists the stack's entry, an entry whose URN names another type, or a provider no moved resource used", () => {
    const forged = { urn: STACK, type: "pulumi:providers:pulumi-nodejs" };
    const unused = { urn: "urn:pulumi:dev::proj::pulumi:providers:pulumi-nodejs::other", type: "pulumi:providers:pulumi-nodejs" };
    const posing = { ...dynamic("Domain", "posing"), urn: STACK, provider: undefined };
    const m = migrationFromState(stateOf(forged, unused, posing, dynamic("Domain", "main")));
    expect(m.urns).to.deep.equal([dynamic("Domain", "main").urn, PROVIDER]);
    expect(m.notes.join("\n")).to.match(/not moved: its URN names another type/);
    // Nothing moved: nothing to delete, not even an unused provider.
    expect(migrationFromState(stateOf()).urns).to.deep.equal([]);
  });
});
