/**
 * The transport's own seams (sdk/core/transport.ts): the reply collected by the dispatch handler
 * (chunks, byte-order mark, 1xx, a body cut off) and the whole-call timeouts that one timer per
 * transport serves. A raw node:http server, so that each test writes exactly the bytes it needs.
 */
import { expect } from "chai";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { DonDominioClient, DonDominioTransportError } from "../../sdk";
import { HELLO_REPLY, rejection } from "./server";

const HELLO = HELLO_REPLY;

/** Answers the first request at once; the others hang until the server closes. */
function firstOnly(_req: IncomingMessage, res: ServerResponse, index: number): void {
  if (index > 0) return;
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(HELLO) });
  res.end(HELLO);
}

let users = 0;
async function withRaw(
  handle: (req: IncomingMessage, res: ServerResponse, index: number) => void,
  fn: (client: (timeoutMs?: number) => DonDominioClient) => Promise<void>,
): Promise<void> {
  let index = 0;
  const server = createServer((req, res) => {
    const i = index++;
    req.resume();
    req.on("end", () => handle(req, res, i));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A user per test: limiters are shared per baseUrl + apiUser.
  const apiUser = `u-transport-${++users}`;
  try {
    await fn(
      (timeoutMs) =>
        new DonDominioClient({ apiUser, apiPasswd: "pw-transport", baseUrl: url, allowInsecureHttp: true, retries: 0, maxConcurrency: 8, timeoutMs }),
    );
  } finally {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }
}

describe("sdk transport", () => {
  it("reads a reply that arrives in several chunks and begins with a byte-order mark", async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(HELLO)]);
    await withRaw(
      (_req, res) => {
        res.writeHead(200, { "content-type": "application/json", "content-length": bytes.length });
        res.write(bytes.subarray(0, 2)); // the mark split across chunks
        setTimeout(() => res.write(bytes.subarray(2, 40)), 5);
        setTimeout(() => res.end(bytes.subarray(40)), 10);
      },
      async (c) => {
        expect((await c().call("tool/hello")).lang).to.equal("en");
      },
    );
  });

  it("skips informational 1xx replies and reads the final one", async () => {
    await withRaw(
      (_req, res) => {
        res.writeEarlyHints({ link: "</x>; rel=preload" });
        res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(HELLO) });
        res.end(HELLO);
      },
      async (c) => {
        expect((await c().call("tool/hello")).version).to.equal("1.0.27");
      },
    );
  });

  it("a reply cut off after its headers is a transport error that counts the request as sent", async () => {
    await withRaw(
      (_req, res) => {
        res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(HELLO) });
        res.write(HELLO.slice(0, 20));
        setTimeout(() => res.socket?.destroy(), 10);
      },
      async (c) => {
        const err = await rejection(c().call("tool/hello"));
        expect(err).to.be.instanceOf(DonDominioTransportError);
        expect(err.message).to.contain("the reply was cut off");
        expect((err as DonDominioTransportError).mayHaveBeenSent).to.equal(true);
      },
    );
  });

  it("times each call from its own start: calls started at different times, one answered, two never", async () => {
    const TIMEOUT = 400;
    await withRaw(firstOnly, async (c) => {
      const client = c(TIMEOUT);
      await client.call("tool/hello");
      const timed = async (delayMs: number) => {
        await new Promise((r) => setTimeout(r, delayMs));
        const t0 = performance.now();
        const err = await rejection(client.call("tool/hello"));
        return { err, ms: performance.now() - t0 };
      };
      // The second starts 150 ms after the first finished, the third 150 ms after the second:
      // neither may expire at an earlier call's deadline.
      const [b, d] = await Promise.all([timed(150), timed(300)]);
      for (const { err, ms } of [b, d]) {
        expect(err).to.be.instanceOf(DonDominioTransportError);
        expect(err.message).to.contain(`no reply within ${TIMEOUT} ms`);
        expect(ms).to.be.at.least(TIMEOUT - 5);
      }
    });
  });

  it("a timeout still applies after the transport was idle longer than the timeout", async () => {
    const TIMEOUT = 200;
    await withRaw(firstOnly, async (c) => {
      const client = c(TIMEOUT);
      await client.call("tool/hello");
      await new Promise((r) => setTimeout(r, TIMEOUT * 2));
      const t0 = performance.now();
      const err = await rejection(client.call("tool/hello"));
      expect(err.message).to.contain(`no reply within ${TIMEOUT} ms`);
      expect(performance.now() - t0).to.be.at.least(TIMEOUT - 5);
    });
  });
});
