/**
 * Compile-only type checks (run by `tsc --noEmit`, part of `npm test`): the generated methods and
 * `call` take the catalogue's parameter types. Each @ts-expect-error fails the type check if the
 * line below it ever compiles. The runtime tests check that the generated groups match the catalogue.
 */
import { expect } from "chai";
import { type CallParams, catalogue, DonDominioClient, type OperationName, operations, type ResultOf } from "../../sdk";

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

  // @ts-expect-error wrong parameter name (domainName is not a parameter of domain/getinfo)
  await client.domain.getinfo({ domainName: "example.com" });
  // @ts-expect-error wrong value type for a typed parameter
  await client.call("ssl/productgetinfo", { productID: { id: 1 } });
  // @ts-expect-error unknown operation
  await client.call("domain/nope", {});
  // @ts-expect-error domain/renew requires parameters
  await client.domain.renew();
  // @ts-expect-error no such module
  await client.billing.info();
  // @ts-expect-error not one of the infoType values
  await client.domain.getinfo({ domain: "example.com", infoType: "everything" });
  // @ts-expect-error a boolean parameter does not take an object
  await client.call("domain/list", { renewable: { yes: true } });
  for await (const d of client.paginate("domain/list", {})) {
    const name: string = d.name;
    // @ts-expect-error items are typed from the response schema (name is a string)
    const wrong: number = d.name;
    void [name, wrong];
  }
  void [id, version, p];
}

describe("client types", () => {
  it("the type checks above exist as a function (compiled, never run)", () => {
    expect(typeChecks).to.be.a("function");
  });

  it("has one generated method per catalogue operation, and nothing else", () => {
    const client = new DonDominioClient({ apiUser: "u", apiPasswd: "p", baseUrl: "http://127.0.0.1:9" });
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
