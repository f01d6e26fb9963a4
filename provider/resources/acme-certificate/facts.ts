/**
 * AcmeCertificate's check rules that need the API's own data (checkFacts, on the free cached reads
 * of provider/money/preview-facts.ts): each name's `_acme-challenge` record must be writable in a
 * zone the account hosts, following a CNAME there as the CA will (provider/acme/challenge.ts
 * challengeTarget, the same code the issue and dondominio-acme run). A name in no zone of the
 * account, a CNAME to a name outside them, a CNAME loop or an over-long chain is refused at
 * preview, naming the CNAME and its target, before anything is ordered or written.
 */
import type { ApiDnsItem } from "../../../sdk/rules";
import { ChallengeTargetError, challengeName, challengeTarget, cnamesOf, type ZoneSource } from "../../acme/challenge";
import { type FactFailure, type PreviewFacts, runFactRules } from "../../money/preview-facts";
import type { Olds } from "../../money/preview-rules";
import type { AcmeInputs } from "./schema";

/** The account's zones and their CNAMEs from preview's cached reads (service/list once, dnslist once per zone). */
function factsZones(facts: PreviewFacts): ZoneSource {
  return {
    zones: () => facts.hostedZones(),
    async cnameIn(zone, name) {
      const items = await facts.dnsRecords(zone);
      return items ? cnamesOf(zone, items as ApiDnsItem[]).get(name) : undefined;
    },
  };
}

/** Every name's challenge record has a place in the account's zones (checked on each preview: a CNAME may have moved since). */
export function acmeFacts(_olds: Olds<AcmeInputs>, news: AcmeInputs): Promise<FactFailure[]> {
  return runFactRules(`AcmeCertificate ${news.names[0]}`, [
    async (facts, fail) => {
      const zones = factsZones(facts);
      for (const n of news.names) {
        try {
          await challengeTarget(zones, challengeName(`_acme-challenge.${n.replace(/^\*\./, "")}`));
        } catch (err) {
          // A failed read skips the rule (the issue judges at apply); only the rule's own verdict fails the preview.
          if (!(err instanceof ChallengeTargetError)) throw err;
          fail("names", `${n}: ${err.message}`);
        }
      }
    },
  ]);
}
