/** Placeholder: the contact module's helper replaces this file. */
export interface ContactRecord {
  contactID: string;
  [k: string]: unknown;
}
