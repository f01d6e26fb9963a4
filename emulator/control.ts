/**
 * Control API for tests and benchmarks, under the reserved prefix /_emulator/ (fake-gcs-server's
 * model): the gate every call passes, then the call's route (emulator/control-routes.ts: the one
 * table of paths, with their docs; emulator/control-handlers.ts: the handlers). Every call is a
 * POST with the emulator's control token in `Authorization: Bearer <token>`
 * (EmulatorServer.controlToken: random per start unless the `controlToken` option fixes it; the API
 * password does not open it). Before any byte of the body is read the call must pass, in order:
 * the caller address rule (the demo account's `allowedIps` option, loopback by default; 403), the
 * usage limits of the API counted per caller address (429 while blocked; failed calls, bad tokens
 * included, count towards errorsPerMinute), the method (405), the token (401) and the body size (at
 * most MAX_CONTROL_BODY_BYTES, 413). The body is JSON (or form-encoded for the simple calls).
 * Replies are JSON with a real HTTP status (200, 400 bad input, 401 credentials, 403 address,
 * 404 unknown path, 405 method, 409 a move not allowed, 413 body, 429 blocked): this is not the
 * vendor's API, so its envelope rules do not apply.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { sameSecret } from "./core/access";
import { ApiFault } from "./core/errors";
import { type ControlBody, ControlError, type ControlHost } from "./control-handlers";
import { CONTROL_ROUTES, controlRoute } from "./control-routes";
import { BodyError, parseBody, readBody } from "./http/body";
import { send } from "./http/render";

export type { ControlHost } from "./control-handlers";

/** The largest control body: a seed of a few accounts fits easily. */
export const MAX_CONTROL_BODY_BYTES = 1024 * 1024;

async function readControlBody(req: IncomingMessage): Promise<ControlBody> {
  let buf: Buffer;
  try {
    buf = await readBody(req, MAX_CONTROL_BODY_BYTES, MAX_CONTROL_BODY_BYTES);
  } catch (err) {
    if (err instanceof BodyError) throw new ControlError(err.tooLarge ? 413 : 400, `body: ${err.message}`);
    throw err;
  }
  const type = (req.headers["content-type"] ?? "").toLowerCase();
  if (type.startsWith("application/json")) {
    try {
      const v = JSON.parse(buf.toString("utf8") || "{}");
      if (!v || typeof v !== "object" || Array.isArray(v)) throw new Error("not an object");
      return v;
    } catch (err) {
      throw new ControlError(400, `body: invalid JSON (${(err as Error).message})`);
    }
  }
  return await parseBody(req.headers["content-type"], buf);
}

/** 405 unless the path's route (or, for a path no route has, any route) takes the request's method. */
function checkMethod(path: string, method: string | undefined): void {
  const route = controlRoute(path);
  const takes = route ? [route.method] : [...new Set(CONTROL_ROUTES.map((r) => r.method))];
  if (!takes.includes(method as never)) throw new ControlError(405, `control calls are ${takes.join(" or ")} requests`);
}

/** The token from `Authorization: Bearer <token>`; undefined when the header is absent or another scheme. */
function bearer(req: IncomingMessage): string | undefined {
  const m = /^\s*Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
  return m?.[1];
}

/** Whether the control API takes calls from `ip` (the `allowedIps` option; loopback by default). */
export function controlAddressAllowed(emu: ControlHost, ip: string): boolean {
  const allowed = emu.allowedIps;
  return allowed.includes("*") || allowed.includes(ip) || allowed.includes(ip.replace(/^::ffff:/, ""));
}

/** Reads and drops what is left of a request body (at most its Content-Length). */
function drain(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    if (req.complete) return resolve();
    req.on("data", () => {});
    req.once("end", resolve);
    req.once("error", () => resolve());
    req.once("close", resolve);
  });
}

/** Sends a JSON reply; a refused call's body is not kept. */
async function reply(req: IncomingMessage, res: ServerResponse, status: number, data: unknown, headers: Record<string, string> = {}): Promise<void> {
  if (status >= 400 && !req.complete) {
    // A small body with a Content-Length is read and dropped so the client gets its answer on a
    // clean connection; any other is not read at all: the answer goes out at once and the
    // connection is closed (a client still sending may see a reset).
    const declared = req.headers["content-length"] === undefined ? Number.NaN : Number(req.headers["content-length"]);
    if (declared <= MAX_CONTROL_BODY_BYTES && req.headers["transfer-encoding"] === undefined) await drain(req);
    else res.setHeader("Connection", "close");
  }
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  send(res, status, "application/json; charset=utf-8", JSON.stringify(data));
}

/** The method, the token and the declared size (from the request head only), then the body. */
async function admittedBody(emu: ControlHost, req: IncomingMessage, path: string): Promise<ControlBody> {
  checkMethod(path, req.method);
  const token = bearer(req);
  if (token === undefined || !sameSecret(token, emu.controlToken)) {
    throw new ControlError(401, "control API: send the emulator's control token as Authorization: Bearer <controlToken>");
  }
  const declared = Number(req.headers["content-length"] ?? 0);
  if (!(declared <= MAX_CONTROL_BODY_BYTES)) throw new ControlError(413, `body: request body larger than ${MAX_CONTROL_BODY_BYTES} bytes`);
  return await readControlBody(req);
}

export async function handleControl(emu: ControlHost, req: IncomingMessage, res: ServerResponse, segments: string[]): Promise<void> {
  const ip = (req.socket.remoteAddress ?? "").replace(/^::ffff:/, "");
  // Everything up to the body read looks at the request line and headers only.
  if (!controlAddressAllowed(emu, ip))
    return await reply(req, res, 403, { ok: false, error: `control API: the address ${ip} is not allowed (emulator option allowedIps)` });
  try {
    emu.access.admitControl(ip);
  } catch (err) {
    if (!(err instanceof ApiFault)) throw err;
    const retry = { "Retry-After": String(emu.access.limits.blockSeconds) };
    return await reply(req, res, 429, { ok: false, error: `control API: ${err.messages[0]}`, errorCode: err.code }, retry);
  }
  let failed = true;
  try {
    const path = segments.join("/");
    const body = await admittedBody(emu, req, path);
    const route = controlRoute(path);
    if (!route) throw new ControlError(404, `unknown control path /_emulator/${path}`);
    const result = await route.handler(emu, body, route.path);
    failed = false;
    await reply(req, res, 200, result);
  } catch (err) {
    if (err instanceof ControlError) return await reply(req, res, err.status, { ok: false, error: err.message });
    if (err instanceof Error && /^seed /.test(err.message)) return await reply(req, res, 400, { ok: false, error: err.message });
    throw err;
  } finally {
    emu.access.finishControl(ip, failed);
  }
}
