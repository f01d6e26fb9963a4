/**
 * Issue 27, "two resources in one program that are the same object to the API once normalised":
 * every row of bad-input-cases.ts SAME_OBJECT on both doors, without the engine (the engine runs
 * some of them: bad-input-engine.test.ts for the dynamic resources, tests/plugin/yaml-rules.test.ts
 * for the plugin).
 * - The dynamic resources claim their objects in the program (provider/dns/dns-claims.ts
 *   objectClaimsOf, which each class's constructor calls with its descriptor's objectClaims:
 *   provider/core/resource-class.ts): under Pulumi's mocks, the second claim throws the refusal (the
 *   constructor's error) and the first claim's Output fails too (its registration waits for it), so
 *   neither registers. The classes themselves are built here from the source, which Pulumi's
 *   mocks cannot serialize as a provider; the engine tests construct them from the installed package.
 * - The plugin claims them at Check (plugin/handlers.ts): the second Check of one process fails with
 *   the same text; a Check of the same resource again (the engine may check twice) is no conflict.
 * Each row's pair with the second made another object passes: what is refused is the sameness.
 */
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { handlers } from "../../plugin/handlers";
import { descriptorOf } from "../../provider/registry";
import { objectClaimsOf } from "../../provider/dns/dns-claims";
import { SAME_OBJECT, type SameObject } from "./bad-input-cases";

/** What a class's constructor claims for a resource of type `r` (resource-class.ts). */
function claimOf(r: string): (name: string, args: Record<string, unknown>) => pulumi.Output<undefined> {
  const d = descriptorOf(r)!.definition;
  return objectClaimsOf(r, d.inputs, d.objectClaims!.bind(d));
}

/** The refusal's exact text (provider/dns/object-claim-rules.ts). */
const refusal = (c: SameObject) =>
  `${c.first.resource} "first" and ${c.second.resource} "second" are one object to the API: ${c.object} once normalised; declare it once`;

/** The same pair, the second made another object (the row's `other`). */
const distinct = (c: SameObject) => ({ ...c.second.inputs, ...c.other });

const settled = (o: pulumi.Output<unknown>) =>
  (o as unknown as { promise(): Promise<unknown> }).promise().then(
    () => "ok",
    (e: Error) => e.message,
  );

describe("bad input: two resources that are one object to the API (issue 27 f), on both doors", function () {
  this.timeout(120_000);

  it(`covers the resources that stand for one object of the API (${SAME_OBJECT.length} rows)`, () => {
    const kinds = new Set(SAME_OBJECT.flatMap((c) => [c.first.resource, c.second.resource]));
    expect([...kinds].sort()).to.deep.equal(
      [
        "Contact",
        "DnssecKey",
        "Domain",
        "FtpAccount",
        "GlueRecord",
        "HostingService",
        "MailAlias",
        "MailBox",
        "Redirect",
        "SslCertificate",
        "Subdomain",
      ].sort(),
    );
  });

  describe("dynamic resources: the second claim throws, the first one's fails too", () => {
    // A new mock monitor per test: a new run, with no claims.
    beforeEach(() => pulumi.runtime.setMocks({ newResource: (a) => ({ id: `${a.name}-id`, state: a.inputs }), call: (a) => a.inputs }));
    for (const c of SAME_OBJECT) {
      it(c.what, async () => {
        const first = claimOf(c.first.resource)("first", c.first.inputs);
        expect(() => claimOf(c.second.resource)("second", c.second.inputs)).to.throw(refusal(c));
        expect(await settled(first)).to.equal(refusal(c));
      });
      it(`${c.what}: another object beside the first passes`, async () => {
        const first = claimOf(c.first.resource)("first", c.first.inputs);
        // Valid inputs (a claim of inputs the schema refuses is left to check, which names the field).
        expect(descriptorOf(c.second.resource)!.definition.inputs.safeParse(distinct(c)).success, "the other object's inputs are valid").to.equal(true);
        const second = claimOf(c.second.resource)("second", distinct(c));
        expect([await settled(first), await settled(second)]).to.deep.equal(["ok", "ok"]);
      });
    }
    it("inputs given as Outputs are claimed when they resolve", async () => {
      const c = SAME_OBJECT[0];
      const first = claimOf(c.first.resource)("first", { ...c.first.inputs, name: pulumi.output(c.first.inputs.name) });
      const second = claimOf(c.second.resource)("second", { ...c.second.inputs, name: pulumi.output(c.second.inputs.name) });
      expect([await settled(first), await settled(second)]).to.deep.equal([refusal(c), refusal(c)]);
    });
  });

  describe("provider plugin: the second Check of the run fails with the same text", () => {
    const check = (h: ReturnType<typeof handlers>, resource: string, name: string, inputs: Record<string, unknown>) =>
      h.check({
        urn: `urn:pulumi:s::p::dondominio:index:${resource}::${name}`,
        token: `dondominio:index:${resource}`,
        name,
        olds: { data: {}, secrets: new Set() },
        news: { data: inputs, secrets: new Set() },
      });
    for (const c of SAME_OBJECT) {
      it(c.what, async () => {
        const h = handlers();
        expect((await check(h, c.first.resource, "first", c.first.inputs)).failures).to.deep.equal([]);
        // The engine may check one resource again: no conflict with itself.
        expect((await check(h, c.first.resource, "first", c.first.inputs)).failures).to.deep.equal([]);
        expect((await check(h, c.second.resource, "second", c.second.inputs)).failures).to.deep.equal([refusal(c)]);
        const other = handlers();
        await check(other, c.first.resource, "first", c.first.inputs);
        expect((await check(other, c.second.resource, "second", distinct(c))).failures, "another object").to.deep.equal([]);
      });
    }
  });
});
