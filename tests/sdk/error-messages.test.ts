/**
 * Error messages quote the API's text (messages, errorCodeMsg) and the caller's values: hostile data
 * for the terminal, the CI log and whatever parses them (issue 19, "What to build" 2). Every sdk
 * error's message is one visible line (sdk/core/printable.ts through DonDominioError): no line feed,
 * carriage return or separator to forge a second line, no ESC "[" (CSI) or ESC "]" (OSC) sequence,
 * no C1 or bidi control, no PEM private key; what the server sent stays readable, escaped.
 */
import { expect } from "chai";
import { DonDominioApiError, DonDominioClient, type DonDominioError, DonDominioValidationError } from "../../sdk";
import { MAX_MESSAGE } from "../../sdk/core/errors";
import { hasUnsafeCharacters, printable } from "../../sdk/core/printable";
import { HOSTILE_STRINGS } from "../review/hostile";
import { answer, startServer } from "./server";

const PEM = "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIBkQ\n-----END EC PRIVATE KEY-----";
/** A raw terminal control: ESC, C1 (CSI U+009B, OSC U+009D), BEL, CR, LF, separators, bidi. */
const RAW = /[\u001b\u0007\u009b\u009d\r\n\u2028\u2029\u0085\u202a-\u202e\u2066-\u2069]/;

describe("sdk error messages on hostile data", () => {
  it("printable: every hostile string becomes one line with no raw control, and stays readable", () => {
    for (const h of HOSTILE_STRINGS) {
      const p = printable(h.value);
      expect(hasUnsafeCharacters(p), h.name).to.equal(false);
      expect(p, h.name).not.to.match(RAW);
    }
    expect(printable("a\nb\rc\td")).to.equal("a\\nb\\rc\\td");
    expect(printable("\u001b[31mred\u001b]8;;x\u0007")).to.equal("\\u001b[31mred\\u001b]8;;x\\u0007");
    expect(printable("\u009b2J \u202e \u{e0041}")).to.equal("\\u009b2J \\u202e \\u{e0041}");
    expect(printable("ñandú 例え 🙂 → ±")).to.equal("ñandú 例え 🙂 → ±");
    expect(printable("🙂".repeat(10), 4)).to.equal("🙂🙂🙂…");
  });

  it("domain/getinfo: the API's messages and errorCodeMsg cannot forge lines or reach the terminal as escapes", async () => {
    const messages = [
      "Domain not found\n[dondominio] $ TOTAL 0.00 EUR planned",
      "\u001b[2J\u001b[1;1Hall good\u001b]8;;https://evil.example/\u0007click\u001b]8;;\u0007",
      "over\rwritten \u2028 \u2029 \u0085 \u009b31m \u202eevil",
      `your key ${PEM} is refused`,
      "x".repeat(20_000),
    ];
    const server = await startServer((req) => answer(req, [], { code: 2008, msg: "Domain not found\u001b[0m\nok", messages }));
    try {
      const client = new DonDominioClient({
        apiUser: "u-msg",
        apiPasswd: "pw-msg-secret",
        baseUrl: server.url,
        allowInsecureHttp: true,
        sleep: async () => {},
      });
      let err: DonDominioError | undefined;
      try {
        await client.call("domain/getinfo", { domain: "example.com", infoType: "status" });
      } catch (e) {
        err = e as DonDominioError;
      }
      expect(err).to.be.instanceOf(DonDominioApiError);
      const message = err!.message;
      expect(message).not.to.match(RAW);
      expect(hasUnsafeCharacters(message)).to.equal(false);
      expect(message.length).to.be.at.most(MAX_MESSAGE);
      // Readable: what the server said is there, escaped.
      expect(message).to.include("Domain not found\\u001b[0m\\nok");
      expect(message).to.include("Domain not found\\n[dondominio] $ TOTAL");
      expect(message).to.include("\\u001b[2J");
      // No private key in a message, whatever member or text carried it.
      expect(message).not.to.include("MHcCAQEEIBkQ");
      expect(message).to.include("your key *** is refused");
      // The stack's first line is the message too (what Pulumi's dynamic provider prints).
      expect(err!.stack!.split("\n")[0]).to.equal(`DonDominioApiError: ${message}`);
      // The API's own text stays available, as data, to a program that reads the fields.
      expect((err as DonDominioApiError).messages[0]).to.equal(messages[0]);
    } finally {
      await server.close();
    }
  });

  it("a validation error quoting the caller's values is one line too", () => {
    const err = new DonDominioValidationError("domain/create", [{ param: "domain", rule: 'not a domain name: "x\n[dondominio] ok\u001b[2K"' }]);
    expect(err.message).not.to.match(RAW);
    expect(err.message).to.include('not a domain name: "x\\n[dondominio] ok\\u001b[2K"');
  });
});
