/** getContact: one contact of the account (contact/getinfo), as a function descriptor (provider/core/function.ts). */
import { defineFunction, missing } from "../../core/function";
import { argDocs, resultDocs } from "./field-docs";
import { getContactArgs, getContactResult } from "./schema";

export const getContactDescriptor = defineFunction({
  name: "getContact",
  folder: "get-contact",
  description: "One contact of the account by its id: its data and verification status. Fails naming the contact when the account has no such contact.",
  args: getContactArgs,
  result: getContactResult,
  docs: { args: argDocs, result: resultDocs },
  calls: "one `contact/getinfo`",
  example: {
    typescript: `const owner = await getContact({ contactId: "LOV-20001" });
return { verified: owner.verificationStatus === "verified" };`,
    yaml: { variable: "owner", arguments: { contactId: "LOV-20001" } },
  },
  async run(api, { contactId }) {
    const c = await missing(`contact ${contactId}`, "contact/getinfo", api.call("contact/getinfo", { contactID: contactId }));
    return {
      contactId: c.contactID,
      contactType: c.contactType,
      firstName: c.firstName,
      lastName: c.lastName,
      orgName: c.orgName || undefined,
      identNumber: c.identNumber,
      email: c.email,
      phone: c.phone,
      address: c.address,
      postalCode: c.postalCode,
      city: c.city,
      state: c.state,
      country: c.country,
      verificationStatus: c.verificationstatus,
      daAccepted: c.daaccepted,
    };
  },
});
