/** contact module handlers (spec "contact module"); state and rules live in model.ts. */
import type { ModuleHandlers } from "../../core/context";
import { paginate } from "../../core/paging";
import { type ContactRecord, contactName, contactSummary, contactView, createContact, getContact, resendVerification } from "./model";

/** Case-insensitive substring test. */
const has = (haystack: string, needle: string) => haystack.toLowerCase().includes(needle.toLowerCase());

export const handlers: ModuleHandlers<"contact"> = {
  create(ctx, p) {
    const c = createContact(ctx.world, ctx.account, p, ctx.clock.nowMs(), { verificationSec: ctx.clock.delays.contactVerificationSec });
    ctx.messages.push(`Contact ${c.contactID} created; a verification e-mail was sent to ${c.email}.`);
    return contactView(c);
  },

  /**
   * Filters (spec lists them without their matching rules; choices): name and email are
   * case-insensitive substrings (name searches first name, last name, "First Last" and the
   * organization); country, identNumber, verificationstatus and daaccepted match exactly
   * (identNumber ignoring case). Order: creation order.
   */
  list(ctx, p) {
    const matches = (c: ContactRecord) =>
      (p.name === undefined || [c.firstName, c.lastName, `${c.firstName} ${c.lastName}`, c.orgName, contactName(c)].some((s) => has(s, p.name as string))) &&
      (p.email === undefined || has(c.email, p.email)) &&
      (p.country === undefined || c.country === p.country) &&
      (p.identNumber === undefined || c.identNumber.toLowerCase() === p.identNumber.toLowerCase()) &&
      (p.verificationstatus === undefined || c.verificationstatus === p.verificationstatus) &&
      (p.daaccepted === undefined || c.daaccepted === p.daaccepted);
    const all = Object.values(ctx.account.contacts)
      .filter(matches)
      .sort((a, b) => a.tsCreateMs - b.tsCreateMs);
    const { queryInfo, items } = paginate(all, p.page, p.pageLength);
    return { queryInfo, contacts: items.map((c) => ({ ...contactSummary(c), daaccepted: c.daaccepted })) };
  },

  getinfo(ctx, p) {
    return contactView(getContact(ctx.account, p.contactID));
  },

  resendverificationmail(ctx, p) {
    const c = getContact(ctx.account, p.contactID);
    resendVerification(c, ctx.clock.nowMs(), ctx.clock.delays.contactVerificationSec);
    ctx.messages.push(
      c.verificationstatus === "inprocess"
        ? `Verification e-mail sent again to ${c.email}.`
        : `Contact ${c.contactID} is ${c.verificationstatus}: no verification e-mail is needed.`,
    );
    return contactSummary(c);
  },
};
