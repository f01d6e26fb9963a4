/**
 * Mail addresses of a service (MailBox and MailAlias names). The API takes a local part or a full
 * address under the service's domain and answers the full address `<local>@<service name>`
 * (emulator `mailAddress`; catalogue `mailName`: lower case, letters, digits and . _ + -).
 */
import type { z } from "zod";
import { domainForms, isMailLocalPart, MAIL_LOCAL_RULE } from "../../sdk/rules";

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
      ctx.addIssue({ code: "custom", path: ["name"], message: `"${raw}" is not under the service's domain ${serviceName}: give the local part ("info") or an address @${serviceName}` });
      return undefined;
    }
  }
  if (!isMailLocalPart(local)) {
    ctx.addIssue({ code: "custom", path: ["name"], message: `"${raw}": ${MAIL_LOCAL_RULE}` });
    return undefined;
  }
  return { local, address: `${local}@${serviceName}` };
}

/** The local part of an address the API answered (what create is sent). */
export function localPart(address: string): string {
  const at = address.lastIndexOf("@");
  return at < 0 ? address : address.slice(0, at);
}
