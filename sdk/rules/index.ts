/**
 * The rule library: every validation and normalisation rule of names and values, in one place.
 * The catalogue's parameter schemas, the emulator's handlers and the provider's input schemas are
 * built from it, so a rule is fixed once for all three. Plain functions (is..., ...Problem,
 * normalise...), the constants they read, and the zod fields built on them (...Field, and the
 * catalogue's coercing fields).
 */
export * from "./dns-capabilities";
export * from "./dns-records";
export * from "./dns-values";
export * from "./domain";
export * from "./host";
export * from "./hosting";
export * from "./idn";
export * from "./ip";
export * from "./rule-error";
