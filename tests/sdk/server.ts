/**
 * A scripted HTTP(S) server on 127.0.0.1, port 0, for the SDK tests (stripe-node's pattern): it
 * records every request (path, headers, decoded form body) and answers what the test's script
 * returns for it: an envelope in JSON or XML, a status, a delay, or a dropped socket.
 */
import { expect } from "chai";
import { createServer as createHttp, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttps } from "node:https";
import type { AddressInfo } from "node:net";
import { DonDominioError } from "../../sdk";
import { encodeXml } from "../../sdk/core/xml";

/** A tool/hello success envelope as the API answers it in JSON (for the transport tests and the client-overhead bench). */
export const HELLO_REPLY = JSON.stringify({
  success: true,
  errorCode: 0,
  errorCodeMsg: "",
  action: "tool/hello",
  version: "1.0.27",
  messages: [],
  responseData: { ip: "127.0.0.1", lang: "en", version: "1.0.27" },
});

export interface Recorded {
  method: string;
  url: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
  form: Record<string, string>;
}

export interface Reply {
  status?: number;
  body?: string;
  contentType?: string;
  /** Destroy the socket after reading the request (a reset after sending). */
  drop?: boolean;
  delayMs?: number;
  /** Extra response headers (e.g. a redirect's location). */
  headers?: Record<string, string>;
}

export type Script = (req: Recorded, index: number) => Reply | Promise<Reply>;

export interface TestServer {
  url: string;
  requests: Recorded[];
  peak: number;
  /** HTTP requests whose head arrived (counted before the body is read). */
  readonly received: number;
  /** TCP connections accepted (a refused TLS handshake still counts one). */
  readonly connections: number;
  close(): Promise<void>;
}

export function envelope(
  action: string,
  responseData: unknown,
  opts: { code?: number; msg?: string; messages?: string[]; format?: "json" | "xml" } = {},
): Reply {
  const code = opts.code ?? 0;
  const env = {
    success: code === 0,
    errorCode: code,
    errorCodeMsg: code === 0 ? "" : (opts.msg ?? "Error"),
    action,
    version: "1.0.27",
    messages: opts.messages ?? [],
    responseData: code === 0 ? responseData : [],
  };
  return opts.format === "xml" ? { body: encodeXml(env), contentType: "application/xml" } : { body: JSON.stringify(env), contentType: "application/json" };
}

/** Envelope in the format the request asked for (output-format). */
export function answer(req: Recorded, responseData: unknown, opts: { code?: number; msg?: string; messages?: string[] } = {}): Reply {
  const action = req.path.replace(/^\/+|\/+$/g, "");
  return envelope(action, responseData, { ...opts, format: req.form["output-format"] === "xml" ? "xml" : "json" });
}

export async function startServer(script: Script, tls?: { key: string; cert: string }): Promise<TestServer> {
  const requests: Recorded[] = [];
  const state = { inFlight: 0, peak: 0, received: 0, connections: 0 };
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    state.received++;
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      state.inFlight++;
      state.peak = Math.max(state.peak, state.inFlight);
      const body = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://x");
      const rec: Recorded = {
        method: req.method ?? "",
        url: req.url ?? "",
        path: url.pathname,
        headers: req.headers,
        body,
        form: Object.fromEntries(new URLSearchParams(body)),
      };
      const index = requests.push(rec) - 1;
      try {
        const reply = await script(rec, index);
        if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
        if (reply.drop) {
          req.socket.destroy();
          return;
        }
        const out = reply.body ?? "";
        res.writeHead(reply.status ?? 200, { ...reply.headers, "content-type": reply.contentType ?? "text/plain", "content-length": Buffer.byteLength(out) });
        res.end(out);
      } finally {
        state.inFlight--;
      }
    });
  };
  const server: Server = tls ? createHttps({ key: tls.key, cert: tls.cert }, handler) : createHttp(handler);
  // The TCP connection, for both (for HTTPS, before the handshake).
  server.on("connection", () => {
    state.connections++;
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `${tls ? "https" : "http"}://127.0.0.1:${port}`,
    requests,
    get peak() {
      return state.peak;
    },
    get received() {
      return state.received;
    },
    get connections() {
      return state.connections;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A port on which nothing listens (bound, then closed). */
export async function deadPort(): Promise<string> {
  const s = createHttp();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

/** The DonDominioError a promise rejects with (a test fails when it resolves). */
export async function rejection(p: Promise<unknown>): Promise<DonDominioError> {
  try {
    await p;
  } catch (err) {
    expect(err).to.be.instanceOf(DonDominioError);
    return err as DonDominioError;
  }
  throw new Error("expected a rejection");
}
