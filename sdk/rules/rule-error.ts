/** A value a rule refuses: `field` is the input it came from, `rule` says what is wrong (never the secret value). */
export class RuleError extends Error {
  constructor(
    readonly field: string,
    readonly rule: string,
  ) {
    super(`${field}: ${rule}`);
    this.name = "RuleError";
  }
}
