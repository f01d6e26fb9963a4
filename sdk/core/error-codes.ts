/**
 * The API's error codes (facts.md "Responses and errors"; the spec lists none) and the groupings
 * callers branch on. Shared by the client (DonDominioApiError.kind) and the emulator (errorCodeMsg).
 */
export type ErrorKind =
  | "notFound" // facts.md "gone": 2008, 3001, 4001, 4002, 5001
  | "authentication" // credentials wrong: 200, 201, 1003, 1004, 1005, 1009
  | "blocked" // blocked/throttled: 1000, 1006, 1007, 1010-1014, 1030
  | "insufficientBalance" // 1100
  | "validation" // syntax and parameter faults: 100, 101, 105, 2001, 3002
  | "notAllowed" // the object refuses the change in its current state (blocks, locks, verification)
  | "quota" // 4003
  | "api"; // any other API error (unknown codes included)

/** Client-side failures that never reached a well-formed envelope. */
export type ClientErrorKind = "transport" | "responseShape" | "ambiguous";

interface CodeInfo {
  readonly msg: string;
  readonly kind: ErrorKind;
}

export const ERROR_CODES: Readonly<Record<number, CodeInfo>> = {
  1: { msg: "Undefined error", kind: "api" },
  100: { msg: "Syntax error", kind: "validation" },
  101: { msg: "Syntax error: Parameter fault", kind: "validation" },
  102: { msg: "Invalid object/action", kind: "api" },
  103: { msg: "Object/action not allowed", kind: "notAllowed" },
  104: { msg: "Object/action not implemented", kind: "api" },
  105: { msg: "Syntax error: Invalid parameter", kind: "validation" },
  200: { msg: "Login required", kind: "authentication" },
  201: { msg: "Login invalid", kind: "authentication" },
  210: { msg: "Session invalid", kind: "authentication" },
  300: { msg: "Action not allowed", kind: "notAllowed" },
  1000: { msg: "Account blocked", kind: "blocked" },
  1001: { msg: "Account deleted", kind: "authentication" },
  1002: { msg: "Account inactive", kind: "authentication" },
  1003: { msg: "Account not exists", kind: "authentication" },
  1004: { msg: "Account invalid pass", kind: "authentication" },
  1005: { msg: "Account invalid pass", kind: "authentication" },
  1006: { msg: "Account blocked", kind: "blocked" },
  1007: { msg: "Account filtered", kind: "blocked" },
  1009: { msg: "Account invalid pass", kind: "authentication" },
  1010: { msg: "Account blocked", kind: "blocked" },
  1011: { msg: "Account blocked", kind: "blocked" },
  1012: { msg: "Account blocked", kind: "blocked" },
  1013: { msg: "Account blocked", kind: "blocked" },
  1014: { msg: "Account filtered", kind: "blocked" },
  1030: { msg: "Account banned", kind: "blocked" },
  1100: { msg: "Insufficient balance", kind: "insufficientBalance" },
  2001: { msg: "Invalid domain name", kind: "validation" },
  2002: { msg: "TLD not supported", kind: "api" },
  2003: { msg: "TLD in maintenance", kind: "api" },
  2004: { msg: "Domain check error", kind: "api" },
  2005: { msg: "Domain transfer not allowed", kind: "notAllowed" },
  2006: { msg: "Domain whois not allowed", kind: "notAllowed" },
  2007: { msg: "Domain whois error", kind: "api" },
  2008: { msg: "Domain not found", kind: "notFound" },
  2009: { msg: "Domain create error", kind: "api" },
  2010: { msg: "Domain create error: Domain taken", kind: "api" },
  2011: { msg: "Domain create error: Domain premium", kind: "api" },
  2012: { msg: "Domain transfer error", kind: "api" },
  2100: { msg: "Domain renew error", kind: "api" },
  2101: { msg: "Domain renew not allowed", kind: "notAllowed" },
  2102: { msg: "Domain renew blocked", kind: "notAllowed" },
  2200: { msg: "Domain update error", kind: "api" },
  2201: { msg: "Domain update not allowed", kind: "notAllowed" },
  2202: { msg: "Domain update blocked", kind: "notAllowed" },
  2210: { msg: "Invalid operation due to owner contact data verification status", kind: "notAllowed" },
  3001: { msg: "Contact not exists", kind: "notFound" },
  3002: { msg: "Contact data error", kind: "validation" },
  3003: { msg: "Invalid operation due to contact data verification", kind: "notAllowed" },
  3500: { msg: "User not exists", kind: "notFound" },
  3501: { msg: "User creation error", kind: "api" },
  3502: { msg: "User update error", kind: "api" },
  4001: { msg: "Service not found", kind: "notFound" },
  4002: { msg: "Service entity not found", kind: "notFound" },
  4003: { msg: "Maximum amount of entities error", kind: "quota" },
  4004: { msg: "Failure to create the entity", kind: "api" },
  4005: { msg: "Failure to update an entity", kind: "api" },
  4006: { msg: "Failed to delete the entity", kind: "api" },
  4007: { msg: "Failed to create the service", kind: "api" },
  4008: { msg: "Failed to upgrade the service", kind: "api" },
  4009: { msg: "Failed to renew the service", kind: "api" },
  4010: { msg: "Failed to notify the parking system", kind: "api" },
  5000: { msg: "SSL error", kind: "api" },
  5001: { msg: "SSL certificate not found", kind: "notFound" },
  10001: { msg: "Webconstructor error", kind: "api" },
};

export function errorKind(code: number): ErrorKind {
  return ERROR_CODES[code]?.kind ?? "api";
}

export function errorCodeMsg(code: number): string {
  return ERROR_CODES[code]?.msg ?? "Undefined error";
}

/** facts.md "Useful groupings": codes that mean the object is gone. */
export const GONE_CODES: ReadonlySet<number> = new Set([2008, 3001, 4001, 4002, 5001]);
