/** Redirect's check rules that need the program's other redirects or the account's (checkFacts). */
import { asciiOrSelf, redirectRingProblem, urlHost } from "../../../sdk/rules";
import { type FactFailure, previewFacts } from "../../money/preview-facts";
import { declaredRedirect, declareRedirect } from "../../money/preview-program";
import type { Olds } from "../../money/preview-rules";
import type { RedirectInputs } from "./schema";

/**
 * A new or changed redirect must not close a ring of redirects (sdk/rules loops.ts): with the
 * program's redirects checked so far (money/preview-program.ts) and the account's
 * (service/redirectlist of each service whose domain the ring passes: free reads, cached).
 */
export async function redirectFacts(olds: Olds<RedirectInputs>, r: RedirectInputs): Promise<FactFailure[]> {
  const origin = asciiOrSelf(r.origin);
  const dest = urlHost(r.destination);
  const out: FactFailure[] = [];
  if (olds === undefined || olds.origin !== r.origin || olds.destination !== r.destination) {
    const live = new Map<string, string>();
    const facts = previewFacts();
    const destinationOf = (h: string) => (h === origin ? dest : (declaredRedirect(h) ?? live.get(h)));
    let services: Set<string> | undefined;
    const loaded = new Set<string>();
    let host = dest;
    for (let hop = 0; hop < 16 && host !== undefined && host !== origin && facts; hop++) {
      try {
        services ??= await facts.serviceNames();
        const labels = host.split(".");
        for (let i = 0; i < labels.length - 1; i++) {
          const svc = labels.slice(i).join(".");
          if (!services.has(svc) || loaded.has(svc)) continue;
          loaded.add(svc);
          for (const item of (await facts.redirects(svc)) ?? []) {
            const to = urlHost(item.destination);
            if (to !== undefined) live.set(asciiOrSelf(item.origin), to);
          }
        }
      } catch {
        break; // a read failed: the ring is judged on what is known
      }
      host = destinationOf(host);
    }
    const ring = redirectRingProblem(
      origin,
      destinationOf,
      live.size ? "this program's redirects and the account's (service/redirectlist)" : "this program's redirects",
    );
    if (ring) out.push(["destination", ring]);
  }
  if (!out.length) declareRedirect(origin, dest);
  return out;
}
