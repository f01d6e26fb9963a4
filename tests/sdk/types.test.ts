/**
 * Type checks of the client (run by `npm run typecheck`, part of `npm test`): the generated methods
 * and `call` take the catalogue's parameter types. `typeChecks` holds calls that must compile (never
 * run); each @ts-expect-error in the tests below fails the type check if the line below it ever
 * compiles, and the test beside it asserts the client refuses that call at run time too. The last
 * test checks that the generated groups match the catalogue.
 */
import { expect } from "chai";
import { type CallParams, catalogue, DonDominioClient, DonDominioValidationError, type OperationName, operations, type ResultOf } from "../../sdk";
import { answer, startServer, type TestServer } from "./server";

// Never called: only type-checked.
async function typeChecks(client: DonDominioClient): Promise<void> {
  const info = await client.domain.getinfo({ domain: "example.com", infoType: "nameservers" });
  const id: number = info.domainID;
  const hello: ResultOf<"tool/hello"> = await client.call("tool/hello");
  const version: string = hello.version;
  await client.call("account/info");
  await client.service.dnscreate({ serviceName: "example.com", name: "www.example.com", type: "A", value: "192.0.2.1" });
  const p: CallParams<"domain/renew"> = { domain: "example.com", curExpDate: new Date() };
  await client.domain.updatenameservers({ domainID: 1, nameservers: "ns1.example.net,ns2.example.net" });
  await client.domain.getinfo({ domain: "example.com", infoType: "authcode" });

  for await (const d of client.paginate("domain/list", {})) {
    const name: string = d.name;
    void name;
  }
  void [id, version, p];
}
void typeChecks;

/** The error a call rejects with (fails the test when it resolves). */
async function refusal(p: () => Promise<unknown>): Promise<Error> {
  let thrown: unknown;
  try {
    await p();
  } catch (e) {
    thrown = e;
  }
  expect(thrown, "the call was not refused").to.be.instanceOf(Error);
  return thrown as Error;
}

describe("client types", () => {
  let server: TestServer;
  let client: DonDominioClient;
  before(async () => {
    server = await startServer((req) =>
      answer(req, {
        queryInfo: { page: 1, pageLength: 1000, results: 1, total: 1 },
        domains: [{ name: "example.com", status: "active", tld: "com", tsExpir: "2030-01-01", domainID: 7 }],
      }),
    );
    client = new DonDominioClient({ apiUser: "u-types", apiPasswd: "pw-types-secret", baseUrl: server.url, allowInsecureHttp: true, retries: 0 });
  });
  after(async () => server.close());

  // Each @ts-expect-error fails `npm run typecheck` (tsc -p tsconfig.check.json) if the line below it
  // ever compiles; the assertion beside it checks the client refuses the same call at run time.
  it("refuses at compile time and at run time, before sending, what the catalogue's types refuse", async () => {
    const invalid = async (call: () => Promise<unknown>, param: string, rule: string) => {
      const err = (await refusal(call)) as DonDominioValidationError;
      expect(err).to.be.instanceOf(DonDominioValidationError);
      expect(err.issues.map((i) => i.param)).to.include(param);
      expect(err.message).to.contain(rule);
    };
    // @ts-expect-error wrong parameter name (domainName is not a parameter of domain/getinfo)
    await invalid(() => client.domain.getinfo({ domainName: "example.com" }), "domain", "domain or domainID is required");
    // @ts-expect-error wrong value type for a typed parameter
    await invalid(() => client.call("ssl/productgetinfo", { productID: { id: 1 } }), "productID", "must be an integer");
    // @ts-expect-error domain/renew requires parameters
    await invalid(() => client.domain.renew(), "curExpDate", "is required");
    // @ts-expect-error not one of the infoType values
    await invalid(() => client.domain.getinfo({ domain: "example.com", infoType: "everything" }), "infoType", "must be one of status");
    // @ts-expect-error a boolean parameter does not take an object
    await invalid(() => client.call("domain/list", { renewable: { yes: true } }), "renewable", "must be a boolean");
    // @ts-expect-error unknown operation
    const unknown = await refusal(() => client.call("domain/nope", {}));
    expect(unknown).to.be.instanceOf(TypeError);
    expect(unknown.message).to.contain('unknown operation "domain/nope"');
    // @ts-expect-error no such module
    const billing = client.billing;
    expect(billing).to.equal(undefined);
    expect(server.requests, "nothing refused was sent").to.have.length(0);

    // Items of paginate are typed from the response schema: name is a string, at compile and run time.
    const names: string[] = [];
    for await (const d of client.paginate("domain/list", {})) {
      // @ts-expect-error items are typed from the response schema (name is a string)
      const wrong: number = d.name;
      expect(wrong).to.be.a("string");
      names.push(d.name);
    }
    expect(names).to.deep.equal(["example.com"]);
    expect(server.requests).to.have.length(1);
  });

  it("has one generated method per catalogue operation, and nothing else", () => {
    const client = new DonDominioClient({ apiUser: "u", apiPasswd: "p", baseUrl: "http://127.0.0.1:9", allowInsecureHttp: true });
    const generated: string[] = [];
    for (const module of Object.keys(catalogue) as (keyof typeof catalogue)[]) {
      const group = (client as unknown as Record<string, Record<string, unknown>>)[module] ?? {};
      for (const [action, fn] of Object.entries(group)) {
        expect(fn, `${module}.${action}`).to.be.a("function");
        generated.push(`${module}/${action}`);
      }
    }
    expect(generated.sort()).to.deep.equal(operations.map((o) => o.name).sort());
    const name: OperationName = "tool/hello";
    expect(operations.map((o) => o.name)).to.include(name);
  });
});
