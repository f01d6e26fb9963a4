import { expect } from "chai";
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { BodyError, MAX_PARAM_BYTES, oversizedParam, parseBody, readBody } from "../../emulator/http/body";
import { parseMultipart } from "../../emulator/http/multipart";
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
const formData = (boundary: string) => `multipart/form-data; boundary=${boundary}`;

/** The error a promise is rejected with (the test fails when it resolves). */
async function refusal(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (err) {
    return err as Error;
  }
  throw new Error("expected a refusal, got a result");
}
function multipart(boundary: string, parts: Array<[string, string]>, extraHeader = ""): Buffer {
  const body = parts.map(([n, v]) => `--${boundary}${CRLF}Content-Disposition: form-data; name="${n}"${CRLF}${extraHeader}${CRLF}${v}${CRLF}`).join("");
  return Buffer.from(`${body}--${boundary}--${CRLF}`);
}

describe("emulator http: body parsing", () => {
  describe("multipart/form-data", () => {
    it("reads fields, keeping CRLF, dashes and UTF-8 inside values", async () => {
      const b = "----WebKitFormBoundaryX7";
      const fields = await parseMultipart(
        multipart(b, [
          ["apiuser", "demo"],
          ["note", `line1${CRLF}--not-a-boundary${CRLF}ñ`],
          ["empty", ""],
        ]),
        formData(b),
      );
      expect(fields).to.deep.equal({ apiuser: "demo", note: `line1${CRLF}--not-a-boundary${CRLF}ñ`, empty: "" });
    });

    it("ignores part headers other than Content-Disposition", async () => {
      const b = "xyz";
      expect(await parseMultipart(multipart(b, [["a", "1"]], `Content-Type: text/plain${CRLF}`), formData(b))).to.deep.equal({ a: "1" });
    });

    it("reads the boundary from Content-Type, quoted or not", async () => {
      expect(await parseMultipart(multipart("a b", [["x", "1"]]), 'multipart/form-data; boundary="a b"')).to.deep.equal({ x: "1" });
      expect(await parseMultipart(multipart("abc", [["x", "1"]]), "multipart/form-data; charset=utf-8; boundary=abc")).to.deep.equal({ x: "1" });
      expect((await refusal(parseMultipart(multipart("abc", [["x", "1"]]), "multipart/form-data"))).message).to.match(/without a boundary parameter/);
    });

    it("refuses a body without its closing boundary", async () => {
      const body = Buffer.from(`--b${CRLF}Content-Disposition: form-data; name="a"${CRLF}${CRLF}1`);
      expect((await refusal(parseMultipart(body, formData("b")))).message).to.match(/closing boundary/);
    });

    it("keeps a U+FFFD the body carries; the last of repeated names wins; a part with a filename is a value", async () => {
      const b = "xyz";
      expect(
        await parseMultipart(
          multipart(b, [
            ["a", "x\uFFFDy"],
            ["a", "2"],
          ]),
          formData(b),
        ),
      ).to.deep.equal({ a: "2" });
      expect(await parseMultipart(multipart(b, [["a", "x\uFFFDy"]]), formData(b))).to.deep.equal({ a: "x\uFFFDy" });
      const file = Buffer.from(
        `--${b}${CRLF}Content-Disposition: form-data; name="csr"; filename="a.csr"${CRLF}Content-Type: application/octet-stream${CRLF}${CRLF}ñ text${CRLF}--${b}--${CRLF}`,
      );
      expect(await parseMultipart(file, formData(b))).to.deep.equal({ csr: "ñ text" });
      const badFile = Buffer.concat([
        Buffer.from(`--${b}${CRLF}Content-Disposition: form-data; name="csr"; filename="a.csr"${CRLF}${CRLF}`),
        Buffer.from([0xff]),
        Buffer.from(`${CRLF}--${b}--${CRLF}`),
      ]);
      expect((await refusal(parseMultipart(badFile, formData(b)))).message).to.match(/not valid UTF-8 \(in parameter csr\)/);
    });
  });

  describe("parseBody", () => {
    it("decodes urlencoded bodies (+ is a space)", async () => {
      expect(await parseBody("application/x-www-form-urlencoded; charset=UTF-8", Buffer.from("a=1+2&b=%C3%B1&c="))).to.deep.equal({ a: "1 2", b: "ñ", c: "" });
    });

    it("reads urlencoded bodies exactly as URLSearchParams does when they are valid UTF-8", async () => {
      const tricky = "a=%zz&b=%&c=%4&d==x&e&&f=1=2&+g+=+h+&%E2%82%AC=%E2%82%ac&raw=ñ€😀&bom=%EF%BB%BFx&amp=%26%3D%2B&&=empty-name&last=1&last=2&";
      expect(await parseBody("application/x-www-form-urlencoded", Buffer.from(tricky))).to.deep.equal(Object.fromEntries(new URLSearchParams(tricky)));
      expect(await parseBody(undefined, Buffer.from("a=1"))).to.deep.equal({ a: "1" });
    });

    it("refuses what is not valid UTF-8 (raw or percent-encoded, value or name) with a message naming the parameter", async () => {
      const bad: Array<[Buffer, RegExp]> = [
        [Buffer.from("a=1&b=%C3%28"), /not valid UTF-8 \(in parameter b\)/],
        [Buffer.from("a=1&b=%ED%A0%80"), /in parameter b/], // an encoded surrogate
        [Buffer.from("a=1&b=%C0%AF"), /in parameter b/], // overlong "/"
        [Buffer.from("a=1&b=%F4%90%80%80"), /in parameter b/], // past U+10FFFF
        [Buffer.concat([Buffer.from("a=1&b=x"), Buffer.from([0xff]), Buffer.from("&c=2")]), /in parameter b/],
        [Buffer.concat([Buffer.from("a=1&b="), Buffer.from([0xc3])]), /in parameter b/], // truncated at the end
        [Buffer.from("a=1&b%FF=2"), /not valid UTF-8 \(in a parameter name\)/],
        [Buffer.from(`a=1&${"n".repeat(100)}=%FF`), /in parameter n{64}…\)/],
      ];
      for (const [body, message] of bad) {
        const err = await refusal(parseBody("application/x-www-form-urlencoded", body));
        expect(err, body.toString("latin1")).to.be.instanceOf(BodyError);
        expect(err.message, body.toString("latin1")).to.match(message);
      }
      const b = "xyz";
      const part = (name: string, value: Buffer) =>
        Buffer.concat([Buffer.from(`--${b}${CRLF}Content-Disposition: form-data; name="${name}"${CRLF}${CRLF}`), value, Buffer.from(`${CRLF}--${b}--${CRLF}`)]);
      const badValue = await refusal(parseBody(`multipart/form-data; boundary=${b}`, part("note", Buffer.from([0x41, 0xc3, 0x28]))));
      expect(badValue).to.be.instanceOf(BodyError);
      expect(badValue.message).to.match(/not valid UTF-8 \(in parameter note\)/);
      const badName = Buffer.concat([
        Buffer.from(`--${b}${CRLF}Content-Disposition: form-data; name="n`),
        Buffer.from([0xff]),
        Buffer.from(`"${CRLF}${CRLF}1${CRLF}--${b}--${CRLF}`),
      ]);
      const badNameErr = await refusal(parseBody(`multipart/form-data; boundary=${b}`, badName));
      expect(badNameErr).to.be.instanceOf(BodyError);
      expect(badNameErr.message).to.match(/not valid UTF-8 \(in the headers of a multipart part\)/);
      expect(await parseBody(`multipart/form-data; boundary=${b}`, part("note", Buffer.from("ñ€😀")))).to.deep.equal({ note: "ñ€😀" });
    });

    it("finds the first value over the per-parameter limit, in UTF-8 bytes; dnsZoneData has the body limit", () => {
      expect(MAX_PARAM_BYTES).to.equal(65536);
      expect(oversizedParam({ a: "x".repeat(65536), b: "€".repeat(21845) })).to.equal(undefined);
      expect(oversizedParam({ a: "x", b: "€".repeat(21846), c: "x".repeat(70000) })).to.deep.equal({ name: "b", bytes: 65538, limit: 65536 });
      expect(oversizedParam({ dnsZoneData: "A".repeat(3 * 1024 * 1024) })).to.equal(undefined);
      expect(oversizedParam({ dnsZoneData: "A".repeat(4 * 1024 * 1024 + 1) })).to.deep.include({ name: "dnsZoneData" });
    });

    it("refuses JSON and unknown types with a message saying what to send", async () => {
      const json = await refusal(parseBody("application/json", Buffer.from("{}")));
      expect(json).to.be.instanceOf(BodyError);
      expect(json.message).to.match(/x-www-form-urlencoded/);
      const csv = await refusal(parseBody("text/csv", Buffer.from("a,b")));
      expect(csv).to.be.instanceOf(BodyError);
      expect(csv.message).to.match(/unsupported Content-Type text\/csv/);
    });

    it("treats an empty body as no parameters whatever the type", async () => {
      expect(await parseBody("application/json", Buffer.alloc(0))).to.deep.equal({});
    });

    it("keeps request names in objects without a prototype (__proto__ is just a name)", async () => {
      const b = "xyz";
      const decoded = [
        await parseBody("application/x-www-form-urlencoded", Buffer.from("__proto__=x&constructor=y&a=1")),
        await parseMultipart(
          multipart(b, [
            ["__proto__", "x"],
            ["constructor", "y"],
            ["a", "1"],
          ]),
          formData(b),
        ),
        queryParams("/json/?__proto__=x&constructor=y&a=1"),
      ];
      for (const p of decoded) {
        expect(Object.getPrototypeOf(p)).to.equal(null);
        expect(Object.getOwnPropertyDescriptor(p, "__proto__")?.value).to.equal("x");
        expect(p.constructor).to.equal("y");
        expect(p.toString).to.equal(undefined);
        expect(Object.entries(p)).to.deep.equal([
          ["__proto__", "x"],
          ["constructor", "y"],
          ["a", "1"],
        ]);
      }
    });
  });

  describe("readBody", () => {
    const MiB = 1024 * 1024;
    const chunks = (n: number, size = 256 * 1024) => Array.from({ length: n }, () => Buffer.alloc(size, 0x61));

    it("refuses a body over the limit only after reading (and dropping) the rest: drained", async () => {
      const req = fakeRequest(chunks(8)); // 2 MiB
      const err = await readBody(req, 1 * MiB, 4 * MiB).then(
        () => undefined,
        (e: BodyError) => e,
      );
      expect(err).to.be.instanceOf(BodyError);
      expect(err).to.include({ tooLarge: true, drained: true });
      expect(err!.message).to.equal(`request body larger than ${MiB} bytes`);
      expect(req.consumed()).to.equal(2 * MiB);
    });

    it("stops reading past the drain limit (not drained), and at once when Content-Length announces more", async () => {
      const req = fakeRequest(chunks(40)); // 10 MiB
      const err = await readBody(req, 1 * MiB, 2 * MiB).then(
        () => undefined,
        (e: BodyError) => e,
      );
      expect(err).to.include({ tooLarge: true, drained: false });
      const announced = fakeRequest(chunks(1), { "content-length": String(60_000_000) });
      const early = await readBody(announced, 1 * MiB, 2 * MiB).then(
        () => undefined,
        (e: BodyError) => e,
      );
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
