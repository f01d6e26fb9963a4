/**
 * Rendering envelopes: JSON by default, XML with output-format=xml (sdk/core/xml.ts), pretty layout
 * with output-pretty (spec "Common request parameters"). Every envelope is HTTP 200
 * (facts.md "Responses and errors"), with Content-Length (no chunking).
 */
import type { ServerResponse } from "node:http";
import { encodeXml } from "../../sdk/core/xml";
import type { Envelope } from "../core/dispatch";

export type OutputFormat = "json" | "xml";

/** true for the boolean spellings clients send (facts.md "Booleans"); empty means not given. */
export function truthy(v: string | undefined): boolean {
  return v !== undefined && /^(1|true|yes|on)$/i.test(v.trim());
}

/** Output options from the wire parameters; an unknown output-format falls back to JSON. */
export function outputOf(params: Record<string, string>): { format: OutputFormat; pretty: boolean } {
  const format = (params["output-format"] ?? "").trim().toLowerCase() === "xml" ? "xml" : "json";
  return { format, pretty: truthy(params["output-pretty"]) };
}

export function renderEnvelope(env: Envelope, format: OutputFormat, pretty: boolean): { contentType: string; body: string } {
  if (format === "xml") return { contentType: "text/xml; charset=utf-8", body: encodeXml(env as unknown as Record<string, unknown>, pretty) };
  return { contentType: "application/json; charset=utf-8", body: pretty ? JSON.stringify(env, null, 4) : JSON.stringify(env) };
}

/** Sends a complete body with Content-Length (never chunked: ddclient 3.x, facts.md "Dynamic DNS"). */
export function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  const buf = Buffer.from(body, "utf8");
  res.writeHead(status, { "Content-Type": contentType, "Content-Length": String(buf.length) });
  res.end(buf);
}
