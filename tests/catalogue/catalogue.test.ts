import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { getOperation, operations } from "../../sdk/catalogue";

/** The 62 named operations of the spec plus 7 CRUD families x 5 (issue 4). */
function specOperationNames(): string[] {
  const spec = readFileSync(join(__dirname, "../../../shared/spec/api-spec.md"), "utf8");
  const named = new Set<string>();
  for (const m of spec.matchAll(/\b(tool|account|domain|contact|service|ssl)\/([a-z]+)\b/g)) named.add(`${m[1]}/${m[2]}`);
  for (const family of ["ftp", "ddbb", "subdomain", "redirect", "mail", "mailalias", "dns"]) {
    for (const verb of ["list", "getinfo", "create", "update", "delete"]) named.add(`service/${family}${verb}`);
  }
  return [...named].sort();
}

describe("catalogue", () => {
  it("has one entry per operation of the spec (97)", () => {
    const expected = specOperationNames();
    expect(expected).to.have.length(97);
    expect(operations.map((o) => o.name)).to.deep.equal(expected);
  });

  it("finds entries by module/action with or without slashes", () => {
    expect(getOperation("/tool/hello/")?.name).to.equal("tool/hello");
    expect(getOperation("tool/nope")).to.equal(undefined);
  });

  it("marks the money operations of the developers' guide, and never as retry-safe", () => {
    const money = operations.filter((o) => o.spendsMoney).map((o) => o.name);
    for (const name of ["domain/create", "domain/transfer", "domain/renew", "service/create", "service/renew", "service/upgrade", "ssl/create", "ssl/renew", "ssl/reissue"]) {
      expect(money, name).to.include(name);
    }
    for (const o of operations.filter((x) => x.spendsMoney)) expect(o.retrySafe, o.name).to.equal(false);
  });
});
