/**
 * Mail addresses of a service (MailBox and MailAlias names). The API takes a local part or a full
 * address under the service's domain and answers the full address `<local>@<service name>`
 * (emulator `mailAddress`; catalogue `mailName`: lower case, letters, digits and . _ + -).
 */
import { z } from "zod";
import { domainForms, mailLocalPartProblem } from "../../sdk/rules";
import type { serviceNameField } from "./service-entities";

/**
 * The local part and the full address the API will answer, or an issue at `name`. The API is sent
 * only the local part: the domain is the service's own, so IDN services work as well.
 */
export function mailAddress(serviceName: string, raw: string, ctx: z.RefinementCtx): { local: string; address: string } | undefined {
  const name = raw.trim().toLowerCase();
  const at = name.lastIndexOf("@");
  const local = at < 0 ? name : name.slice(0, at);
  if (at >= 0) {
    let domain: string | undefined;
    try {
      domain = domainForms(name.slice(at + 1)).unicode;
    } catch {
      domain = undefined;
    }
    if (domain !== serviceName) {
      ctx.addIssue({
        code: "custom",
        path: ["name"],
        message: `"${raw}" is not under the service's domain ${serviceName}: give the local part ("info") or an address @${serviceName}`,
      });
      return undefined;
    }
  }
  const problem = mailLocalPartProblem(local);
  if (problem) {
    ctx.addIssue({ code: "custom", path: ["name"], message: `"${raw}": ${problem}` });
    return undefined;
  }
  return { local, address: `${local}@${serviceName}` };
}

/** A mail entity's `name` input; `example` is the local part the error for a missing name shows. */
export const mailNameInput = (example: string) => z.string({ error: `required: the local part ("${example}") or the full address under the service's domain` });

/**
 * The inputs of a mail entity of a service (MailBox, MailAlias): its fields (`serviceName`, `name`,
 * its own, `adopt`: schema.ts, each documented there), checked strictly; `name` comes out as the
 * full address the API answers.
 */
export function mailEntityInputs<F extends { serviceName: typeof serviceNameField; name: z.ZodString } & z.ZodRawShape>(fields: F) {
  return z
    .object(fields)
    .strict()
    .transform((v, ctx) => {
      // The fields are generic here: TypeScript cannot see the two the object always has.
      const { serviceName, name } = v as { serviceName: string; name: string };
      const address = mailAddress(serviceName, name, ctx);
      if (!address) return z.NEVER;
      return { ...v, name: address.address };
    });
}

/** The local part of an address the API answered (what create is sent). */
export function localPart(address: string): string {
  const at = address.lastIndexOf("@");
  return at < 0 ? address : address.slice(0, at);
}
