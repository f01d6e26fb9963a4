/**
 * The shape of one catalogue entry. The catalogue (one file per API module beside this one) is the
 * single source of truth: the client (sdk/client.ts) and the emulator's API handler (emulator/http/api.ts)
 * are both built from it, so they cannot drift apart.
 *
 * Parameter schemas are *coercing*: they accept what a TypeScript caller passes (booleans, numbers,
 * string arrays) and what arrives on the wire (strings such as "1", "true", "a,b"), and output one
 * normalised value. The client validates the caller's input and form-encodes the output
 * (sdk/core/encoding.ts); the emulator validates the decoded form body with the same schema.
 * Response schemas are loose (unknown members pass through) and also coercing, because the XML
 * output format carries every scalar as text (sdk/core/xml.ts).
 */
import type { z } from "zod";

export type ModuleName = "tool" | "account" | "domain" | "contact" | "service" | "ssl";

export interface PagedSpec {
  /** Member of responseData holding the page's items (e.g. "domains"). */
  readonly itemsKey: string;
  /** Page size the API uses when pageLength is not sent (spec "Limits"). */
  readonly defaultPageLength: number;
}

/**
 * A documented shorthand of another operation. The emulator has no handler for it: its dispatcher
 * validates the call with the wrapper's own schema and runs the wrapped operation with `fixed`
 * added (emulator/core/dispatch.ts), answering under the wrapper's name.
 */
export interface WrapSpec {
  /** The operation this one is a documented shorthand of, e.g. "domain/getinfo". */
  readonly op: string;
  /** Parameters the wrapper fixes, e.g. { infoType: "authcode" }. */
  readonly fixed: Readonly<Record<string, string>>;
}

export interface OperationSpec<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  readonly summary: string;
  /** Parameters besides apiuser/apipasswd/output-format/output-pretty (added by the transport). */
  readonly params: P;
  /** Schema of responseData on success. */
  readonly response: R;
  /** Safe to resend after a transport failure or 5xx: reads, and writes whose repetition is a no-op. */
  readonly retrySafe: boolean;
  /** Spends the account's balance: never resent automatically (see sdk/core/retry.ts). */
  readonly spendsMoney: boolean;
  /**
   * Only reads: answered from state, changes nothing (implies retrySafe and not spendsMoney). The
   * emulator does not persist after these; a JSON and an XML client must get the same result.
   */
  readonly readOnly?: boolean;
  readonly paged?: PagedSpec;
  /** Parameter and response member names that hold secrets, beyond the global list in sdk/core/redact.ts. */
  readonly secrets?: readonly string[];
  readonly wraps?: WrapSpec;
  /** Other spellings real clients send, mapped to the canonical name (facts.md: productKey). */
  readonly aliases?: Readonly<Record<string, string>>;
}

export interface Operation<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> extends OperationSpec<P, R> {
  /** "module/action", exactly as the API's `action` envelope member. */
  readonly name: string;
  readonly module: ModuleName;
  readonly action: string;
}

/** Identity function that keeps literal types; every entry is declared through it. */
export function op<P extends z.ZodType, R extends z.ZodType>(spec: OperationSpec<P, R>): OperationSpec<P, R> {
  return spec;
}
