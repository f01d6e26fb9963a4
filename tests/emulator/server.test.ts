import { expect } from "chai";
import tls from "node:tls";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { decodeXml } from "../../sdk/core/xml";
import { agentOf, person, post, rawRequest } from "./server-helpers";

const MiB = 1024 * 1024;
const FORM = { "content-type": "application/x-www-form-urlencoded" };

/** Sends only a request head; the response head and body, or "timeout" when none comes in `waitMs`. */
function headOnly(
  emu: RunningEmulator,
  path: string,
  headers: Record<string, string>,
  waitMs = 3000,
): Promise<{ status: number; head: string; body: string } | "timeout"> {
  const url = new URL(emu.url);
  return new Promise((resolve, reject) => {
    const sock = tls.connect({ host: url.hostname, port: Number(url.port), ca: emu.caCert }, () => {
      sock.write(
        `POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\n${Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join("")}\r\n`,
      );
    });
    let data = "";
    const timer = setTimeout(() => {
      sock.destroy();
      resolve("timeout");
    }, waitMs);
    const done = () => {
      const end = data.indexOf("\r\n\r\n");
      const length = Number(/content-length:\s*(\d+)/i.exec(data.slice(0, end))?.[1] ?? 0);
      if (end < 0 || data.length - end - 4 < length) return false;
      clearTimeout(timer);
      sock.destroy();
      resolve({ status: Number(data.split(" ")[1]), head: data.slice(0, end), body: data.slice(end + 4, end + 4 + length) });
      return true;
    };
    sock.on("data", (c: Buffer) => {
      data += c.toString("utf8");
      done();
    });
    sock.on("error", (err) => {
      clearTimeout(timer);
      if (!done()) reject(err);
    });
  });
}

