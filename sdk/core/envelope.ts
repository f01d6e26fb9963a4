/**
 * Reply body -> envelope -> typed responseData. `success` decides, never the HTTP status
 * (facts.md "Responses and errors": failures arrive as HTTP 200). JSON and XML replies are told
 * apart by their first character, not by Content-Type, which the spec does not fix.
 */
import type { Operation } from "../catalogue";
import { type ApiEnvelope, DonDominioApiError, DonDominioResponseShapeError } from "./errors";
import { decodeXml } from "./xml";

function asBool(v: unknown): boolean | undefined {
  if (typeof v === "boolean") return v;
  if (v === 1 || v === "1" || v === "true") return true;
  if (v === 0 || v === "0" || v === "false" || v === "") return false;
  return undefined;
}

function asMessages(v: unknown): string[] {
  if (v === undefined || v === null || v === "") return [];
  if (Array.isArray(v)) return v.map((m) => (typeof m === "string" ? m : JSON.stringify(m)));
  return [String(v)];
}

/** Parses the raw body; throws DonDominioResponseShapeError when it is not an envelope. */
export function parseEnvelope(body: string, operation: string): ApiEnvelope {
  const head = body[0] === "{" || body[0] === "<" ? body[0] : body.trimStart()[0];
  let raw: Record<string, unknown>;
  try {
    if (head === "{") raw = JSON.parse(body) as Record<string, unknown>;
    else if (head === "<") raw = decodeXml(body);
    else throw new Error("neither JSON nor XML");
  } catch {
    // The body itself is not quoted: an HTML error page could be long and is of no use here.
    throw new DonDominioResponseShapeError(operation, `the reply is not a JSON or XML envelope (${body.length} bytes)`);
  }
  const success = asBool(raw.success);
  const errorCode = Number(raw.errorCode ?? (success ? 0 : Number.NaN));
  if (success === undefined || !Number.isInteger(errorCode)) {
    throw new DonDominioResponseShapeError(operation, "the reply has no boolean success and integer errorCode");
  }
  return {
    success,
    errorCode,
    errorCodeMsg: typeof raw.errorCodeMsg === "string" ? raw.errorCodeMsg : "",
    action: typeof raw.action === "string" ? raw.action : operation,
    version: raw.version === undefined ? "" : String(raw.version),
    messages: asMessages(raw.messages),
    responseData: raw.responseData,
  };
}

/**
 * responseData checked against the operation's response schema. Empty containers are ambiguous
 * across formats (XML renders [] and {} as an empty element, PHP json-encodes an empty array for
 * "nothing"), so "", [] and {} are each tried as {} and [] as well. A mismatch names the member and
 * the rule, never the value (which may be a secret such as an authcode).
 */
export function parseResult(op: Operation, data: unknown): unknown {
  const empty =
    data === "" ||
    data === undefined ||
    data === null ||
    (Array.isArray(data) && data.length === 0) ||
    (typeof data === "object" && data !== null && Object.keys(data).length === 0);
  const candidates = empty ? [data, {}, []] : [data];
  let first: ReturnType<typeof op.response.safeParse> | undefined;
  for (const c of candidates) {
    const r = op.response.safeParse(c);
    if (r.success) return r.data;
    first ??= r;
  }
  const issues = first && !first.success ? first.error.issues : [];
  const problems = issues.slice(0, 10).map((i) => `${["responseData", ...i.path.map(String)].join(".")}: ${i.message}`);
  throw new DonDominioResponseShapeError(op.name, "responseData does not match the catalogue's response schema", problems);
}

/** Envelope -> result, or the DonDominioApiError that success=false means. */
export function resultOf(op: Operation, env: ApiEnvelope): unknown {
  if (!env.success) throw new DonDominioApiError(env, op.name);
  return parseResult(op, env.responseData);
}
