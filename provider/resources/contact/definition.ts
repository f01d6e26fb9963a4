/** Contact CRUD on normalised values (the frame in provider/core/frame.ts does the rest). */
import { isGone, onceWithLookup } from "../../core/errors";
import type { ResourceDefinition } from "../../core/frame";
import { warn } from "../../core/log";
import { contactFacts } from "./facts";
import { contactStateFromApi, contactToApi } from "./mapping";
import { CONTACT_REPLACE_ON, type ContactInputs, type ContactState, contactInputs, contactWarnings, contactObjects } from "./schema";

function label(c: Partial<ContactInputs & ContactState>): string {
  const name = c.contactType === "organization" && c.orgName ? c.orgName : [c.firstName, c.lastName].filter(Boolean).join(" ");
  return c.contactId ? `${c.contactId}${name ? ` (${name})` : ""}` : name || "(unnamed)";
}

function warnVerification(s: ContactState): void {
  if (s.verificationStatus === "failed") warn(`Contact ${label(s)}: verification status is failed; domains using it as owner may refuse changes (error 2210)`);
}

export const contactDefinition: ResourceDefinition<ContactInputs, ContactState> = {
  type: "Contact",
  inputs: contactInputs,
  replaceOn: CONTACT_REPLACE_ON,
  objectClaims: contactObjects,
  label,
  checkFacts: contactFacts,
  // A new contact's data that works but is likely wrong (schema.ts contactWarnings).
  checkWarnings: async (olds, news) => (olds === undefined ? contactWarnings(news) : []),

  async create(ctx, inputs) {
    if (inputs.contactId !== undefined) {
      // Adopt: the contact must exist; nothing is created.
      const c = await ctx.api.call("contact/getinfo", { contactID: inputs.contactId });
      const state = contactStateFromApi(c, inputs);
      warnVerification(state);
      return { id: state.contactId, outs: state };
    }
    const params = contactToApi(inputs);
    const c = await onceWithLookup(
      () => ctx.api.call("contact/create", params),
      // An ambiguous failure: a contact with the same identity number and e-mail is the one we sent.
      async () => {
        const list = await ctx.api.call("contact/list", { identNumber: inputs.identNumber, email: inputs.email });
        // The newest first: ids are <PREFIX>-<number>.
        const ids = list.contacts.map((x) => x.contactID).sort((a, b) => Number(b.split("-")[1]) - Number(a.split("-")[1]));
        return ids.length ? await ctx.api.call("contact/getinfo", { contactID: ids[0] }) : undefined;
      },
    );
    const state = contactStateFromApi(c, inputs);
    return { id: state.contactId, outs: state };
  },

  async read(ctx, id, state) {
    try {
      const c = await ctx.api.call("contact/getinfo", { contactID: id });
      const live = contactStateFromApi(c, state);
      warnVerification(live);
      return live;
    } catch (err) {
      if (isGone(err)) return undefined;
      throw err;
    }
  },

  async update(_ctx, _id, olds, news) {
    // Only reached when nothing the API stores changed (every data field replaces).
    return { ...olds, ...news };
  },

  async delete(_ctx, id, state) {
    warn(`Contact ${label({ ...state, contactId: id })}: the API has no contact delete; removed from the stack, it stays in the account`);
  },
};
