/**
 * The dynamic DNS endpoint (spec "Dynamic DNS endpoint", facts.md "Dynamic DNS"): `/json/`,
 * `/xml/`, `/plain/`, GET (query string) or POST (form body, urlencoded or multipart). Parameters
 * user, password or apikey (both accepted: facts.md), host, ip (empty = the caller's address), lang.
 * Every reply is HTTP 200 with Content-Length, never chunked, errors included (ddclient 3.x reads a
 * raw socket: facts.md). Refused keys and unknown users count towards the API's errors-per-minute
 * rule (core/access.ts rule 6); once it blocks the caller's address or the account, every update
 * (the right key included) answers a failure in the endpoint's own format until the block ends.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { XMLBuilder } from "fast-xml-parser";
import { xmlSafeText } from "../sdk/core/xml";
import { runTickers } from "./core/dispatch";
import { ApiFault } from "./core/errors";
import type { Host } from "./core/host";
import { blockedResult, dyndnsAccountKey, dyndnsUpdate } from "./modules/dyndns/model";
import { BodyError, parseBody, readBody } from "./http/body";
import { send } from "./http/render";
import { queryParams } from "./http/routes";

export const DYNDNS_VERSION = "2.0";

export interface DyndnsResult {
  success: boolean;
  user?: string;
  host?: { name: string; value: string; type: string; updated: boolean };
  messages: string[];
}

/** ISO 8601 with a numeric offset ("+00:00"), as the spec's JSON `ts` shows. */
export function isoWithOffset(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, "+00:00");
}

export function renderDyndnsJson(r: DyndnsResult, ts: Date): string {
  const out: Record<string, unknown> = { success: r.success, version: DYNDNS_VERSION, ts: isoWithOffset(ts) };
  if (r.user !== undefined) out.user = r.user;
  out.messages = r.messages;
  if (r.host) out.host = r.host;
  return JSON.stringify(out);
}

/**
 * XML per the spec: root data@success,version,oper; resData (user@t, request@success = address
 * changed) when the user and key were accepted, which we take as "the model named the user and
 * found the host"; host@type with name and value when found; informs on success; errors on failure.
 */
export function renderDyndnsXml(r: DyndnsResult, ts: Date): string {
  // Stored values (user, host name) may hold characters XML 1.0 forbids: never write them.
  const t = xmlSafeText;
  const data: Record<string, unknown> = { "@_success": String(r.success), "@_version": DYNDNS_VERSION, "@_oper": "update" };
  if (r.user !== undefined && r.host) {
    data.resData = { user: { "@_t": isoWithOffset(ts), "#text": t(r.user) }, request: { "@_success": String(r.host.updated) } };
  }
  if (r.host) data.host = { "@_type": t(r.host.type), name: t(r.host.name), value: t(r.host.value) };
  if (r.success) data.informs = { inform: r.messages.length ? r.messages.map(t) : ["OK"] };
  else data.errors = { error: r.messages.length ? r.messages.map(t) : ["Error"] };
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@_", suppressEmptyNode: true, suppressBooleanAttributes: false });
  return `<?xml version="1.0" encoding="UTF-8"?>${builder.build({ data })}`;
}

/** `OK` (+ `IP:<addr>` only when the address changed) or `ERROR` + one message per line. */
export function renderDyndnsPlain(r: DyndnsResult): string {
  if (r.success) return r.host?.updated ? `OK\nIP:${r.host.value}\n` : "OK\n";
  return `ERROR\n${r.messages.map((m) => `${m.replace(/[\r\n]+/g, " ")}\n`).join("")}`;
}

const TYPES: Record<string, string> = { json: "application/json; charset=utf-8", xml: "text/xml; charset=utf-8", plain: "text/plain; charset=utf-8" };

export async function handleDyndns(emu: Host, req: IncomingMessage, res: ServerResponse, segments: string[]): Promise<void> {
  const format = segments.length === 1 ? segments[0].toLowerCase() : "";
  if (!TYPES[format]) {
    return send(res, 404, "text/plain; charset=utf-8", "Not found: use /json/, /xml/ or /plain/\n");
  }
  emu.counters.begin(`dyndns/${format}`);
  try {
    // Query string and body both count (GET for ddclient, POST for the vendor's bash client).
    // No prototype: request names index it.
    const params: Record<string, string> = Object.assign(Object.create(null), queryParams(req.url));
    try {
      Object.assign(params, await parseBody(req.headers["content-type"], await readBody(req)));
    } catch (err) {
      if (!(err instanceof BodyError)) throw err;
      if (err.tooLarge) res.setHeader("Connection", "close");
    }
    const ip = (req.socket.remoteAddress ?? "").replace(/^::ffff:/, "");
    const world = emu.store.world;
    // A blocked address or account is refused before its key is checked.
    let blocked: ApiFault | undefined;
    try {
      emu.access.gateDyndns(ip, dyndnsAccountKey(world, params.user));
    } catch (err) {
      if (!(err instanceof ApiFault)) throw err;
      blocked = err;
    }
    let result: DyndnsResult;
    if (blocked) result = blockedResult(params.lang, blocked.messages[0]);
    else {
      runTickers(emu.dispatchEnv());
      result = dyndnsUpdate(
        world,
        {
          user: params.user || undefined,
          key: params.password || params.apikey || undefined,
          host: params.host || undefined,
          ip: params.ip || undefined,
          lang: params.lang || undefined,
        },
        ip,
        (account) => emu.access.dyndnsFailed(ip, account),
      );
    }
    if (result.host?.updated) await emu.store.commit();
    if (!result.success) emu.counters.error(`dyndns/${format}`);
    const ts = emu.clock.now();
    const body = format === "json" ? renderDyndnsJson(result, ts) : format === "xml" ? renderDyndnsXml(result, ts) : renderDyndnsPlain(result);
    send(res, 200, TYPES[format], body);
  } finally {
    emu.counters.end();
  }
}
