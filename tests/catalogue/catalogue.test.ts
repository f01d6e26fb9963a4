import { expect } from "chai";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { getOperation, operations } from "../../sdk/catalogue";

/** The API's operations as the repository keeps them (tests/fixtures/spec-operations.txt says whence). */
function fixtureOperationNames(): string[] {
  const text = readFileSync(join(__dirname, "../fixtures/spec-operations.txt"), "utf8");
  return text.split("\n").filter((l) => l.trim() !== "" && !l.startsWith("#"));
}

/** The same list extracted from the API reference: the 62 named operations plus 7 CRUD families x 5. */
function specOperationNames(spec: string): string[] {
  const named = new Set<string>();
  for (const m of spec.matchAll(/\b(tool|account|domain|contact|service|ssl)\/([a-z]+)\b/g)) named.add(`${m[1]}/${m[2]}`);
  for (const family of ["ftp", "ddbb", "subdomain", "redirect", "mail", "mailalias", "dns"]) {
    for (const verb of ["list", "getinfo", "create", "update", "delete"]) named.add(`service/${family}${verb}`);
  }
  return [...named].sort();
}

// The reference sits beside the developers' and CI's clones, never in a user's: compared when present.
const SPEC_FILE = join(__dirname, "../../../shared/spec/api-spec.md");

describe("catalogue", () => {
  it("has one entry per operation of the API (97)", () => {
    const expected = fixtureOperationNames();
    expect(expected).to.have.length(97);
    expect(operations.map((o) => o.name)).to.deep.equal(expected);
  });

  it("keeps the operation list equal to the API reference's, where the reference is present", function () {
    if (!existsSync(SPEC_FILE)) this.skip();
    expect(fixtureOperationNames()).to.deep.equal(specOperationNames(readFileSync(SPEC_FILE, "utf8")));
  });

  it("finds entries by module/action with or without slashes", () => {
    expect(getOperation("/tool/hello/")?.name).to.equal("tool/hello");
    expect(getOperation("tool/nope")).to.equal(undefined);
  });

  it("marks the money operations of the developers' guide, and never as retry-safe", () => {
    const money = operations.filter((o) => o.spendsMoney).map((o) => o.name);
    for (const name of [
      "domain/create",
      "domain/transfer",
      "domain/renew",
      "service/create",
      "service/renew",
      "service/upgrade",
      "ssl/create",
      "ssl/renew",
      "ssl/reissue",
    ]) {
      expect(money, name).to.include(name);
    }
    for (const o of operations.filter((x) => x.spendsMoney)) expect(o.retrySafe, o.name).to.equal(false);
  });

  it("flags reads as readOnly: every list, getinfo and get*, never a write, a money operation or an unsafe one", () => {
    const reads = operations.filter((o) => o.readOnly).map((o) => o.name);
    expect(reads).to.have.length(45);
    for (const o of operations) {
      if (/list$|getinfo$|^get/.test(o.action)) expect(o.readOnly, o.name).to.equal(true);
      if (/create$|update$|delete$|^(renew|transfer|upgrade|reissue)/.test(o.action)) expect(o.readOnly ?? false, o.name).to.equal(false);
      if (o.readOnly) expect([o.retrySafe, o.spendsMoney], o.name).to.deep.equal([true, false]);
    }
  });
});
