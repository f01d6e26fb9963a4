import { expect } from "chai";
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { BodyError, parseBody, readBody } from "../../emulator/http/body";
import { multipartBoundary, parseMultipart } from "../../emulator/http/multipart";
import { pathSegments, queryParams } from "../../emulator/http/routes";

/** A request stand-in: a stream of `chunks`, produced only as they are read, with the given headers. */
function fakeRequest(chunks: Buffer[], headers: Record<string, string> = {}): IncomingMessage & { consumed: () => number } {
  let i = 0;
  let consumed = 0;
  const s = new Readable({
    read() {
      if (i < chunks.length) {
        consumed += chunks[i].length;
        this.push(chunks[i++]);
      } else this.push(null);
    },
  });
  return Object.assign(s, { headers, consumed: () => consumed }) as unknown as IncomingMessage & { consumed: () => number };
}

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

    it("keeps request names in objects without a prototype (__proto__ is just a name)", () => {
      const b = "xyz";
      const decoded = [
        parseBody("application/x-www-form-urlencoded", Buffer.from("__proto__=x&constructor=y&a=1")),
        parseMultipart(multipart(b, [["__proto__", "x"], ["constructor", "y"], ["a", "1"]]), b),
        queryParams("/json/?__proto__=x&constructor=y&a=1"),
      ];
      for (const p of decoded) {
        expect(Object.getPrototypeOf(p)).to.equal(null);
        expect(Object.getOwnPropertyDescriptor(p, "__proto__")?.value).to.equal("x");
        expect(p.constructor).to.equal("y");
        expect(p.toString).to.equal(undefined);
        expect(Object.entries(p)).to.deep.equal([["__proto__", "x"], ["constructor", "y"], ["a", "1"]]);
      }
    });
  });

  describe("readBody", () => {
    const MiB = 1024 * 1024;
    const chunks = (n: number, size = 256 * 1024) => Array.from({ length: n }, () => Buffer.alloc(size, 0x61));

    it("refuses a body over the limit only after reading (and dropping) the rest: drained", async () => {
      const req = fakeRequest(chunks(8)); // 2 MiB
      const err = await readBody(req, 1 * MiB, 4 * MiB).then(() => undefined, (e: BodyError) => e);
      expect(err).to.be.instanceOf(BodyError);
      expect(err).to.include({ tooLarge: true, drained: true });
      expect(err!.message).to.equal(`request body larger than ${MiB} bytes`);
      expect(req.consumed()).to.equal(2 * MiB);
    });

    it("stops reading past the drain limit (not drained), and at once when Content-Length announces more", async () => {
      const req = fakeRequest(chunks(40)); // 10 MiB
      const err = await readBody(req, 1 * MiB, 2 * MiB).then(() => undefined, (e: BodyError) => e);
      expect(err).to.include({ tooLarge: true, drained: false });
      const announced = fakeRequest(chunks(1), { "content-length": String(60_000_000) });
      const early = await readBody(announced, 1 * MiB, 2 * MiB).then(() => undefined, (e: BodyError) => e);
      expect(early).to.include({ tooLarge: true, drained: false });
      expect(announced.consumed()).to.equal(0);
    });

    it("reads a body within the limit whole", async () => {
      expect((await readBody(fakeRequest(chunks(3)), 1 * MiB)).length).to.equal(768 * 1024);
    });
  });

  describe("pathSegments", () => {
    it("drops the query, empty segments and decodes", () => {
      expect(pathSegments("//tool/hello/?apiuser=x")).to.deep.equal(["tool", "hello"]);
      expect(pathSegments("/domain/%63heck")).to.deep.equal(["domain", "check"]);
    });
  });
});