describe("emulator server: requests and rendering", () => {
  let emu: RunningEmulator;
  before(async () => {
    emu = await startEmulator();
  });
  after(async () => {
    await agentOf(emu).close();
    await emu.close();
  });

  describe("tool/hello", () => {
    it("answers over HTTPS verified against the emulator CA, urlencoded body", async () => {
      expect(emu.url).to.match(/^https:\/\/127\.0\.0\.1:\d+$/);
      const r = await post(emu, "/tool/hello/");
      expect(r.status).to.equal(200);
      expect(r.json).to.include({ success: true, errorCode: 0, errorCodeMsg: "", action: "tool/hello", version: "1.0.27" });
      expect(r.json.responseData.ip).to.equal("127.0.0.1");
    });

    it("accepts a multipart/form-data body (vendor PHP SDK)", async () => {
      const r = await post(emu, "/tool/hello/", {}, { encoding: "multipart" });
      expect(r.json).to.include({ success: true, action: "tool/hello" });
    });

    it("refuses a JSON body with error 100, still HTTP 200", async () => {
      const r = await post(emu, "/tool/hello/", {}, { encoding: "json" });
      expect(r.status).to.equal(200);
      expect(r.json).to.include({ success: false, errorCode: 100, action: "tool/hello" });
      expect(r.json.responseData).to.deep.equal([]);
      expect(r.json.messages[0]).to.match(/JSON/);
    });

    it("ignores credentials in the query string (spec rule 3): 200 login required", async () => {
      const q = new URLSearchParams({ apiuser: emu.apiUser, apipasswd: emu.apiPasswd }).toString();
      const r = await post(emu, `/tool/hello/?${q}`, {}, { auth: false });
      expect(r.json).to.include({ success: false, errorCode: 200 });
    });

    it("ignores API parameters in the query string when the body has credentials", async () => {
      const r = await post(emu, "/tool/idnconverter/?query=example.com", {});
      expect(r.json).to.include({ success: false, errorCode: 101, action: "tool/idnconverter" });
    });

    for (const path of ["/tool/hello", "/tool/hello/", "//tool/hello/", "//tool/hello", "/TOOL/Hello/"]) {
      it(`routes the path ${path}`, async () => {
        const r = await post(emu, path);
        expect(r.json).to.include({ success: true, action: "tool/hello" });
      });
    }

    it("honours output-pretty (and treats an empty value as not given)", async () => {
      const pretty = await post(emu, "/tool/hello/", { "output-pretty": "1" });
      expect(pretty.text).to.include('\n    "success": true');
      const plain = await post(emu, "/tool/hello/", { "output-pretty": "" });
      expect(plain.text).to.not.include("\n");
    });

    it("renders XML with output-format=xml (root data, success 1)", async () => {
      const r = await post(emu, "/tool/hello/", { "output-format": "xml" });
      expect(r.headers["content-type"]).to.match(/xml/);
      expect(r.text).to.match(/^<\?xml[^>]*\?><data><success>1<\/success><errorCode>0<\/errorCode>/);
      const env = decodeXml(r.text);
      expect(env).to.include({ success: "1", action: "tool/hello", version: "1.0.27" });
      expect((env.responseData as Record<string, string>).ip).to.equal("127.0.0.1");
    });

    it("renders pretty XML errors too", async () => {
      const r = await post(emu, "/tool/nosuch/", { "output-format": "xml", "output-pretty": "true" });
      expect(r.text).to.include("\n  <success>0</success>");
      expect(decodeXml(r.text)).to.include({ errorCode: "102" });
    });

    it("sends Content-Length and no chunked encoding", async () => {
      const body = new URLSearchParams({ apiuser: emu.apiUser, apipasswd: emu.apiPasswd }).toString();
      const r = await rawRequest(`${emu.url}/tool/hello/`, emu.caCert, "POST", body, { "content-type": "application/x-www-form-urlencoded" });
      expect(r.headers["content-length"]).to.equal(String(Buffer.byteLength(r.text)));
      expect(r.headers["transfer-encoding"]).to.equal(undefined);
    });
  });

  describe("unknown operations", () => {
    it("answers 102 for an unknown action, with messages and [] responseData", async () => {
      const r = await post(emu, "/user/list/");
      expect(r.status).to.equal(200);
      expect(r.json).to.include({ success: false, errorCode: 102, errorCodeMsg: "Invalid object/action", action: "user/list" });
      expect(r.json.messages).to.have.length.greaterThan(0);
      expect(r.json.responseData).to.deep.equal([]);
    });

    it("answers 102 for a path that is not module/action", async () => {
      const r = await post(emu, "/tool/");
      expect(r.json).to.include({ success: false, errorCode: 102 });
    });
  });

  describe("contact/create", () => {
    it("changes state through a multipart call and reads it back with contact/getinfo", async () => {
      const created = await post(emu, "/contact/create/", person, { encoding: "multipart" });
      expect(created.json.success, created.text).to.equal(true);
      const id = created.json.responseData.contactID;
      const info = await post(emu, "/contact/getinfo/", { contactID: id });
      expect(info.json.responseData).to.include({ contactID: id, firstName: "Marta" });
    });

    it("names the parameter that is missing (101)", async () => {
      const { Email: _e, ...noEmail } = person;
      const r = await post(emu, "/contact/create/", noEmail);
      expect(r.json).to.include({ success: false, errorCode: 101 });
      expect(r.json.messages.join(" ")).to.include("Email");
    });

    it("refuses a value holding a character XML 1.0 forbids with 105 naming the parameter; nothing stored", async () => {
      const count = async () => (await post(emu, "/contact/list/")).json.responseData.contacts.length;
      const before = await count();
      for (const bad of ["A\u0007na", "An\u0000a", "Ana\u001F", "Ana\uFFFE", "Ana\uFFFF", "\u000Bx"]) {
        for (const encoding of ["form", "multipart"] as const) {
          const r = await post(emu, "/contact/create/", { ...person, FirstName: bad }, { encoding });
          expect(r.json, `${JSON.stringify(bad)} ${encoding}`).to.include({ success: false, errorCode: 105 });
          expect(r.json.messages.join(" ")).to.match(/FirstName: contains U\+[0-9A-F]{4}/);
        }
      }
      // Tab, line feed and carriage return are allowed characters.
      const ok = await post(emu, "/contact/create/", { ...person, Address: "Calle Mayor 1\r\n\tpiso 2" });
      expect(ok.json.success, ok.text).to.equal(true);
      expect(await count()).to.equal(before + 1);
    });
  });

  describe("bodies over the 4 MiB limit", () => {
    const big = () => new URLSearchParams({ apiuser: emu.apiUser, apipasswd: emu.apiPasswd, ...person, pad: "a".repeat(5 * MiB) }).toString();

    it("answers error 100 (HTTP 200, Content-Length) instead of resetting the connection; nothing stored", async () => {
      const before = (await post(emu, "/contact/list/")).json.responseData.contacts.length;
      const r = await rawRequest(`${emu.url}/contact/create/`, emu.caCert, "POST", big(), FORM);
      expect(r.status).to.equal(200);
      expect(r.headers["content-length"]).to.equal(String(Buffer.byteLength(r.text)));
      expect(r.headers["transfer-encoding"]).to.equal(undefined);
      const env = JSON.parse(r.text);
      expect(env).to.include({ success: false, errorCode: 100, action: "contact/create" });
      expect(env.messages[0]).to.match(/larger than 4194304 bytes/);
      expect((await post(emu, "/contact/list/")).json.responseData.contacts.length).to.equal(before);
    });

    it("gives undici (the sdk's transport) the envelope too, and the next call works", async () => {
      // The refused body is never parsed, so its output-format is unknown: the envelope is JSON.
      const r = await post(emu, "/tool/hello/", { pad: "b".repeat(5 * MiB), "output-format": "xml" });
      expect(r.status).to.equal(200);
      expect(r.json).to.include({ success: false, errorCode: 100, action: "tool/hello" });
      expect((await post(emu, "/tool/hello/")).json.success).to.equal(true);
    });

    it("answers a body announced far over the limit (60 MB) at once and closes the connection", async () => {
      const r = await headOnly(emu, "/tool/hello/", { "content-type": "application/x-www-form-urlencoded", "content-length": String(60_000_000) });
      expect(r).to.not.equal("timeout");
      const reply = r as { status: number; head: string; body: string };
      expect(reply.status).to.equal(200);
      expect(reply.head).to.match(/connection: close/i);
      expect(JSON.parse(reply.body)).to.include({ errorCode: 100 });
    });
  });

  describe("tool/idnconverter: DNS lengths", () => {
    const idn = (query: string) => post(emu, "/tool/idnconverter/", { query });
    const label = (c: string, n: number) => c.repeat(n);

    it("refuses a 1 MB query with 105 naming query, with a short reply", async () => {
      const r = await idn(`${"a".repeat(MiB)}.com`);
      expect(r.json).to.include({ success: false, errorCode: 105 });
      expect(r.json.messages[0]).to.match(/^query: a domain name is at most 253 characters/);
      expect(r.text.length).to.be.below(1000);
    });

    it("takes 253 characters and 63-character labels; refuses 254, a 64-character label, and a label whose ASCII form is too long", async () => {
      const name253 = [label("a", 63), label("b", 63), label("c", 63), label("d", 61)].join(".");
      expect(name253).to.have.length(253);
      expect((await idn(name253)).json.success).to.equal(true);
      expect((await idn(`${name253}.`)).json.success, "a final dot is not counted").to.equal(true);
      expect((await idn(`${name253}d`)).json).to.include({ errorCode: 105 });
      const long = await idn(`${label("x", 64)}.com`);
      expect(long.json).to.include({ errorCode: 105 });
      expect(long.json.messages[0]).to.match(/query: a label is at most 63 characters/);
      // 60 characters as typed, over 63 as punycode.
      const unicode = await idn(`${label("ñ", 60)}.com`);
      expect(unicode.json).to.include({ errorCode: 105 });
      expect(unicode.json.messages[0]).to.match(/label is at most 63 characters in its ASCII form/);
      expect((await idn(`${label("ñ", 20)}.com`)).json.success).to.equal(true);
    });

    it("applies to tool/zonecheck's domain too, naming it", async () => {
      const r = await post(emu, "/tool/zonecheck/", { domain: `${label("z", 300)}.com`, nameservers: "ns1.example.com" });
      expect(r.json).to.include({ errorCode: 105 });
      expect(r.json.messages.join(" ")).to.match(/domain/);
    });
  });
});
