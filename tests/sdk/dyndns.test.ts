import { expect } from "chai";
import { inspect } from "node:util";
import { type DonDominioError, type DonDominioTransportError, updateDynamicDns } from "../../sdk";
import { parseDynDnsPlain } from "../../sdk/dyndns";
import { deadPort, type Reply, startServer } from "./server";

const KEY = "dyn-Key-0123456789";
// The scripted server is plain HTTP on 127.0.0.1: the explicit loopback opt-in (TLS: tls-failures.test.ts).
const base = { user: "ana", key: KEY, host: "home.example.com", allowInsecureHttp: true };

async function run(reply: Reply, opts: Partial<Parameters<typeof updateDynamicDns>[0]> = {}) {
  const server = await startServer(() => reply);
  try {
    const result = await updateDynamicDns({ ...base, baseUrl: server.url, ...opts });
    return { result, req: server.requests[0] };
  } finally {
    await server.close();
  }
}

describe("dyndns/update", () => {
  it("json: GET /json/ with the key as `password`, parsed into the result", async () => {
    const body = JSON.stringify({
      success: true,
      version: "2.0",
      ts: "2025-01-01T00:00:00+01:00",
      user: "ana",
      messages: ["updated"],
      host: { name: "home.example.com", value: "192.0.2.9", type: "A", updated: true },
    });
    const { result, req } = await run({ body, contentType: "application/json" }, { ip: "192.0.2.9", lang: "en" });
    expect(req.method).to.equal("GET");
    expect(req.path).to.equal("/json/");
    const q = new URL(req.url, "http://x").searchParams;
    expect(Object.fromEntries(q)).to.deep.equal({ user: "ana", password: KEY, host: "home.example.com", ip: "192.0.2.9", lang: "en" });
    expect(result).to.deep.equal({ success: true, host: "home.example.com", value: "192.0.2.9", type: "A", updated: true, messages: ["updated"] });
  });

  it("json failure: success false with the messages, the key scrubbed", async () => {
    const { result } = await run({ body: JSON.stringify({ success: false, messages: [`Incorrect data for key ${KEY}`] }) });
    expect(result.success).to.equal(false);
    expect(result.updated).to.equal(false);
    expect(result.messages).to.deep.equal(["Incorrect data for key ***"]);
  });

  it("xml: data/@success, host/@type, host/name, host/value, resData/request/@success", async () => {
    const body = `<?xml version="1.0"?><data success="true" version="2.0" oper="update"><resData><user t="2025-01-01T00:00:00+01:00">ana</user><request success="true"/></resData><host type="A"><name>home.example.com</name><value>192.0.2.10</value></host><informs><inform>Host updated</inform></informs></data>`;
    const { result, req } = await run({ body, contentType: "application/xml" }, { format: "xml" });
    expect(req.path).to.equal("/xml/");
    expect(result).to.deep.equal({ success: true, host: "home.example.com", value: "192.0.2.10", type: "A", updated: true, messages: ["Host updated"] });
  });

  it("xml unchanged and xml failure", async () => {
    const same = `<data success="true" version="2.0"><resData><user t="x">ana</user><request success="false"/></resData><host type="A"><name>home.example.com</name><value>192.0.2.10</value></host><informs><inform>No change</inform></informs></data>`;
    expect((await run({ body: same }, { format: "xml" })).result.updated).to.equal(false);
    const bad = `<data success="false" version="2.0"><errors><error>Host not found</error><error>Check the name</error></errors></data>`;
    const { result } = await run({ body: bad }, { format: "xml" });
    expect(result).to.deep.include({ success: false, updated: false, messages: ["Host not found", "Check the name"] });
  });

  it("plain: OK with an IP line (changed), OK alone (unchanged), ERROR with message lines", async () => {
    const changed = await run({ body: "OK\nIP:192.0.2.11\n" }, { format: "plain" });
    expect(changed.req.path).to.equal("/plain/");
    expect(changed.result).to.deep.equal({ success: true, host: "home.example.com", value: "192.0.2.11", type: "A", updated: true, messages: [] });
    const same = await run({ body: "OK\n" }, { format: "plain", ip: "192.0.2.11" });
    expect(same.result).to.deep.include({ success: true, updated: false, value: "192.0.2.11" });
    const failed = await run({ body: "ERROR\nIncorrect data\nHost not found\n" }, { format: "plain" });
    expect(failed.result).to.deep.include({ success: false, updated: false, messages: ["Incorrect data", "Host not found"] });
    expect(parseDynDnsPlain("OK\r\nIP:2001:db8::1\r\n", "h").value).to.equal("2001:db8::1");
  });

  it("without the opt-in an http:// baseUrl is refused before connecting", async () => {
    const server = await startServer(() => ({ body: "OK\n" }));
    try {
      const err = await updateDynamicDns({ ...base, allowInsecureHttp: false, baseUrl: server.url, format: "plain" }).catch((e) => e);
      expect(err.kind).to.equal("transport");
      expect(err.reason).to.equal("insecureBaseUrl");
      expect(err.mayHaveBeenSent).to.equal(false);
      expect(server.connections).to.equal(0);
      for (const text of [err.message, JSON.stringify(err)]) expect(text).not.to.contain(KEY);
    } finally {
      await server.close();
    }
  });

  it("an unreadable reply and a refused connection throw without the key", async () => {
    const server = await startServer(() => ({ body: "<html>proxy error</html>" }));
    const errors: DonDominioError[] = [];
    try {
      await updateDynamicDns({ ...base, baseUrl: server.url, format: "plain" }).catch((e) => errors.push(e));
    } finally {
      await server.close();
    }
    await updateDynamicDns({ ...base, baseUrl: await deadPort() }).catch((e) => errors.push(e));
    expect(errors.map((e) => e.kind)).to.deep.equal(["responseShape", "transport"]);
    // A refused connection never carried the request.
    expect((errors[1] as DonDominioTransportError).mayHaveBeenSent).to.equal(false);
    expect(errors[1].message).to.contain("not sent");
    for (const e of errors) {
      for (const text of [e.message, e.stack ?? "", inspect(e, { depth: 10 }), JSON.stringify(e)]) expect(text).not.to.contain(KEY);
    }
  });
});
