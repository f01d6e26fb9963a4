/**
 * The external-dns webhook server (external-dns api/webhook.yaml and docs/tutorials/
 * webhook-provider.md, v0.21.0): the provider endpoints on one listener (loopback :8888 by the
 * convention: only the external-dns container of the pod calls it) and the exposed endpoints on
 * another (:8080 on every interface: /healthz for the probes, /metrics in Prometheus text).
 *
 *   GET  /                 negotiation: the domain filter (`include`: the account's zones)
 *   GET  /records          every record of those zones, as endpoints
 *   POST /adjustendpoints  the endpoints as the API can store them (types, TTL, values)
 *   POST /records          applies plan.Changes; 204
 *
 * Answers carry the media type `application/external.dns.webhook+json;version=1`. Status codes
 * follow external-dns's reading of them (provider/webhook/webhook.go): 5xx is retried (the API
 * blocked or could not be reached), 4xx is not (a malformed or oversized request, a change set
 * refused by a safety rule or the write budget, credentials refused, this machine's address not
 * registered: API error 1007, whose message says what to do). Error bodies are short JSON.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { printable } from "../../sdk/core/printable";
import { scrubText } from "../../sdk/core/redact";
import { asciiOrSelf } from "../../sdk/rules";
import type { Api } from "../core/client";
import { hasCode } from "../core/errors";
import { applyChanges, ChangeRefused, listEndpoints } from "./apply";
import { type Changes, Dropped, domainFilter, type Endpoint, recordsOf, zoneOfName } from "./endpoints";

export const MEDIA_TYPE = "application/external.dns.webhook+json;version=1";

export interface WebhookSettings {
  api: Api;
  dryRun: boolean;
  /** Zones to serve (DONDOMINIO_DOMAIN_FILTER); empty: every zone of the account. */
  include: string[];
  /** Zones never served (DONDOMINIO_DOMAIN_EXCLUDE). */
  exclude: string[];
  /** Largest request body taken (DONDOMINIO_WEBHOOK_MAX_BODY_BYTES). */
  maxBodyBytes: number;
  /** Most API writes one POST /records may make (DONDOMINIO_MAX_WRITES). */
  maxWrites: number;
  /** How long one request may take: API calls past it are not sent (DONDOMINIO_WEBHOOK_REQUEST_TIMEOUT_MS). */
  requestTimeoutMs: number;
  /** How long the account's zone list is reused before it is read again. */
  zonesTtlMs: number;
  /** One line of the log (already one visible line: printable). */
  log: (line: string) => void;
}

/** The counters /metrics shows (Prometheus text format 0.0.4). */
class Metrics {
  readonly requests = new Map<string, number>();
  writes = 0;
  planned = 0;
  dropped = 0;
  apiErrors = 0;
  count(path: string, status: number) {
    // The path comes from the request: only the served ones are labels (no label text from outside).
    const known = path === "/" || path === "/records" || path === "/adjustendpoints" ? path : "other";
    const k = `path="${known}",code="${status}"`;
    this.requests.set(k, (this.requests.get(k) ?? 0) + 1);
  }
  text(dryRun: boolean): string {
    const lines = [
      "# HELP dondominio_webhook_requests_total Requests to the provider endpoints, by path and status code.",
      "# TYPE dondominio_webhook_requests_total counter",
      ...[...this.requests].map(([k, v]) => `dondominio_webhook_requests_total{${k}} ${v}`),
      "# HELP dondominio_webhook_api_writes_total Record writes sent to the DonDominio API.",
      "# TYPE dondominio_webhook_api_writes_total counter",
      `dondominio_webhook_api_writes_total ${this.writes}`,
      "# HELP dondominio_webhook_planned_writes_total Record writes planned (in dry-run: only logged).",
      "# TYPE dondominio_webhook_planned_writes_total counter",
      `dondominio_webhook_planned_writes_total ${this.planned}`,
      "# HELP dondominio_webhook_endpoints_dropped_total Endpoints left out (a type or value the API does not take, no zone).",
      "# TYPE dondominio_webhook_endpoints_dropped_total counter",
      `dondominio_webhook_endpoints_dropped_total ${this.dropped}`,
      "# HELP dondominio_webhook_api_errors_total Requests that failed on an API error.",
      "# TYPE dondominio_webhook_api_errors_total counter",
      `dondominio_webhook_api_errors_total ${this.apiErrors}`,
      "# HELP dondominio_webhook_dry_run 1 when the webhook writes nothing.",
      "# TYPE dondominio_webhook_dry_run gauge",
      `dondominio_webhook_dry_run ${dryRun ? 1 : 0}`,
    ];
    return `${lines.join("\n")}\n`;
  }
}

