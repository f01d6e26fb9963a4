/** The DnssecKey resource class users write in programs. */
import { objectClaimsOf } from "../../dns/dns-claims";
import type { ArgsOf } from "../../core/fields";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { type dnssecKeyFields, dnssecKeyInputs, dnssecKeyOutputs, type DnssecKeyState, dnssecKeyObjects } from "./schema";

/** The program's inputs, derived from the fields (schema.ts), each with its doc. */
export type DnssecKeyArgs = ArgsOf<typeof dnssecKeyFields>;

/**
 * One DS entry of a domain (domain/dnsseccreate). The API has no update: any change replaces
 * (the new entry is added before the old one is removed, so the chain of trust never breaks).
 * Destroy removes it (dnssecdelete). Id: `<ascii domain>/<keytag>-<algorithm>-<digesttype>-<digest prefix>`.
 */
export class DnssecKey extends resourceClass<DnssecKeyArgs, DnssecKeyState, typeof dnssecKeyOutputs>("DnssecKey", crud, {
  inputs: dnssecKeyInputs,
  // Two resources of a run that are one object to the API are refused (provider/dns/object-claim-rules.ts).
  claims: objectClaimsOf("DnssecKey", dnssecKeyInputs, dnssecKeyObjects),
  outputs: dnssecKeyOutputs,
}) {}
