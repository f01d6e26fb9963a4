/** The Subdomain resource class users write in programs. */
import { objectClaimsOf } from "../../dns/dns-claims";
import type { ArgsOf } from "../../core/fields";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import {
  type subdomainFields,
  type subdomainSslFields,
  SUBDOMAIN_SECRETS,
  subdomainInputs,
  subdomainOutputs,
  type SubdomainState,
  subdomainObjects,
} from "./schema";

/** A certificate to install (Subdomain's `ssl`). */
export type SubdomainSslArgs = ArgsOf<typeof subdomainSslFields>;

/** The program's inputs, derived from the fields (schema.ts), each with its doc. */
export type SubdomainArgs = ArgsOf<typeof subdomainFields>;

/**
 * A subdomain of a hosting service (service/subdomaincreate). ftpPath and ssl change in place;
 * serviceName and name replace; destroy deletes it (service/subdomaindelete). Id:
 * `<serviceName>/<entityID>`.
 */
export class Subdomain extends resourceClass<SubdomainArgs, SubdomainState, typeof subdomainOutputs>("Subdomain", crud, {
  inputs: subdomainInputs,
  // Two resources of a run that are one object to the API are refused (provider/dns/object-claim-rules.ts).
  claims: objectClaimsOf("Subdomain", subdomainInputs, subdomainObjects),
  outputs: subdomainOutputs,
  secretInputs: SUBDOMAIN_SECRETS,
  secretOutputs: SUBDOMAIN_SECRETS,
}) {}
