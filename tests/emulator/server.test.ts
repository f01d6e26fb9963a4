import { expect } from "chai";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { decodeXml } from "../../sdk/core/xml";
import { agentOf, person, post, rawRequest } from "./server-helpers";

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
      expect(pretty.text).to.include("\n    \"success\": true");
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
  });
});
