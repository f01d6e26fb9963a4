/** The Redirect resource class users write in programs. */
import type { ArgsOf } from "../../core/fields";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { redirectDescriptor } from "./descriptor";
import type { redirectFields, redirectOutputs, RedirectState } from "./schema";

/** The program's inputs, derived from the fields (schema.ts), each with its doc. */
export type RedirectArgs = ArgsOf<typeof redirectFields>;

/**
 * A web redirect of a service (service/redirectcreate). destination and type change in place
 * (service/redirectupdate); serviceName and origin replace; destroy deletes it
 * (service/redirectdelete). The id is `<serviceName>/<entityID>`.
 */
export class Redirect extends resourceClass<RedirectArgs, RedirectState, typeof redirectOutputs>(redirectDescriptor, crud) {}
