/** Contact: the resource as one value (provider/core/descriptor.ts), listed in provider/registry.ts; no @pulumi/pulumi. */
import type { ResourceDescriptor } from "../../core/descriptor";
import { discoverContacts } from "./discover";
import { contactDefinition } from "./definition";
import { adoptContact, contactExportPlace } from "./adopt";
// The doc of each field is its JSDoc in schema.ts; field-docs.ts is generated from it (scripts/gen-field-docs.ts).
import { inputDocs, outputDocs } from "./field-docs";
import { contactOutputs } from "./schema";

export const contactDescriptor: ResourceDescriptor = {
  type: "Contact",
  folder: "contact",
  description: "A reusable domain contact (contact/create). Any change replaces; destroy forgets it.",
  definition: contactDefinition,
  outputs: contactOutputs,
  idFormat: "contactID, e.g. `LOV-20001`",
  imports: { importable: true, entry: (c) => ({ id: c.contactId, name: [c.contactId] }) },
  lifecycle: {
    inPlace: "nothing (the API has no contact update)",
    replaces: "any input",
    destroy: "forgets it with a warning (the API has no contact delete)",
  },
  discover: { scope: "account", key: "contacts", read: discoverContacts },
  adopt: adoptContact,
  exportPlace: contactExportPlace,
  docs: inputDocs,
  outputDocs,
};
