/** Contact's live objects for `dondominio-export` (core/descriptor.ts `discover`): contact/list, once. */
import type { Api } from "../../core/client";
import type { AccountScope } from "../../core/discovery";

export interface ContactSnapshot {
  contactId: string;
  name: string;
  email: string;
  country: string;
}

export async function discoverContacts(api: Api, scope: AccountScope): Promise<ContactSnapshot[]> {
  if (scope.filtered) {
    scope.notes.push("contacts: not exported with --domain/--service (a contact may serve domains left out)");
    return [];
  }
  const list = await api.listAll("contact/list", {});
  const contacts = list
    .map((c) => ({ contactId: c.contactID, name: c.contactName, email: c.email, country: c.country }))
    .sort((a, b) => a.contactId.localeCompare(b.contactId));
  scope.say(`contacts: ${contacts.length}`);
  return contacts;
}