/** An answer other than 200/204: the status and what the body and the log say. */
class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The request body, at most `max` bytes (413 past it, without reading the rest). */
function readBody(req: IncomingMessage, max: number): Promise<string> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > max) return Promise.reject(new HttpError(413, `the request body (${declared} bytes) is over ${max} bytes`));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > max) {
        req.removeAllListeners("data");
        req.resume();
        reject(new HttpError(413, `the request body is over ${max} bytes`));
      } else chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function parseJson<T>(text: string, what: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new HttpError(400, `the body is not JSON (${what})`);
  }
}

/** The status an API failure answers: 4xx when retrying cannot help, 5xx when it may. */
function statusOf(err: unknown): number {
  if (err instanceof HttpError) return err.status;
  if (err instanceof ChangeRefused) return 422;
  // 1007/1014: this machine's address is not registered; 1030 banned; credentials refused.
  if (hasCode(err, 1007, 1014, 1030)) return 403;
  const kind = (err as { kind?: string })?.kind;
  if (kind === "authentication") return 401;
  if (kind === "validation" || kind === "notAllowed" || kind === "quota") return 422;
  // Blocks waited out past the deadline, timeouts, the network, an unexpected reply: retried.
  return 503;
}

export interface RunningWebhook {
  /** The provider endpoints' base URL (external-dns --webhook-provider-url). */
  url: string;
  /** The exposed endpoints' base URL (/healthz, /metrics). */
  healthUrl: string;
  close(): Promise<void>;
}

