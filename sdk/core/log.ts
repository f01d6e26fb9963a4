/**
 * Debug log: DONDOMINIO_DEBUG=1 writes one line per call to stderr with the action, the duration,
 * the outcome or error code, and the parameters with secrets masked (sdk/core/redact.ts). The
 * environment variable is read at each call so that it can be switched on in a running process.
 */
import { printable } from "./printable";
import { redact } from "./redact";

export interface CallLog {
  readonly operation: string;
  readonly durationMs: number;
  readonly outcome: string;
  readonly params?: Record<string, unknown>;
  readonly secrets?: readonly string[];
  readonly attempt?: number;
}

export function debugEnabled(): boolean {
  const v = process.env.DONDOMINIO_DEBUG;
  return v !== undefined && v !== "" && v !== "0" && v.toLowerCase() !== "false";
}

export function logCall(entry: CallLog): void {
  if (!debugEnabled()) return;
  const params = entry.params ? ` ${JSON.stringify(redact(entry.params, entry.secrets))}` : "";
  const attempt = entry.attempt && entry.attempt > 1 ? ` attempt=${entry.attempt}` : "";
  // One visible line: JSON leaves U+2028, C1 and bidi controls of the values as they are.
  process.stderr.write(`${printable(`[dondominio] ${entry.operation} ${entry.durationMs.toFixed(1)}ms ${entry.outcome}${attempt}${params}`)}\n`);
}
