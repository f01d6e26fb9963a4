/**
 * The rule library: every validation and normalisation rule of names and values, in one place.
 * The catalogue's parameter schemas, the emulator's handlers and the provider's input schemas are
 * built from it, so a rule is fixed once for all three. Plain functions (is..., ...Problem,
 * normalise...), the constants they read, and the zod fields built on them (...Field, and the
 * catalogue's coercing fields).
 */
export * from "./cname-alone";
export * from "./dns-capabilities";
export * from "./dns-records";
export * from "./dns-values";
export * from "./csr-key";
export * from "./dnssec";
export * from "./domain";
export * from "./epp-contact";
export * from "./es-identity";
export * from "./host";
export * from "./hosting";
export * from "./idn";
export * from "./ip";
export * from "./mail-syntax";
export * from "./php";
export * from "./rule-error";
export * from "./tld-eligibility";
export * from "./url";
