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

/**
 * The codes by name (facts.md "Responses and errors"), for code that answers or compares them: the
 * emulator throws `fault(ErrorCode.DOMAIN_NOT_FOUND, ...)`, a caller may test
 * `err.code === ErrorCode.INSUFFICIENT_BALANCE`. Every code of ERROR_CODES has a name here and every
 * name is a code of ERROR_CODES (tests/emulator/error-codes.test.ts), SUCCESS aside. Codes the vendor
 * gives one meaning under several numbers carry the number in their name; which limit each of
 * 1010-1013 answers is the emulator's reading (emulator/README.md "Access rules").
 */
export const ErrorCode = {
  /** errorCode of a successful reply (no error). */
  SUCCESS: 0,
  UNDEFINED: 1,
  SYNTAX_ERROR: 100,
  PARAMETER_FAULT: 101,
  INVALID_OBJECT_ACTION: 102,
  OBJECT_ACTION_NOT_ALLOWED: 103,
  NOT_IMPLEMENTED: 104,
  INVALID_PARAMETER: 105,
  LOGIN_REQUIRED: 200,
  LOGIN_INVALID: 201,
  SESSION_INVALID: 210,
  ACTION_NOT_ALLOWED: 300,
  ACCOUNT_BLOCKED: 1000,
  ACCOUNT_DELETED: 1001,
  ACCOUNT_INACTIVE: 1002,
  ACCOUNT_NOT_EXISTS: 1003,
  ACCOUNT_INVALID_PASS: 1004,
  ACCOUNT_INVALID_PASS_1005: 1005,
  ACCOUNT_BLOCKED_1006: 1006,
  ACCOUNT_FILTERED: 1007,
  ACCOUNT_INVALID_PASS_1009: 1009,
  /** Account blocked: too many simultaneous requests. */
  BLOCKED_CONCURRENCY: 1010,
  /** Account blocked: too many operations per minute. */
  BLOCKED_OPERATIONS_RATE: 1011,
  /** Account blocked: too many failed operations (or logins) per minute. */
  BLOCKED_ERRORS_RATE: 1012,
  /** Account blocked: mass availability checks. */
  BLOCKED_MASS_CHECKS: 1013,
  ACCOUNT_FILTERED_1014: 1014,
  ACCOUNT_BANNED: 1030,
  INSUFFICIENT_BALANCE: 1100,
  INVALID_DOMAIN_NAME: 2001,
  TLD_NOT_SUPPORTED: 2002,
  TLD_IN_MAINTENANCE: 2003,
  DOMAIN_CHECK_ERROR: 2004,
  DOMAIN_TRANSFER_NOT_ALLOWED: 2005,
  DOMAIN_WHOIS_NOT_ALLOWED: 2006,
  DOMAIN_WHOIS_ERROR: 2007,
  DOMAIN_NOT_FOUND: 2008,
  DOMAIN_CREATE_ERROR: 2009,
  DOMAIN_TAKEN: 2010,
  DOMAIN_PREMIUM: 2011,
  DOMAIN_TRANSFER_ERROR: 2012,
  DOMAIN_RENEW_ERROR: 2100,
  DOMAIN_RENEW_NOT_ALLOWED: 2101,
  DOMAIN_RENEW_BLOCKED: 2102,
  DOMAIN_UPDATE_ERROR: 2200,
  DOMAIN_UPDATE_NOT_ALLOWED: 2201,
  DOMAIN_UPDATE_BLOCKED: 2202,
  OWNER_VERIFICATION_REFUSED: 2210,
  CONTACT_NOT_EXISTS: 3001,
  CONTACT_DATA_ERROR: 3002,
  CONTACT_VERIFICATION_REFUSED: 3003,
  USER_NOT_EXISTS: 3500,
  USER_CREATE_ERROR: 3501,
  USER_UPDATE_ERROR: 3502,
  SERVICE_NOT_FOUND: 4001,
  ENTITY_NOT_FOUND: 4002,
  ENTITY_QUOTA_REACHED: 4003,
  ENTITY_CREATE_ERROR: 4004,
  ENTITY_UPDATE_ERROR: 4005,
  ENTITY_DELETE_ERROR: 4006,
  SERVICE_CREATE_ERROR: 4007,
  SERVICE_UPGRADE_ERROR: 4008,
  SERVICE_RENEW_ERROR: 4009,
  PARKING_NOTIFY_ERROR: 4010,
  SSL_ERROR: 5000,
  SSL_NOT_FOUND: 5001,
  WEBCONSTRUCTOR_ERROR: 10001,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
