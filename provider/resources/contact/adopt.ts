/** Contact in an exported program (core/descriptor.ts `adopt`): adopted by its id alone, the API changes no contact data in place. */
import { type Adoption, type ExportPlace, text } from "../../core/adoption";
import type { ContactSnapshot } from "./discover";

export function adoptContact(c: ContactSnapshot): Adoption {
  return {
    name: { parts: ["contact", c.contactId], identity: c.contactId },
    args: { contactId: c.contactId },
    comment: `${c.name} <${c.email}>, ${c.country}`,
  };
}

export const contactExportPlace: ExportPlace = {
  heading: { id: "contacts", lines: () => ["", text`---- Contacts (adopted by id: the API changes no contact data in place) ----`] },
};
