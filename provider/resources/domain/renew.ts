/** Domain, update step "renew": renewUntil (provider/money/renewal.ts) through domain/renew, and its price at preview. */
import type { Ctx } from "../../core/frame";
import { info } from "../../core/log";
import type { PreviewFacts } from "../../money/preview-facts";
import { renew, wantsRenewal } from "../../money/renewal";
import { type Charge, yearsText } from "../../money/spend";
import type { DomainInfo } from "./mapping";
import { domainForms } from "../../../sdk/rules";
import type { DomainInputs, DomainState } from "./schema";

export async function renewedSince(ctx: Ctx, ascii: string, curExpDate: string): Promise<DomainInfo | undefined> {
  const s = await ctx.api.call("domain/getinfo", { domain: ascii, infoType: "status" });
  return s.tsExpir && s.tsExpir !== curExpDate ? s : undefined;
}

/**
 * renewUntil: when the expiry is earlier, domain/renew (paid) for the years it takes (at most 10),
 * once (provider/money/renewal.ts). The API's own guard helps: a renewal names the expiry it extends
 * (curExpDate), and one for a date that has moved on is refused. Returns true when a renewal was ordered.
 */
export async function renewIfNeeded(ctx: Ctx, inputs: DomainInputs, state: DomainState): Promise<boolean> {
  if (!wantsRenewal(inputs, state)) return false;
  if (state.status !== "active" && state.status !== "expired-renewgrace") {
    info(`Domain ${inputs.name}: renewUntil ${inputs.renewUntil} needs a renewal, which waits until the domain is active (it is ${state.status})`);
    return false;
  }
  const ascii = state.punycode || domainForms(inputs.name).ascii;
  const curExpDate = state.tsExpir ?? "";
  await renew(ctx, {
    what: `Domain ${inputs.name}`,
    id: ascii,
    operation: "domain/renew",
    renewUntil: inputs.renewUntil!,
    tsExpir: curExpDate,
    state,
    send: (period) => ctx.api.call("domain/renew", { domain: ascii, curExpDate, period }),
    lookup: () => renewedSince(ctx, ascii, curExpDate),
    evidence: { curExpDate },
    cacheScope: `domain:${ascii}`,
  });
  return true;
}

/** A renewal of `years` (renewUntil) at account/zones' renewal price; none shown for a premium name (domain/check says which). */
export async function renewalCharge(facts: PreviewFacts, subject: string, ascii: string, years: number, until: string): Promise<Charge> {
  const what = `renew ${yearsText(years)} (renewUntil ${until})`;
  const base = { subject, operation: "domain/renew", what };
  const check = await facts.domainCheck(ascii);
  if (check.ok && check.premium) return { ...base, noPrice: "a premium name: account/zones shows the standard renewal price only" };
  const price = (await facts.zoneOf(ascii))?.prices.renew;
  if (price === undefined) return { ...base, noPrice: "account/zones shows no renewal price for this TLD" };
  return { ...base, amount: price * years, source: "account/zones" };
}
