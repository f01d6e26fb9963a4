/**
 * The rule library: every validation and normalisation rule of names and values, in one place.
 * The catalogue's parameter schemas, the emulator's handlers and the provider's input schemas are
 * built from it, so a rule is fixed once for all three. Plain functions (is..., ...Problem,
 * normalise...), the constants they read, and the zod fields built on them (...Field, and the
 * catalogue's coercing fields).
 */
export * from "./cert-names";
export * from "./cname-alone";
export * from "./contact-data";
export * from "./countries";
export * from "./csr-key";
export * from "./dns-capabilities";
export * from "./dns-meaning";
export * from "./dns-records";
export * from "./dns-values";
export * from "./dnssec";
export * from "./domain";
export * from "./epp-contact";
export * from "./es-identity";
export * from "./host";
export * from "./hosting";
export * from "./idn";
export * from "./idn-policy";
export * from "./ip";
export * from "./loops";
export * from "./mail-auth";
export * from "./mail-syntax";
export * from "./phone";
export * from "./php";
export * from "./postal-code";
export * from "./rule-error";
export * from "./special-use";
export * from "./tld-eligibility";
export * from "./url";
