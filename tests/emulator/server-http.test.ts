import { expect } from "chai";
import { BodyError, parseBody } from "../../emulator/http/body";
import { multipartBoundary, parseMultipart } from "../../emulator/http/multipart";
import { pathSegments } from "../../emulator/http/routes";

const CRLF = "\r\n";
function multipart(boundary: string, parts: Array<[string, string]>, extraHeader = ""): Buffer {
  const body = parts.map(([n, v]) => `--${boundary}${CRLF}Content-Disposition: form-data; name="${n}"${CRLF}${extraHeader}${CRLF}${v}${CRLF}`).join("");
  return Buffer.from(`${body}--${boundary}--${CRLF}`);
}

describe("emulator http: body parsing", () => {
  describe("multipart/form-data", () => {
    it("reads fields, keeping CRLF, dashes and UTF-8 inside values", () => {
      const b = "----WebKitFormBoundaryX7";
      const fields = parseMultipart(multipart(b, [["apiuser", "demo"], ["note", `line1${CRLF}--not-a-boundary${CRLF}ñ`], ["empty", ""]]), b);
      expect(fields).to.deep.equal({ apiuser: "demo", note: `line1${CRLF}--not-a-boundary${CRLF}ñ`, empty: "" });
    });

    it("ignores part headers other than Content-Disposition", () => {
      const b = "xyz";
      expect(parseMultipart(multipart(b, [["a", "1"]], `Content-Type: text/plain${CRLF}`), b)).to.deep.equal({ a: "1" });
    });

    it("reads the boundary from Content-Type, quoted or not", () => {
      expect(multipartBoundary('multipart/form-data; boundary="a b"')).to.equal("a b");
      expect(multipartBoundary("multipart/form-data; charset=utf-8; boundary=abc")).to.equal("abc");
      expect(multipartBoundary("multipart/form-data")).to.equal(undefined);
    });

    it("refuses a body without its closing boundary", () => {
      const body = Buffer.from(`--b${CRLF}Content-Disposition: form-data; name="a"${CRLF}${CRLF}1`);
      expect(() => parseMultipart(body, "b")).to.throw(/closing boundary/);
    });
  });

  describe("parseBody", () => {
    it("decodes urlencoded bodies (+ is a space)", () => {
      expect(parseBody("application/x-www-form-urlencoded; charset=UTF-8", Buffer.from("a=1+2&b=%C3%B1&c="))).to.deep.equal({ a: "1 2", b: "ñ", c: "" });
    });

    it("refuses JSON and unknown types with a message saying what to send", () => {
      expect(() => parseBody("application/json", Buffer.from("{}"))).to.throw(BodyError, /x-www-form-urlencoded/);
      expect(() => parseBody("text/csv", Buffer.from("a,b"))).to.throw(BodyError, /unsupported Content-Type text\/csv/);
    });

    it("treats an empty body as no parameters whatever the type", () => {
      expect(parseBody("application/json", Buffer.alloc(0))).to.deep.equal({});
    });
  });

  describe("pathSegments", () => {
    it("drops the query, empty segments and decodes", () => {
      expect(pathSegments("//tool/hello/?apiuser=x")).to.deep.equal(["tool", "hello"]);
      expect(pathSegments("/domain/%63heck")).to.deep.equal(["domain", "check"]);
    });
  });
});
