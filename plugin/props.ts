/**
 * Property values between the engine's wire form (google.protobuf.Struct with Pulumi's signature
 * objects) and plain data: secrets are unwrapped on the way in (their top-level keys remembered)
 * and wrapped on the way out; an unknown (preview) stays the frame's UNKNOWN string.
 * Wire facts: Pulumi's sdk/proto "Signatures" (the 4dabf18193072939515e22adb298388d key).
 */
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { UNKNOWN } from "../provider/core/frame";

export const SIG = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

type Data = Record<string, any>;

function isSecret(v: unknown): v is { value: unknown } {
  return !!v && typeof v === "object" && (v as Data)[SIG] === SECRET_SIG;
}

function unwrap(v: unknown, onSecret: () => void): unknown {
  if (isSecret(v)) {
    onSecret();
    return unwrap(v.value, onSecret);
  }
  if (Array.isArray(v)) return v.map((x) => unwrap(x, onSecret));
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, unwrap(x, onSecret)]));
  return v;
}

/** Plain data from a request's Struct, and the top-level keys that held a secret anywhere inside. */
export function fromStruct(s: Struct | undefined): { data: Data; secrets: Set<string> } {
  const raw = (s?.toJavaScript() ?? {}) as Data;
  const data: Data = {};
  const secrets = new Set<string>();
  for (const [k, v] of Object.entries(raw)) data[k] = unwrap(v, () => secrets.add(k));
  return { data, secrets };
}

/** A Struct for a reply: the keys in `secret` wrapped as secrets, undefined left out. */
export function toStruct(data: Data, secret: Iterable<string> = []): Struct {
  const keys = new Set(secret);
  const out: Data = {};
  for (const [k, v] of Object.entries(data)) {
    if (v === undefined) continue;
    out[k] = keys.has(k) && v !== UNKNOWN ? { [SIG]: SECRET_SIG, value: v } : v;
  }
  return Struct.fromJavaScript(out);
}
