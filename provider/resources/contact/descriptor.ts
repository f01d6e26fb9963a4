/** Contact: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { discoverContacts } from "./discover";
import { contactDefinition } from "./definition";
import { adoptContact, contactExportPlace } from "./adopt";

export const contactDescriptor: ResourceDescriptor = {
  type: "Contact",
  folder: "contact",
  description: "A reusable domain contact (contact/create). Any change replaces; destroy forgets it.",
  definition: contactDefinition,
  // Loaded on first use: the class needs @pulumi/pulumi, which the export, the review and the docs do not.
  get resource() {
    return (require("./resource") as typeof import("./resource")).Contact;
  },
  idFormat: "contactID, e.g. `LOV-20001`",
  lifecycle: {
    inPlace: "nothing (the API has no contact update)",
    replaces: "any input",
    destroy: "forgets it with a warning (the API has no contact delete)",
  },
  discover: { scope: "account", key: "contacts", read: discoverContacts },
  adopt: adoptContact,
  exportPlace: contactExportPlace,
  docs: {
    contactType: "individual or organization.",
    firstName: "First name (of the contact person, for an organization).",
    lastName: "Last name.",
    orgName: "Required for organizations, refused for individuals.",
    identNumber: "Tax, VAT, passport or ID number.",
    email: "Email address.",
    phone: "+CC.NUMBER, e.g. +34.931234567.",
    address: "Street address.",
    postalCode: "Postal code.",
    city: "City.",
    state: "State, province or region.",
    country: "Two-letter country code.",
    contactId: "Adopt an existing contact of the account instead of creating one (then leave out the data).",
  },
  outputDocs: {
    contactId: "The API's contactID, e.g. ABC-12345.",
    verificationStatus: 'verified, notapplicable, inprocess or failed (spec "States and transitions").',
    daAccepted: 'Designated agent accepted (spec "Contact").',
  },
};
