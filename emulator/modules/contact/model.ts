/**
 * Placeholder with the contract other modules rely on; the contact module's helper implements it
 * (keeping these exported names and signatures).
 */
import type { AccountState, World } from "../../core/state";

export interface ContactRecord {
  contactID: string;
  [k: string]: unknown;
}

/** Contact data without prefix, as contact/create takes it (fields.ts contactFields()). */
export interface ContactData {
  Type: "individual" | "organization";
  FirstName: string;
  LastName: string;
  OrgName?: string;
  IdentNumber: string;
  Email: string;
  Phone: string;
  Address: string;
  PostalCode: string;
  City: string;
  State: string;
  Country: string;
}

/** Creates and stores a contact (used by contact/create and by domain CONTACTS given as data). */
export function createContact(_world: World, _account: AccountState, _data: ContactData, _nowMs: number): ContactRecord {
  throw new Error("contact model not implemented yet");
}

/** The stored contact or fault 3001. */
export function getContact(_account: AccountState, _contactID: string): ContactRecord {
  throw new Error("contact model not implemented yet");
}

/** The spec's Contact object for API responses (contact/getinfo, domain/getinfo infoType=contact). */
export function contactView(_contact: ContactRecord): Record<string, unknown> {
  throw new Error("contact model not implemented yet");
}