/** Starts both listeners; `provider` and `exposed` are [host, port] (port 0: any free one). */
export async function startWebhook(s: WebhookSettings, provider: [string, number], exposed: [string, number]): Promise<RunningWebhook> {
  const metrics = new Metrics();
  const secret = [s.api.config.apiPasswd];
  const say = (line: string) => s.log(printable(scrubText(line, secret), 2000));
  const include = new Set(s.include.map((z) => asciiOrSelf(z.toLowerCase())));
  const exclude = new Set(s.exclude.map((z) => asciiOrSelf(z.toLowerCase())));
  let zonesRead: { at: number; zones: Promise<string[]> } | undefined;

  /** The account's zones this webhook serves (service/list, reused for zonesTtlMs). */
  const zones = (api: Api): Promise<string[]> => {
    if (!zonesRead || Date.now() - zonesRead.at > s.zonesTtlMs) {
      const read = api
        .listAll("service/list", {})
        .then((list) =>
          list.map((x) => x.name).filter((z) => (!include.size || include.has(asciiOrSelf(z.toLowerCase()))) && !exclude.has(asciiOrSelf(z.toLowerCase()))),
        );
      read.catch(() => {
        zonesRead = undefined;
      });
      zonesRead = { at: Date.now(), zones: read };
    }
    return zonesRead.zones;
  };

  /** The endpoints external-dns may plan: each one the API can store, the others dropped with a line. */
  const adjust = async (api: Api, eps: Endpoint[]): Promise<Endpoint[]> => {
    const known = await zones(api);
    const out: Endpoint[] = [];
    for (const ep of eps) {
      try {
        if (!ep || typeof ep.dnsName !== "string") throw new Dropped("no dnsName");
        const zone = zoneOfName(known, ep.dnsName);
        // Outside the served zones: external-dns's own domain filter decides; left as sent.
        if (!zone) {
          out.push(ep);
          continue;
        }
        const records = recordsOf(zone, ep);
        const ttl = records[0].ttl ?? 0;
        if ((ep.recordTTL ?? 0) !== ttl && (ep.recordTTL ?? 0) > 0)
          say(`${ep.recordType} ${ep.dnsName}: TTL ${ep.recordTTL} is outside the API's range; ${ttl} s is used`);
        out.push({ ...ep, recordTTL: ttl });
      } catch (e) {
        if (!(e instanceof Dropped)) throw e;
        metrics.dropped++;
        say(`${ep?.recordType ?? "?"} ${ep?.dnsName ?? "?"}: left out: ${e.message}`);
      }
    }
    return out;
  };

  const route = async (req: IncomingMessage): Promise<{ status: number; body?: unknown }> => {
    const path = (req.url ?? "/").split("?")[0];
    const api = s.api.until(Date.now() + s.requestTimeoutMs);
    if (path === "/" && req.method === "GET") return { status: 200, body: domainFilter(await zones(api), s.exclude) };
    if (path === "/records" && req.method === "GET") return { status: 200, body: await listEndpoints(api, await zones(api)) };
    if (path === "/adjustendpoints" && req.method === "POST") {
      const eps = parseJson<Endpoint[] | null>(await readBody(req, s.maxBodyBytes), "a list of endpoints");
      if (eps !== null && !Array.isArray(eps)) throw new HttpError(400, "the body is not a list of endpoints");
      return { status: 200, body: await adjust(api, eps ?? []) };
    }
    if (path === "/records" && req.method === "POST") {
      const changes = parseJson<Changes>(await readBody(req, s.maxBodyBytes), "plan.Changes");
      if (!changes || typeof changes !== "object" || Array.isArray(changes)) throw new HttpError(400, "the body is not plan.Changes");
      const r = await applyChanges(api, await zones(api), changes, { dryRun: s.dryRun, maxWrites: s.maxWrites, log: say });
      metrics.writes += r.writes;
      metrics.planned += r.planned;
      metrics.dropped += r.dropped;
      say(`${s.dryRun ? "dry run: planned" : "applied"} ${r.planned} write(s) in ${r.zones.length} zone(s)${s.dryRun ? ", wrote nothing" : ""}`);
      return { status: 204 };
    }
    throw new HttpError(path === "/" || path === "/records" || path === "/adjustendpoints" ? 405 : 404, `${req.method} ${path} is not served`);
  };

  const providerServer = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    route(req).then(
      ({ status, body }) => {
        metrics.count(path, status);
        if (status === 204) res.writeHead(204).end();
        else res.writeHead(status, { "Content-Type": MEDIA_TYPE }).end(JSON.stringify(body));
      },
      (err: unknown) => {
        const status = statusOf(err);
        if (!(err instanceof HttpError) && !(err instanceof ChangeRefused)) metrics.apiErrors++;
        metrics.count(path, status);
        const message = scrubText(String((err as Error)?.message ?? err), secret);
        say(`${req.method} ${path}: ${status} ${status >= 500 ? "(external-dns retries)" : "(not retried)"}: ${message}`);
        if (!res.headersSent) res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify({ error: printable(message, 4000) }));
      },
    );
  });
  // Deadlines of the exchange with external-dns: the whole request, its headers, idle connections.
  providerServer.requestTimeout = s.requestTimeoutMs;
  providerServer.headersTimeout = 10_000;
  providerServer.maxHeadersCount = 50;

  const exposedServer = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method === "GET" && path === "/healthz") res.writeHead(200, { "Content-Type": "text/plain" }).end("ok\n");
    else if (req.method === "GET" && path === "/metrics") res.writeHead(200, { "Content-Type": "text/plain; version=0.0.4" }).end(metrics.text(s.dryRun));
    else res.writeHead(404, { "Content-Type": "text/plain" }).end("not found\n");
  });
  exposedServer.requestTimeout = 10_000;

  const listen = (srv: Server, [host, port]: [string, number]) =>
    new Promise<AddressInfo>((resolve, reject) => {
      srv.once("error", reject);
      srv.listen(port, host, () => resolve(srv.address() as AddressInfo));
    });
  const a = await listen(providerServer, provider);
  const b = await listen(exposedServer, exposed).catch(async (e) => {
    await new Promise((r) => providerServer.close(r));
    throw e;
  });
  const base = (h: string, p: number) => `http://${h.includes(":") ? `[${h}]` : h}:${p}`;
  const close = (srv: Server) =>
    new Promise<void>((r) => {
      srv.close(() => r());
      srv.closeIdleConnections();
    });
  return {
    url: base(provider[0], a.port),
    healthUrl: base(exposed[0] === "0.0.0.0" ? "127.0.0.1" : exposed[0], b.port),
    close: async () => {
      await Promise.all([close(providerServer), close(exposedServer)]);
    },
  };
}
