/** HostingService's check rules that need the API's own data (checkFacts; the shared rules and helpers: provider/money/preview-rules.ts). */
import { hasWebSpace, phpVersionProblem } from "../../../sdk/rules";
import { type FactFailure, runFactRules } from "../../money/preview-facts";
import { asciiOf, changed, type Olds } from "../../money/preview-rules";
import { downgradeProblem, type HostingInputs, productRank } from "./schema";

export function hostingFacts(olds: Olds<HostingInputs>, h: HostingInputs): Promise<FactFailure[]> {
  const isNew = olds === undefined || asciiOf(olds.name) !== asciiOf(h.name);
  return runFactRules(`HostingService ${h.name}`, [
    async (facts, fail) => {
      if (!isNew) return;
      const live = await facts.service(h.name);
      // A new service of the same product is left to create: one an interrupted run of this program
      // ordered is adopted there (resources/hosting-service/orders.ts), any other fails with this hint.
      const created = Date.parse(`${live?.tsCreate ?? ""}T00:00:00Z`);
      const recent =
        live && live.productkey === h.productKey && (live.status === "init" || (Number.isFinite(created) && Date.now() - created <= 72 * 3600_000));
      if (h.registration === "create" && live && !recent) {
        fail(
          "registration",
          `a hosting service ${h.name} (${live.productkey}) already exists in this account: use registration: "adopt" to manage it (service/create would be refused)`,
        );
      } else if (h.registration === "adopt" && !live) {
        fail("registration", `adopt: ${h.name} has no hosting service in this account (service/getinfo answered 4001); use registration: "create"`);
      } else if (h.registration === "adopt" && live?.productkey !== undefined && productRank(live.productkey) > productRank(h.productKey)) {
        fail("productKey", `the service is ${live.productkey} (service/getinfo): ${downgradeProblem(live.productkey, h.productKey)}`);
      }
    },
    async (facts, fail) => {
      if (h.phpVersion === undefined || (!isNew && !changed(olds, (o) => o.phpVersion, h.phpVersion))) return;
      if (!hasWebSpace(h.productKey)) return; // refused by the schema already
      // A service that exists tells its versions; for one not bought yet, the account's hosting
      // platform does (another web service's getinfo php); with none, it is judged once it exists.
      const own = await facts.phpVersions(h.name);
      const versions = own ?? (await facts.platformPhpVersions(hasWebSpace));
      const problem = versions && phpVersionProblem(h.productKey, h.phpVersion, versions);
      if (problem && own) fail("phpVersion", problem.replace("is not offered", `is not offered by ${h.name}`));
      else if (problem) fail("phpVersion", `${problem} on this account's hosting platform (another service's versions): refused before ${h.name} is bought`);
    },
  ]);
}
