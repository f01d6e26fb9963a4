/**
 * HostingService: inputs, outputs and rules. productKey upgrades in place (service/upgrade);
 * a downgrade is refused at preview because the API only upgrades (spec "service module";
 * the order is PRODUCT_KEYS', the same the emulator uses: emulator/data/products.ts).
 */
import { z } from "zod";
import { renewUntilField } from "../../money/renewal";
import { PRODUCT_KEYS } from "../../../sdk/catalogue/service";
import { bool, int, oneOf } from "../../../sdk/catalogue/fields";
import type { PendingOrder } from "../../money/money";
import { asciiOrSelf, phpVersionProblem, unicodeDomainField } from "../../../sdk/rules";
import type { StateOf } from "../../core/resource-class";

export type ProductKey = (typeof PRODUCT_KEYS)[number];
export const productRank = (k: string) => (PRODUCT_KEYS as readonly string[]).indexOf(k);

const serviceName = unicodeDomainField("must be the service's domain name");

/** The program's inputs, each documented once (the class's Args derive from them). */
export const hostingServiceFields = {
  /** The service name: the domain it serves. Changing it replaces. */
  name: serviceName,
  /** redir, mini, mail, mailplus, mailpro, basic, professional, advanced, corporate. Upgrades in place; downgrades are refused. */
  productKey: oneOf(PRODUCT_KEYS),
  /** Years bought at creation (default 1). */
  period: int({ min: 1, max: 10 }).optional(),
  /** autorenew or manual: whether the API renews the service by itself at expiry. Changes in place (service/update). */
  renewalMode: oneOf(["autorenew", "manual"] as const).optional(),
  /** One of the versions service/getinfo infoType=php lists as available. */
  phpVersion: z.string().trim().min(1, { error: "must not be empty" }).optional(),
  /** Park the service: true shows a parking page instead of the hosting. Changes in place (service/parkingupdate). */
  parking: bool().optional(),
  /** create (default, spends money) or adopt a service already in the account. */
  registration: oneOf(["create", "adopt"] as const).default("create"),
  /** "forget" (default) or "manual": set renewalMode manual on destroy. The API has no service delete. */
  onDestroy: oneOf(["forget", "manual"] as const).default("forget"),
  /** Keep the service paid until at least this date (YYYY-MM-DD): while tsExpir is earlier, `pulumi up` renews it (service/renew, paid). */
  renewUntil: renewUntilField(),
};

export const hostingInputs = z
  .object(hostingServiceFields)
  .strict()
  .superRefine((v, ctx) => {
    if (v.registration === "adopt" && v.period !== undefined)
      ctx.addIssue({ code: "custom", path: ["period"], message: "adopt buys nothing: leave period out" });
    // A product without web space takes no PHP version at all (sdk/rules php.ts): refused before the service is bought.
    const php = v.phpVersion === undefined ? undefined : phpVersionProblem(v.productKey, v.phpVersion);
    if (php) ctx.addIssue({ code: "custom", path: ["phpVersion"], message: php });
  });

export type HostingInputs = z.output<typeof hostingInputs>;

/** What the state adds to the inputs (renewalMode, phpVersion and parking hold the live values). */
export const hostingOutputs = {
  /** Human-readable product name ("Hosting Basic"). */
  type: z.string(),
  /** init, active, inactive, renewed, renewable (spec "States and transitions"). */
  status: z.string(),
  /** Creation date (YYYY-MM-DD). */
  tsCreate: z.string().optional(),
  /** Expiry date (YYYY-MM-DD). */
  tsExpir: z.string().optional(),
  /** Whether the API allows a renewal now. */
  renewable: z.boolean().optional(),
  /** A paid order (create, upgrade, renew) sent but not confirmed; the next `pulumi up` looks again before ordering anything (provider/money/money.ts). */
  pendingOrder: z.custom<PendingOrder>().optional(),
};
export type HostingState = StateOf<HostingInputs, typeof hostingOutputs>;

export const HOSTING_REPLACE_ON: readonly string[] = ["name"];
export const HOSTING_CREATE_ONLY: readonly string[] = ["period", "registration"];
/** The id is the service name (the domain name it serves, Unicode form). */
export const HOSTING_ID_FORMAT = "the service name";

/** The reason a product change cannot be made, or undefined when it is an upgrade (or no change). */
export function downgradeProblem(from: string | undefined, to: string): string | undefined {
  if (from === undefined || from === to) return undefined;
  if (productRank(to) < productRank(from)) {
    return `${from} -> ${to} is a downgrade, which the API cannot do (service/upgrade only goes up: ${PRODUCT_KEYS.join(" < ")}); keep ${from} or replace the service by hand`;
  }
  return undefined;
}

/** What the API knows this resource's object by (provider/dns/object-claim-rules.ts): two resources of a run naming one are refused. */
export const hostingObjects = (h: HostingInputs) => [{ key: `service:${asciiOrSelf(h.name)}`, what: `the hosting service ${h.name}` }];
