/**
 * The reply size cap (sdk/core/reply-limit.ts) against a real loopback HTTPS server that streams a
 * 300 MiB reply: the API client and the dynamic DNS client refuse it as a transport error while it
 * streams, close the connection (the server sees its socket closed long before 300 MiB), keep their
 * memory bounded, never resend, and for a paid operation report it as ambiguous (it was processed).
 */
import { expect } from "chai";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { Ca, createCa } from "../../emulator/core/ca";
import { DonDominioAmbiguousError, DonDominioClient, DonDominioTransportError, updateDynamicDns } from "../../sdk";
import { MAX_DYNDNS_REPLY_BYTES, MAX_REPLY_BYTES, REPLY_TOO_LARGE } from "../../sdk/core/reply-limit";
import { PERSON } from "../fixtures";
import { HELLO_REPLY, rejection } from "./server";

const HUGE = 300 * 1024 * 1024;
const CHUNK = 64 * 1024;
/**
 * What the server may have handed to the kernel past what the client read before it closed: the
 * loopback socket buffers (tcp_wmem + tcp_rmem, a few MiB each at most) and TLS records in flight.
 */
const SLACK = 16 * 1024 * 1024;

type Mode = { kind: "stream"; total: number; contentLength?: boolean } | { kind: "body"; body: string };

interface Streamer {
  url: string;
  requests: number;
  /** Bytes of body the server had written when each reply's socket closed. */
  sentAtClose: number[];
  close(): Promise<void>;
}

const ca = new Ca(createCa());
const serverCert = ca.issueServerCert(["127.0.0.1"]);

