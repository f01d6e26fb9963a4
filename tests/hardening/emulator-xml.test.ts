/**
 * XML output stays well-formed (project issue 14, item 1, defect 6). Before: a value holding a
 * character XML 1.0 forbids (C0 controls other than tab/LF/CR, U+FFFE, U+FFFF, lone surrogates)
 * was stored as given and written raw into XML replies, so one such contact made contact/list in
 * XML ill-formed for the whole account; the sdk's lenient parser hid it. Now:
 * - the API refuses such a value with 105 naming the parameter (emulator/core/dispatch.ts);
 * - the XML writer (sdk/core/xml.ts) never writes one: each becomes U+FFFD, for values stored before
 *   the refusal or echoed from elsewhere (an unknown apiuser in a 1003 message);
 * - every XML reply here is parsed with a strict well-formedness check (decodeXml strict mode),
 *   while the default, lenient parse used by clients is unchanged.
 */
import { expect } from "chai";
import { Agent, fetch } from "undici";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { checkXmlWellFormed, decodeXml, encodeXml, XmlWellFormednessError } from "../../sdk/core/xml";
import { PERSON } from "../fixtures";

const FORBIDDEN = ["\u0000", "\u0001", "\u0007", "\u0008", "\u000B", "\u000C", "\u000E", "\u001F", "\uFFFE", "\uFFFF", "\uD800", "\uDBFF", "\uDC00", "\uDFFF"];

