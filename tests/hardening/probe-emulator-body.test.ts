/**
 * Independent probe of the emulator's body decoding (issue 19 item 7), two variations the fix missed.
 *
 * 1. The multipart parameter count must use the
 * boundary the parser uses. The platform's parser (fetch's "extract a MIME type") reads a
 * Content-Type header with commas as a list and takes the LAST multipart/form-data type's boundary;
 * the count took the first `boundary=` it saw, found it nowhere in the body, counted 0, and let the
 * parser decode every part: one unauthenticated 4 MB body of ~56,000 parts was decoded in full.
 * 2. The UTF-8 check of multipart parts searched the whole body for each part holding a U+FFFD: one
 *    unauthenticated 4 MB body of 990 distinct such parts (under the count limit) held the event
 *    loop 2.4 s.
 */
import { expect } from "chai";
import { Agent, fetch } from "undici";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { MAX_BODY_BYTES, MAX_PARAMS, paramCountUpTo } from "../../emulator/http/body";
import { parseMultipart } from "../../emulator/http/multipart";
import { closeTransports } from "../../sdk/core/transport";

/** A multipart body of `count` tiny parts delimited by `boundary`. */
const parts = (boundary: string, count: number) =>
  `${Array.from({ length: count }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="p${i}"\r\n\r\nx\r\n`).join("")}--${boundary}--\r\n`;

/** Content-Type headers whose first `boundary=` is not the one the parser uses. */
/**
 * The process's CPU time in ms (every thread: the emulator and the client share this process). What
 * a body costs is bounded in CPU time, not wall time: a loaded machine stretches the wall time of the
 * same work many times over, its CPU time hardly.
 */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const DISGUISED = [
  (b: string) => `multipart/form-data; boundary=decoy, multipart/form-data; boundary=${b}`,
  (b: string) => `multipart/form-data; boundary=decoy,multipart/form-data;boundary="${b}"`,
  (b: string) => `multipart/form-data; boundary=${b},`,
];

describe("probe: multipart bodies cost little before the login", function () {
  this.timeout(120_000);
  let emu: RunningEmulator;
  let agent: Agent;
  before(async () => {
    emu = await startEmulator();
    agent = new Agent({ connect: { ca: emu.caCert } });
  });
  after(async () => {
    await agent.close();
    await closeTransports();
    await emu.close();
  });

  it("a body of more than MAX_PARAMS parts is counted so whatever the Content-Type says the boundary is", () => {
    const body = Buffer.from(parts("b0undary", MAX_PARAMS + 1));
    for (const ct of DISGUISED) expect(paramCountUpTo("multipart/form-data", ct("b0undary"), body), ct("b0undary")).to.be.above(MAX_PARAMS);
  });

  it("an unauthenticated 4 MB body of ~56,000 parts under a disguised boundary is refused 100 at once, none decoded", async () => {
    const count = Math.floor((MAX_BODY_BYTES - 100) / parts("b0undary", 1).length);
    const body = parts("b0undary", count);
    expect(count).to.be.above(50_000);
    for (const ct of DISGUISED) {
      const t0 = cpuMs();
      const res = await fetch(`${emu.url}/account/info/`, { method: "POST", body, headers: { "content-type": ct("b0undary") }, dispatcher: agent });
      const j = (await res.json()) as { errorCode: number; messages: string[] };
      const ms = cpuMs() - t0;
      expect(j.errorCode, ct("b0undary")).to.equal(100);
      expect(j.messages[0], ct("b0undary")).to.contain(`more than ${MAX_PARAMS} parameters`);
      expect(ms, `${ct("b0undary")}: answered in ${ms.toFixed(0)} ms of CPU`).to.be.below(1500);
    }
  });

  it("an unauthenticated 4 MB body of 990 distinct parts holding U+FFFD is answered without a search of the body per part", async () => {
    const b = "B0UNDARY";
    const body = `${Array.from({ length: 990 }, (_, i) => `--${b}\r\nContent-Disposition: form-data; name="p${i}"\r\n\r\n\uFFFD${"a".repeat(3990)}${String(i).padStart(5, "0")}\r\n`).join("")}--${b}--\r\n`;
    expect(Buffer.byteLength(body)).to.be.above(4_000_000).and.below(MAX_BODY_BYTES);
    const t0 = cpuMs();
    const res = await fetch(`${emu.url}/account/info/`, {
      method: "POST",
      body,
      headers: { "content-type": `multipart/form-data; boundary=${b}` },
      dispatcher: agent,
    });
    const j = (await res.json()) as { errorCode: number };
    const ms = cpuMs() - t0;
    expect(j.errorCode).to.not.equal(0);
    // About 100 ms of CPU; a search of the body per part took 1.6 s of it (2.4 s of wall time).
    expect(ms, `answered in ${ms.toFixed(0)} ms of CPU`).to.be.below(600);
  });

  it("a part that is not UTF-8 is still refused when an earlier part carries the same text with a real U+FFFD", async () => {
    const b = "BB";
    const body = Buffer.concat([
      Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="p0"\r\n\r\nx\uFFFDy\r\n--${b}\r\nContent-Disposition: form-data; name="p1"\r\n\r\n`),
      Buffer.from([0x78, 0xff, 0x79]),
      Buffer.from(`\r\n--${b}--\r\n`),
    ]);
    let refused: Error | undefined;
    await parseMultipart(body, `multipart/form-data; boundary=${b}`).catch((e: Error) => (refused = e));
    expect(refused?.message).to.equal("the request body is not valid UTF-8 (in parameter p1)");
  });
});
