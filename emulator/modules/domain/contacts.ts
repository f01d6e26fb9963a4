/**
 * The CONTACTS block (spec "domain module"): each role by <role>ContactID or by the full data set,
 * which creates a contact (contact module contract). Admin defaults to the owner, tech and billing
 * to the admin (spec).
 */
import { CONTACT_FIELDS, ROLES, type Role } from "../../../sdk/catalogue/fields";
import type { HandlerContext } from "../../core/context";
import { type ContactData, contactView, createContact, getContact } from "../contact/model";
import type { DomainRecord } from "./model";

type Given = Partial<Record<Role, string>>;

/** Checks every <role>ContactID given (3001 when unknown) before anything is charged or created. */
export function checkContactIds(ctx: HandlerContext, p: Record<string, unknown>): void {
  for (const role of ROLES) {
    const id = p[`${role}ContactID`];
    if (typeof id === "string") getContact(ctx.account, id);
  }
}

/** The contact ID each role given in `p` resolves to; data creates a contact, IDs must exist (3001). */
export function resolveGiven(ctx: HandlerContext, p: Record<string, unknown>): Given {
  checkContactIds(ctx, p);
  const out: Given = {};
  const byData = new Map<string, string>();
  for (const role of ROLES) {
    const id = p[`${role}ContactID`];
    if (typeof id === "string") {
      out[role] = id;
      continue;
    }
    if (p[`${role}ContactType`] === undefined) continue;
    const data: Record<string, unknown> = {};
    for (const f of CONTACT_FIELDS) if (p[`${role}Contact${f}`] !== undefined) data[f] = p[`${role}Contact${f}`];
    // The same data for several roles (a common client habit) makes one contact, not several.
    const key = JSON.stringify(data);
    const existing = byData.get(key);
    if (existing) {
      out[role] = existing;
      continue;
    }
    const created = createContact(ctx.world, ctx.account, data as unknown as ContactData, ctx.clock.nowMs(), {
      verificationSec: ctx.clock.delays.contactVerificationSec,
    });
    byData.set(key, created.contactID);
    out[role] = created.contactID;
  }
  return out;
}

/** All four roles for a new domain (owner is required by the catalogue on create/transfer). */
export function resolveAll(ctx: HandlerContext, p: Record<string, unknown>): DomainRecord["contacts"] {
  const g = resolveGiven(ctx, p);
  const owner = g.owner as string;
  const admin = g.admin ?? owner;
  const tech = g.tech ?? admin;
  const billing = g.billing ?? admin;
  return { owner, admin, tech, billing };
}

/**
 * Runs `pay` after the contacts are resolved; when it fails (1100), the contacts that this call
 * created from data are removed again, so a refused order leaves no trace.
 */
export function withContacts<T>(ctx: HandlerContext, p: Record<string, unknown>, pay: () => T): { contacts: DomainRecord["contacts"]; paid: T } {
  const before = new Set(Object.keys(ctx.account.contacts));
  const contacts = resolveAll(ctx, p);
  try {
    return { contacts, paid: pay() };
  } catch (err) {
    for (const id of Object.keys(ctx.account.contacts)) if (!before.has(id)) delete ctx.account.contacts[id];
    throw err;
  }
}

/** The owner's type for TLD rules, from the data or the stored contact. */
export function ownerTypeOf(ctx: HandlerContext, ownerID: string): string {
  const v = contactView(getContact(ctx.account, ownerID));
  return String(v.contactType ?? "");
}

/** The owner's type, country and identity number, from the stored contact or the data sent (TLD eligibility rules). */
export function ownerFactsOf(ctx: HandlerContext, p: Record<string, unknown>): { contactType?: string; country?: string; identNumber?: string } {
  if (typeof p.ownerContactID === "string") {
    const v = contactView(getContact(ctx.account, p.ownerContactID));
    return { contactType: String(v.contactType ?? ""), country: String(v.country ?? ""), identNumber: String(v.identNumber ?? "") };
  }
  const text = (k: string) => (typeof p[k] === "string" ? (p[k] as string) : undefined);
  return { contactType: text("ownerContactType"), country: text("ownerContactCountry"), identNumber: text("ownerContactIdentNumber") };
}

/** Owner verification status shown on the domain (spec Domain: ownerverification). */
export function ownerVerification(ctx: HandlerContext, d: DomainRecord): string {
  try {
    return String(contactView(getContact(ctx.account, d.contacts.owner)).verificationstatus ?? "");
  } catch {
    return "";
  }
}

/** Contact objects for getinfo infoType=contact; .es domains add esNicHandle (spec Contact). */
export function contactsView(ctx: HandlerContext, d: DomainRecord): Record<string, Record<string, unknown>> {
  const view = (id: string) => {
    const v = { ...contactView(getContact(ctx.account, id)) };
    if (d.tld === "es" || d.tld.endsWith(".es")) v.esNicHandle = `ESNIC-${id.replace(/\D/g, "")}`;
    return v;
  };
  return {
    contactOwner: view(d.contacts.owner),
    contactAdmin: view(d.contacts.admin),
    contactTech: view(d.contacts.tech),
    contactBilling: view(d.contacts.billing),
  };
}
