/** Helpers for the emulator server tests: real HTTPS calls trusting the emulator's CA (no sdk client). */
import https from "node:https";
import { Agent, fetch, FormData } from "undici";
import type { RunningEmulator } from "../../emulator";
import { PERSON } from "../fixtures";

export type Encoding = "form" | "multipart" | "json";

export interface Reply {
  status: number;
  headers: Record<string, string>;
  text: string;
  json: any;
}

const agents = new WeakMap<RunningEmulator, Agent>();
export function agentOf(emu: RunningEmulator): Agent {
  let a = agents.get(emu);
  if (!a) {
    a = new Agent({ connect: { ca: emu.caCert } });
    agents.set(emu, a);
  }
  return a;
}

/** POSTs an API call; `path` is appended to the base URL verbatim (e.g. "/tool/hello/"). */
export async function post(
  emu: RunningEmulator,
  path: string,
  params: Record<string, string> = {},
  opts: { encoding?: Encoding; auth?: boolean; signal?: AbortSignal; base?: string } = {},
): Promise<Reply> {
  const all = opts.auth === false ? params : { apiuser: emu.apiUser, apipasswd: emu.apiPasswd, ...params };
  let body: string | FormData;
  const headers: Record<string, string> = {};
  if (opts.encoding === "multipart") {
    body = new FormData();
    for (const [k, v] of Object.entries(all)) body.append(k, v);
  } else if (opts.encoding === "json") {
    body = JSON.stringify(all);
    headers["content-type"] = "application/json";
  } else {
    body = new URLSearchParams(all).toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  const res = await fetch(`${opts.base ?? emu.url}${path}`, { method: "POST", body, headers, dispatcher: agentOf(emu), signal: opts.signal });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: Object.fromEntries(res.headers), text, json };
}

/** A raw HTTPS request (node:https) to inspect framing headers exactly as sent. */
export function rawRequest(
  url: string,
  ca: string,
  method: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method, ca, headers: { ...headers, ...(body ? { "content-length": String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** ASCII last name: some server tests compare raw bodies. */
export const person = { ...PERSON, LastName: "Garcia" };
