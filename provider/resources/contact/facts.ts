/** Contact's check rules that need the API's own data (checkFacts; the shared rules and helpers: provider/money/preview-rules.ts). */
import type { FactFailure } from "../../money/preview-facts";
import { runFactRules } from "../../money/preview-facts";
import { changed, countryRule, type Olds } from "../../money/preview-rules";
import type { ContactInputs } from "./schema";

export function contactFacts(olds: Olds<ContactInputs>, c: ContactInputs): Promise<FactFailure[]> {
  return runFactRules("Contact", [
    async (facts, fail) => {
      if (changed(olds, (o) => o.country, c.country)) await countryRule(facts, fail, "country", c);
    },
    async (facts, fail) => {
      if (olds !== undefined || c.contactId === undefined) return;
      if (!(await facts.contact(c.contactId)))
        fail("contactId", `contact ${c.contactId} does not exist in this account (contact/getinfo answered 3001); give the data to create one`);
    },
  ]);
}