describe("XML output: well-formed whatever the data", () => {
  describe("the strict check (decodeXml strict mode)", () => {
    const bad = [
      "<data>x\u0001</data>",
      "<data>&#1;</data>",
      "<data>&#xFFFE;</data>",
      "<data>\uFFFF</data>",
      "<data>\uD800</data>",
      "<data><a></data>",
      "<data/><data/>",
      "<data>&nbsp;</data>",
      "<data a='1' a='2'/>",
      "<data>a & b</data>",
      "<!DOCTYPE data><data/>",
    ];
    for (const xml of bad) {
      it(`rejects ${JSON.stringify(xml)}`, () => {
        expect(() => checkXmlWellFormed(xml)).to.throw(XmlWellFormednessError, /XML not well-formed at offset \d+/);
        expect(() => decodeXml(xml, { strict: true })).to.throw(XmlWellFormednessError);
      });
    }

    it("accepts what XML 1.0 allows (tab, LF, CR as a reference, astral characters, the five entities)", () => {
      const xml =
        '<?xml version="1.0" encoding="UTF-8"?>\n<data a="&#9;&#10;">t\tn\n&#13;😀ñ&amp;&lt;&gt;&quot;&apos;<![CDATA[<x>]]><!-- c --><?pi x?></data>\n';
      expect(() => checkXmlWellFormed(xml)).to.not.throw();
    });

    it("leaves the default (client) parse lenient: it still reads a reply with a raw control character", () => {
      expect(decodeXml("<data><errorCode>0</errorCode><note>a\u0001b</note></data>")).to.deep.equal({ errorCode: "0", note: "a\u0001b" });
    });
  });

  describe("the writer (encodeXml)", () => {
    it("writes every forbidden character as U+FFFD, in text, keys and pretty output, and keeps allowed ones", () => {
      for (const ch of FORBIDDEN) {
        const env = { success: true, errorCode: 0, messages: [`a${ch}b`], responseData: { name: `x${ch}😀\t\r\ny`, [`k${ch}ey`]: "v", list: [ch] } };
        for (const pretty of [false, true]) {
          const xml = encodeXml(env, pretty);
          const label = `U+${ch.charCodeAt(0).toString(16)} pretty=${pretty}`;
          expect(() => checkXmlWellFormed(xml), label).to.not.throw();
          const back = decodeXml(xml, { strict: true }) as { messages: string[]; responseData: Record<string, unknown> };
          expect(back.messages, label).to.deep.equal(["a\uFFFDb"]);
          expect(back.responseData.name, label).to.equal("x\uFFFD😀\t\r\ny");
          expect(back.responseData["k\uFFFDey"], label).to.equal("v");
          expect(back.responseData.list, label).to.deep.equal(["\uFFFD"]);
        }
      }
    });
  });

  describe("the emulator's replies", () => {
    let emu: RunningEmulator;
    let agent: Agent;
    const call = async (path: string, params: Record<string, string>, credentials = { apiuser: "", apipasswd: "" }) => {
      const res = await fetch(`${emu.url}${path}`, {
        method: "POST",
        body: new URLSearchParams({ apiuser: credentials.apiuser || emu.apiUser, apipasswd: credentials.apipasswd || emu.apiPasswd, ...params }),
        dispatcher: agent,
      });
      return res.text();
    };
    const xml = (path: string, params: Record<string, string> = {}, credentials?: { apiuser: string; apipasswd: string }) =>
      call(path, { ...params, "output-format": "xml" }, credentials);

    before(async () => {
      emu = await startEmulator();
      agent = new Agent({ connect: { ca: emu.caCert } });
    });
    after(async () => {
      await agent.close();
      await emu.close();
    });

    it("refuses each forbidden character in a parameter with 105 naming it; nothing is stored", async () => {
      const before = (await emu.control.getState(emu.apiUser)).contacts;
      // Lone surrogates cannot travel as UTF-8 (they arrive as U+FFFD): the others can.
      for (const ch of FORBIDDEN.filter((c) => !/[\uD800-\uDFFF]/.test(c))) {
        const env = JSON.parse(await call("/contact/create/", { ...PERSON, LastName: `Gar${ch}cia` }));
        expect(env, JSON.stringify(ch)).to.include({ success: false, errorCode: 105 });
        expect(env.messages[0]).to.match(/^Invalid parameter: LastName: contains U\+[0-9A-F]{4}, a control character that XML 1\.0 does not allow/);
      }
      expect((await emu.control.getState(emu.apiUser)).contacts).to.deep.equal(before);
    });

    it("contact/list in XML stays well-formed when a stored contact holds control characters", async () => {
      const created = JSON.parse(await call("/contact/create/", PERSON));
      expect(created.success).to.equal(true);
      // State written before the API refused such values (or edited by hand): put them in directly.
      const stored = emu.server.store.world.accounts[emu.apiUser].contacts[created.responseData.contactID] as unknown as Record<string, unknown>;
      const field = Object.keys(stored).find((k) => stored[k] === PERSON.FirstName)!;
      stored[field] = `Ana\u0001\u001F\uFFFE\uD800`;
      const list = await xml("/contact/list/");
      expect(() => checkXmlWellFormed(list), list.slice(0, 400)).to.not.throw();
      const env = decodeXml(list, { strict: true }) as { responseData: { contacts: Array<{ contactName: string }> } };
      expect(env.responseData.contacts.map((c) => c.contactName).join(" ")).to.include("Ana\uFFFD\uFFFD\uFFFD\uFFFD");
      const info = await xml("/contact/getinfo/", { contactID: created.responseData.contactID });
      expect(() => checkXmlWellFormed(info)).to.not.throw();
      // JSON carries them escaped, as it can.
      expect(JSON.parse(await call("/contact/list/", {})).success).to.equal(true);
    });

    it("an echoed value (an unknown apiuser in the 1003 message) stays well-formed, pretty or not", async () => {
      for (const pretty of ["0", "1"]) {
        const reply = await xml("/account/info/", { "output-pretty": pretty }, { apiuser: "x\u0001\u0008y", apipasswd: "p" });
        expect(() => checkXmlWellFormed(reply)).to.not.throw();
        expect(decodeXml(reply, { strict: true })).to.include({ errorCode: "1003" });
      }
    });

    it("a sweep of ordinary replies (success and errors) is strictly well-formed", async () => {
      const replies = await Promise.all([
        xml("/tool/hello/"),
        xml("/account/info/"),
        xml("/account/zones/", { pageLength: "5" }),
        xml("/tool/gettable/", { tableType: "countries" }),
        xml("/tool/idnconverter/", { query: "ñandú.com" }),
        xml("/contact/list/"),
        xml("/domain/check/", { domain: "example-free-name.com" }),
        xml("/tool/nosuch/"),
        xml("/contact/create/", { Type: "individual" }),
      ]);
      for (const r of replies) expect(() => checkXmlWellFormed(r), r.slice(0, 200)).to.not.throw();
    });
  });
});
