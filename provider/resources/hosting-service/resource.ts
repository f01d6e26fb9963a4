/** The HostingService resource class users write in programs. */
import type { ArgsOf } from "../../core/fields";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { hostingServiceDescriptor } from "./descriptor";
import type { hostingServiceFields, hostingOutputs, HostingState } from "./schema";

/** The program's inputs, derived from the fields (schema.ts), each with its doc. */
export type HostingServiceArgs = ArgsOf<typeof hostingServiceFields>;

/**
 * A hosting or mail service (service/create). Destroy never deletes it.
 */
export class HostingService extends resourceClass<HostingServiceArgs, HostingState, typeof hostingOutputs>(hostingServiceDescriptor, crud) {}
