/**
 * A small ACME server of our own on loopback, for the hostile-CA tests and bench/acme-hostile-ca.ts:
 * real HTTPS with a test CA (emulator/core/ca.ts), a real directory (RFC 8555 7.1.1), nonces on
 * every reply, and just enough of the protocol (account, order, authorizations, challenges) for a
 * client to reach the step under test. Each case changes one answer through `override`, which sees
 * every request first and may answer it itself (or hold it, never answering). It does not verify
 * signatures: it stands for a broken or hostile CA, not for a correct one (pebble is that).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { Ca, createCa } from "../../emulator/core/ca";

export interface HostileRequest {
  method: string;
  path: string;
  /** The JWS payload, decoded (undefined for POST-as-GET and for GET/HEAD). */
  payload?: Record<string, unknown>;
  /** The JWS protected header, decoded. */
  protected?: Record<string, unknown>;
}

export interface HostileCa {
  /** https://127.0.0.1:<port>/dir */
  directory: string;
  base: string;
  /** PEM of the test CA its TLS certificate is issued by (the resource's directoryCaCert). */
  caPem: string;
  /** Every request, in order. */
  requests: HostileRequest[];
  /** Requests held without an answer (the "never answers" cases), released by close(). */
  held: ServerResponse[];
  close(): Promise<void>;
}

export type Override = (req: HostileRequest, res: ServerResponse, ca: HostileCa) => boolean | undefined;

const ca = new Ca(createCa());
const tls = ca.issueServerCert(["127.0.0.1", "localhost"]);

const b64json = (s: unknown) => {
  try {
    return typeof s === "string" && s ? (JSON.parse(Buffer.from(s, "base64url").toString()) as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/** A JSON answer with a fresh nonce. */
export function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? "" : JSON.stringify(body);
  res.writeHead(status, {
    "replay-nonce": `n${Math.random().toString(36).slice(2)}`,
    "content-type": status >= 400 ? "application/problem+json" : "application/json",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/**
 * Starts the server. Without an override it answers: the directory, nonces, newAccount 201 with a
 * Location, newOrder for the identifiers asked (one authorization each, dns-01 challenge), the
 * authorizations "pending", a challenge answered "processing", everything else 404.
 */
export async function startHostileCa(override?: Override): Promise<HostileCa> {
  const requests: HostileRequest[] = [];
  const held: ServerResponse[] = [];
  let self: HostileCa;
  const orders = new Map<string, string[]>();
  const server: Server = createServer({ key: tls.keyPem, cert: tls.certPem }, (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let jws: { protected?: string; payload?: string } = {};
      try {
        jws = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : {};
      } catch {
        // not JWS: recorded without payload
      }
      const r: HostileRequest = { method: req.method ?? "GET", path: req.url ?? "/", payload: b64json(jws.payload), protected: b64json(jws.protected) };
      requests.push(r);
      if (override?.(r, res, self)) return;
      const base = self.base;
      if (r.path === "/dir")
        return reply(res, 200, {
          newNonce: `${base}/nonce`,
          newAccount: `${base}/account`,
          newOrder: `${base}/order`,
          revokeCert: `${base}/revoke`,
          meta: { termsOfService: `${base}/tos` },
        });
      if (r.path === "/nonce") return reply(res, 200, undefined, { "cache-control": "no-store" });
      if (r.path === "/account") return reply(res, 201, { status: "valid" }, { location: `${base}/acct/1` });
      if (r.path === "/order") {
        const ids = ((r.payload?.identifiers as { value: string }[]) ?? []).map((i) => i.value);
        const id = String(orders.size + 1);
        orders.set(id, ids);
        return reply(
          res,
          201,
          {
            status: "pending",
            identifiers: ids.map((value) => ({ type: "dns", value })),
            authorizations: ids.map((_, i) => `${base}/authz/${id}/${i}`),
            finalize: `${base}/finalize/${id}`,
          },
          { location: `${base}/orders/${id}` },
        );
      }
      const authz = /^\/authz\/(\d+)\/(\d+)$/.exec(r.path);
      if (authz) {
        const value = orders.get(authz[1])?.[Number(authz[2])] ?? "example.com";
        const wildcard = value.startsWith("*.");
        return reply(res, 200, {
          status: "pending",
          identifier: { type: "dns", value: value.replace(/^\*\./, "") },
          ...(wildcard ? { wildcard: true } : {}),
          challenges: [{ type: "dns-01", url: `${base}/chall/${authz[1]}/${authz[2]}`, token: `tok${authz[1]}x${authz[2]}`, status: "pending" }],
        });
      }
      if (r.path.startsWith("/chall/")) return reply(res, 200, { type: "dns-01", status: "processing", url: `${base}${r.path}`, token: "t" });
      return reply(res, 404, { type: "urn:ietf:params:acme:error:malformed", detail: "no such resource" });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  self = {
    directory: `${base}/dir`,
    base,
    caPem: ca.certPem,
    requests,
    held,
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  return self;
}
