/**
 * Messages the provider hands to the engine, made printable (kept apart from errors.ts, which needs
 * money.ts, so that frame.ts can use it without an import cycle).
 */
import { safeMessage } from "../../sdk/core/errors";
/**
 * `text` as the provider may print it or hand it to the engine (which prints it to the terminal and
 * the CI log): one visible line, control characters and escape sequences escaped, private keys
 * masked (sdk/core/errors.ts safeMessage). API data and user values reach messages in many places
 * (a status, a live record, a zod message quoting the input); the provider's exits pass them here.
 */
export function printableText(text: string): string {
  return safeMessage(text);
}

/** `err` (made an Error) with its message, and the first line of its stack, made printable. */
export function printableError(err: unknown): Error {
  const e = err instanceof Error ? err : new Error(String(err));
  const before = e.message;
  const after = safeMessage(before);
  if (after === before) return e;
  const stack = typeof e.stack === "string" ? e.stack : undefined;
  e.message = after;
  const head = `${e.name}: ${before}`;
  if (stack?.startsWith(head)) e.stack = `${e.name}: ${after}${stack.slice(head.length)}`;
  return e;
}
