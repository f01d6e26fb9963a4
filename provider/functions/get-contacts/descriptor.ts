/** getContacts: the account's contacts (contact/list, every page), as a function descriptor (provider/core/function.ts). */
import { defineFunction } from "../../core/function";
import { argDocs, resultDocs } from "./field-docs";
import { getContactsArgs, getContactsResult } from "./schema";

export const getContactsDescriptor = defineFunction({
  name: "getContacts",
  folder: "get-contacts",
  description:
    "The account's contacts, every page of them, filtered as the API filters (name, e-mail, country, identification number, verification status, designated agent): to find a contact's id.",
  args: getContactsArgs,
  result: getContactsResult,
  docs: { args: argDocs, result: resultDocs },
  calls: "one `contact/list` per 1000 contacts (at least one)",
  example: {
    typescript: `const { contacts } = await getContacts({ email: "ada@example.com" });
return { adaId: contacts[0]?.contactId };`,
    yaml: { variable: "ada", arguments: { email: "ada@example.com" }, return: "contacts" },
  },
  async run(api, f) {
    const items = await api.listAll("contact/list", {
      name: f.name,
      email: f.email,
      country: f.country,
      identNumber: f.identNumber,
      verificationstatus: f.verificationStatus,
      daaccepted: f.daAccepted,
      pageLength: 1000,
    });
    return {
      contacts: items.map((c) => ({
        contactId: c.contactID,
        contactType: c.contactType,
        contactName: c.contactName,
        identNumber: c.identNumber,
        email: c.email,
        country: c.country,
        verificationStatus: c.verificationstatus,
        daAccepted: c.daaccepted,
      })),
    };
  },
});
