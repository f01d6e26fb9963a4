import { z } from "zod";

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

/**
 * A zod field from a rule function that normalises a string or throws RuleError: the rule's
 * message becomes the field's issue (`required` when the value is not a string at all).
 */
export const ruleField = <T>(required: string, normalise: (value: string) => T) =>
  z.string({ error: required }).transform((value, ctx): T => {
    try {
      return normalise(value);
    } catch (e) {
      if (!(e instanceof RuleError)) throw e;
      ctx.addIssue({ code: "custom", message: e.rule });
      return z.NEVER;
    }
  });
