import { expect } from "chai";
import { DonDominioClient } from "../../sdk";
import { answer, startServer, type TestServer } from "./server";

const NAMES = ["a", "b", "c", "d", "e", "f", "g"].map((n) => `${n}.example.com`);

describe("domain/list", () => {
  let server: TestServer;
  before(async () => {
    // Seven domains served in pages, the way the emulator and the API page (spec "Conventions").
    server = await startServer((req) => {
      const page = Number(req.form.page);
      const len = Number(req.form.pageLength);
      const slice = NAMES.slice((page - 1) * len, page * len);
      return answer(req, {
        queryInfo: { page, pageLength: len, results: slice.length, total: NAMES.length },
        domains: slice.map((name, i) => ({ name, status: "active", tld: "com", tsExpir: "2027-01-01", domainID: (page - 1) * len + i + 1 })),
      });
    });
  });
  after(() => server.close());
  const client = () => new DonDominioClient({ apiUser: "u-page", apiPasswd: "pw-page", baseUrl: server.url, allowInsecureHttp: true });

  it("paginate walks 3 pages and yields every item in order", async () => {
    server.requests.length = 0;
    const names: string[] = [];
    for await (const d of client().paginate("domain/list", { pageLength: 3 })) names.push(d.name);
    expect(names).to.deep.equal(NAMES);
    expect(server.requests.map((r) => [r.form.page, r.form.pageLength])).to.deep.equal([
      ["1", "3"],
      ["2", "3"],
      ["3", "3"],
    ]);
  });

  it("paginate keeps the filters on every page", async () => {
    server.requests.length = 0;
    await client().listAll("domain/list", { pageLength: 3, tld: "com" }, { limit: 100 });
    expect(server.requests.map((r) => r.form.tld)).to.deep.equal(["com", "com", "com"]);
  });

  it("listAll returns everything within the limit", async () => {
    const all = await client().listAll("domain/list", { pageLength: 3 }, { limit: 7 });
    expect(all.map((d) => d.domainID)).to.deep.equal([1, 2, 3, 4, 5, 6, 7]);
  });

  it("listAll refuses to drop items silently, unless truncate is asked for", async () => {
    let caught: unknown;
    try {
      await client().listAll("domain/list", { pageLength: 3 }, { limit: 5 });
    } catch (e) {
      caught = e;
    }
    expect(caught).to.be.instanceOf(RangeError);
    expect(String(caught)).to.contain("more than 5 items");
    const five = await client().listAll("domain/list", { pageLength: 3 }, { limit: 5, truncate: true });
    expect(five).to.have.length(5);
  });

  it("paginate on an operation that is not paged is a TypeError", () => {
    expect(() => client().paginate("tool/hello")).to.throw(TypeError, "not a paged operation");
  });
});
