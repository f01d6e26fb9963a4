/** The HostingService resource class users write in programs. */
import { objectClaimsOf } from "../../dns/dns-claims";
import type { ArgsOf } from "../../core/fields";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { type hostingServiceFields, hostingInputs, hostingOutputs, type HostingState, hostingObjects } from "./schema";

/** The program's inputs, derived from the fields (schema.ts), each with its doc. */
export type HostingServiceArgs = ArgsOf<typeof hostingServiceFields>;

/** A hosting or mail service (service/create). Destroy never deletes it. */
export class HostingService extends resourceClass<HostingServiceArgs, HostingState, typeof hostingOutputs>("HostingService", crud, {
  inputs: hostingInputs,
  // Two resources of a run that are one object to the API are refused (provider/dns/object-claim-rules.ts).
  claims: objectClaimsOf("HostingService", hostingInputs, hostingObjects),
  outputs: hostingOutputs,
}) {}
