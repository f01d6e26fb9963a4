/** AcmeCertificate's check (in process, no API): normalised names, defaults, and refusals naming the field and the rule. */
import { expect } from "chai";
import * as crud from "../../provider/resources/acme-certificate/crud";
import { dueForRenewal, LETS_ENCRYPT } from "../../provider/resources/acme-certificate/schema";

describe("AcmeCertificate check", () => {
  it("normalises the names (lower case, punycode, no final dot) and fills the defaults", async () => {
    const r = await crud.check({}, { names: ["*.Example.COM.", "café.example.com"] });
    expect(r.failures).to.equal(undefined);
    expect(r.inputs).to.deep.include({
      names: ["*.example.com", "xn--caf-dma.example.com"],
      directoryUrl: LETS_ENCRYPT,
      renewBeforeDays: 30,
      revokeOnDestroy: false,
      propagationTimeoutSeconds: 300,
    });
  });

  it("names the field and the rule", async () => {
    const reasons = async (args: Record<string, unknown>) => ((await crud.check({}, { names: ["example.com"], ...args })).failures ?? []).map((f) => f.reason);
    expect((await reasons({ names: [] })).join()).to.contain("at least one name");
    expect((await reasons({ names: ["a.*.example.com"] })).join()).to.contain('"a.*.example.com" is not a host name');
    expect((await reasons({ names: ["example.com", "EXAMPLE.com"] })).join()).to.contain("a name is listed twice");
    expect((await reasons({ directoryUrl: "http://acme.example/dir" })).join()).to.contain("must be an https:// URL");
    expect((await reasons({ eabKid: "kid" })).join()).to.contain("eabKid and eabHmacKey go together");
    expect((await reasons({ renewBeforeDays: -1 })).join()).to.match(/renewBeforeDays/);
  });

  it("is due for renewal within renewBeforeDays of notAfter", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(dueForRenewal({ notAfter: "2026-02-01T00:00:00Z", renewBeforeDays: 30 }, now)).to.equal(false);
    expect(dueForRenewal({ notAfter: "2026-01-31T00:00:00Z", renewBeforeDays: 30 }, now)).to.equal(true);
  });
});