/** An HTTPS server on 127.0.0.1 answering every request with `mode`, writing with backpressure. */
async function streamer(mode: Mode): Promise<Streamer> {
  const state = { requests: 0, sentAtClose: [] as number[] };
  const server: Server = createServer({ key: serverCert.keyPem, cert: serverCert.certPem }, (req, res) => {
    state.requests++;
    req.resume();
    req.on("end", () => {
      if (mode.kind === "body") {
        res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(mode.body) });
        res.end(mode.body);
        return;
      }
      res.writeHead(200, { "content-type": "application/json", ...(mode.contentLength ? { "content-length": mode.total } : {}) });
      const chunk = Buffer.alloc(CHUNK, 0x20);
      let sent = 0;
      res.on("close", () => state.sentAtClose.push(sent));
      const pump = () => {
        while (sent < mode.total && !res.destroyed) {
          sent += CHUNK;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        if (!res.destroyed) res.end();
      };
      pump();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get requests() {
      return state.requests;
    },
    sentAtClose: state.sentAtClose,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

let users = 0;
const clientFor = (s: Streamer) =>
  new DonDominioClient({ apiUser: `u-limit-${++users}`, apiPasswd: "pw-limit", baseUrl: s.url, caCert: ca.certPem, retries: 2, timeoutMs: 30_000 });

/**
 * Waits until the server has seen `n` sockets closed (the close reaches it just after the client's
 * error); the 30 s deadline only guards against a hang (it was 2 s, within reach of a loaded machine).
 */
async function closed(s: Streamer, n = 1): Promise<void> {
  for (const deadline = Date.now() + 30_000; s.sentAtClose.length < n && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 10));
  expect(s.sentAtClose, "sockets the server saw closed").to.have.length(n);
}

describe("sdk transport: reply size cap", function () {
  this.timeout(60_000);

  it(`a 300 MiB streamed reply is cut off past ${MAX_REPLY_BYTES} bytes: a transport error, the socket closed, memory bounded, not retried`, async () => {
    const s = await streamer({ kind: "stream", total: HUGE });
    try {
      global.gc?.();
      const before = process.memoryUsage();
      let peakRss = before.rss;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }, 5);
      const t0 = performance.now();
      const err = await rejection(clientFor(s).call("tool/hello"));
      const ms = performance.now() - t0;
      clearInterval(sampler);
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      expect(err).to.be.instanceOf(DonDominioTransportError);
      const t = err as DonDominioTransportError;
      expect(t.code).to.equal(REPLY_TOO_LARGE);
      expect(t.mayHaveBeenSent).to.equal(true);
      expect(t.message).to.match(/^tool\/hello: the reply is larger than the 8 MiB limit \(8388608 bytes\): it passed \d+ bytes before it was cut off/);
      await closed(s);
      // tool/hello is retry-safe, yet not resent: the same request gets the same reply.
      expect(s.requests).to.equal(1);
      expect(s.sentAtClose[0]).to.be.at.most(MAX_REPLY_BYTES + SLACK);
      const growth = peakRss - before.rss;
      console.log(
        `      [reply cap] 300 MiB reply refused in ${ms.toFixed(0)} ms; server wrote ${(s.sentAtClose[0] / 2 ** 20).toFixed(1)} MiB before the close; RSS growth ${(growth / 2 ** 20).toFixed(0)} MiB`,
      );
      // Without the cap the process grew by 1.3-1.7 GB (issue 19); with it, the cap and buffers.
      expect(growth).to.be.below(256 * 1024 * 1024);
    } finally {
      await s.close();
    }
  });

  it("a Content-Length over the cap is refused before the body is read", async () => {
    const s = await streamer({ kind: "stream", total: HUGE, contentLength: true });
    try {
      const err = (await rejection(clientFor(s).call("tool/hello"))) as DonDominioTransportError;
      expect(err.code).to.equal(REPLY_TOO_LARGE);
      expect(err.message).to.contain(`it announced ${HUGE} bytes (Content-Length)`);
      await closed(s);
      expect(s.sentAtClose[0]).to.be.at.most(SLACK);
      expect(s.requests).to.equal(1);
    } finally {
      await s.close();
    }
  });

  it("a paid operation (domain/create) whose reply is too big is ambiguous and is sent once", async () => {
    const s = await streamer({ kind: "stream", total: HUGE });
    try {
      const owner = Object.fromEntries(Object.entries(PERSON).map(([k, v]) => [`ownerContact${k}`, v]));
      const err = await rejection(clientFor(s).call("domain/create", { domain: "paid-once.com", ...owner } as never));
      expect(err).to.be.instanceOf(DonDominioAmbiguousError);
      expect((err as DonDominioAmbiguousError).code).to.equal(REPLY_TOO_LARGE);
      expect(err.message).to.contain("the reply is larger than the 8 MiB limit");
      expect(err.message).to.contain("may or may not have taken effect: check the current state before retrying");
      await closed(s);
      expect(s.requests).to.equal(1);
    } finally {
      await s.close();
    }
  });

  it("a reply of exactly the cap is read; one byte more is refused", async () => {
    // A hello envelope padded with JSON whitespace to the byte.
    const padded = (size: number) => HELLO_REPLY + " ".repeat(size - Buffer.byteLength(HELLO_REPLY));
    const at = await streamer({ kind: "body", body: padded(MAX_REPLY_BYTES) });
    try {
      expect((await clientFor(at).call("tool/hello")).version).to.equal("1.0.27");
    } finally {
      await at.close();
    }
    const over = await streamer({ kind: "body", body: padded(MAX_REPLY_BYTES + 1) });
    try {
      expect(((await rejection(clientFor(over).call("tool/hello"))) as DonDominioTransportError).code).to.equal(REPLY_TOO_LARGE);
    } finally {
      await over.close();
    }
  });

  it(`dyndns/update: a 300 MiB reply is cut off past ${MAX_DYNDNS_REPLY_BYTES} bytes, the socket closed, the key in no message`, async () => {
    for (const contentLength of [false, true]) {
      const s = await streamer({ kind: "stream", total: HUGE, contentLength });
      try {
        const err = await updateDynamicDns({ user: "ana", key: "dyn-Limit-Key-77", host: "home.example.com", baseUrl: s.url, caCert: ca.certPem }).catch(
          (e) => e,
        );
        expect(err).to.be.instanceOf(DonDominioTransportError);
        expect(err.code).to.equal(REPLY_TOO_LARGE);
        expect(err.mayHaveBeenSent).to.equal(true);
        expect(err.message).to.match(/^dyndns\/update: the reply is larger than the 64 KiB limit \(65536 bytes\)/);
        expect(err.message).to.not.contain("dyn-Limit-Key-77");
        await closed(s);
        expect(s.sentAtClose[0]).to.be.at.most(MAX_DYNDNS_REPLY_BYTES + SLACK);
        expect(s.requests).to.equal(1);
      } finally {
        await s.close();
      }
    }
  });
});
