/** The Subdomain resource class users write in programs. */
import type { ArgsOf } from "../../core/fields";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { subdomainDescriptor } from "./descriptor";
import type { subdomainFields, subdomainSslFields, subdomainOutputs, SubdomainState } from "./schema";

/** A certificate to install (Subdomain's `ssl`). */
export type SubdomainSslArgs = ArgsOf<typeof subdomainSslFields>;

/** The program's inputs, derived from the fields (schema.ts), each with its doc. */
export type SubdomainArgs = ArgsOf<typeof subdomainFields>;

/**
 * A subdomain of a hosting service (service/subdomaincreate). ftpPath and ssl change in place;
 * serviceName and name replace; destroy deletes it (service/subdomaindelete). Id:
 * `<serviceName>/<entityID>`.
 */
export class Subdomain extends resourceClass<SubdomainArgs, SubdomainState, typeof subdomainOutputs>(subdomainDescriptor, crud) {}
