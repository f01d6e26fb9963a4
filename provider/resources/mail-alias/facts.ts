/** MailAlias's check rules that need the program's other aliases or the account's (checkFacts). */
import { aliasRingProblem, mailKey } from "../../../sdk/rules";
import { sameValue } from "../../core/plain-data";
import { type FactFailure, previewFacts } from "../../money/preview-facts";
import { declareAlias, declaredAlias } from "../../money/preview-program";
import { type Olds, quotaFacts } from "../../money/preview-rules";
import type { MailAliasInputs } from "./schema";

const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1);

/**
 * A new or changed alias must not close a ring of aliases (sdk/rules loops.ts): with the program's
 * aliases checked so far (money/preview-program.ts) and the account's (service/mailaliaslist of each
 * domain the ring passes that is a service of the account: free reads, cached per process). The
 * quota rule is the families' (preview-rules.ts).
 */
export async function mailAliasFacts(olds: Olds<MailAliasInputs>, a: MailAliasInputs): Promise<FactFailure[]> {
  const quota = await quotaFacts(olds, "mailalias", a.serviceName, a.name, a.adopt);
  const address = mailKey(a.name);
  const targets = a.targets.map(mailKey);
  const out: FactFailure[] = [];
  if (olds === undefined || olds.name !== a.name || !sameValue(olds.targets, a.targets)) {
    const live = new Map<string, string[]>();
    const facts = previewFacts();
    let services: Set<string> | undefined;
    const loaded = new Set<string>();
    const targetsOf = (x: string) => (x === address ? targets : (declaredAlias(x) ?? live.get(x)));
    // The account's aliases of every domain the ring can pass (at most 16 domains).
    let frontier = [...targets];
    const seen = new Set<string>([address]);
    while (frontier.length && facts && loaded.size < 16) {
      const next: string[] = [];
      for (const t of frontier) {
        if (seen.has(t)) continue;
        seen.add(t);
        const d = domainOf(t);
        if (!loaded.has(d)) {
          loaded.add(d);
          try {
            services ??= await facts.serviceNames();
            if (services.has(d))
              for (const item of (await facts.mailAliases(d)) ?? [])
                live.set(mailKey(item.name.includes("@") ? item.name : `${item.name}@${d}`), item.target.map(mailKey));
          } catch {
            // The read failed: the ring is judged on what is known.
          }
        }
        next.push(...(targetsOf(t) ?? []));
      }
      frontier = next;
    }
    const ring = aliasRingProblem(
      address,
      targetsOf,
      live.size ? "this program's aliases and the account's (service/mailaliaslist)" : "this program's aliases",
    );
    if (ring) out.push(["targets", ring]);
  }
  if (!out.length) declareAlias(address, targets);
  return [...quota, ...out];
}
