/**
 * Turns a zod failure into messages that name the parameter and the rule. Shared by the client
 * (errors before any request is made) and the emulator (errors 101/105 in the envelope).
 */
import type { z } from "zod";

export interface ParamProblem {
  /** Parameter name (dotted path for nested values). */
  readonly param: string;
  /** True when the parameter is missing, false when present but invalid. */
  readonly missing: boolean;
  /** What is wrong, without the parameter ("is required", "must be ..."). */
  readonly rule: string;
  /** `<param>: <rule>`. */
  readonly message: string;
}

export function describeIssues(error: z.ZodError, input: Record<string, unknown>): ParamProblem[] {
  return error.issues.map((issue) => {
    const param = issue.path.map(String).join(".") || "(parameters)";
    const top = issue.path[0];
    // Missing = the top-level parameter is absent, whatever check tripped first (a preprocess
    // passes undefined on to an enum, which reports invalid_value rather than invalid_type).
    const missing = top !== undefined && issue.path.length === 1 && (input[String(top)] === undefined || input[String(top)] === "");
    const rule = missing && issue.code !== "custom" ? "is required" : issue.message;
    return { param, missing, rule, message: `${param}: ${rule}` };
  });
}
