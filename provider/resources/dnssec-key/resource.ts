/** The DnssecKey resource class users write in programs. */
import type { ArgsOf } from "../../core/fields";
import { resourceClass } from "../../core/resource-class";
import * as crud from "./crud";
import { dnssecKeyDescriptor } from "./descriptor";
import type { dnssecKeyFields, dnssecKeyOutputs, DnssecKeyState } from "./schema";

/** The program's inputs, derived from the fields (schema.ts), each with its doc. */
export type DnssecKeyArgs = ArgsOf<typeof dnssecKeyFields>;

/**
 * One DS entry of a domain (domain/dnsseccreate). The API has no update: any change replaces (the
 * new entry is added before the old one is removed, so the chain of trust never breaks). Destroy
 * removes it (dnssecdelete). Id: `<ascii domain>/<keytag>-<algorithm>-<digesttype>-<digest
 * prefix>`.
 */
export class DnssecKey extends resourceClass<DnssecKeyArgs, DnssecKeyState, typeof dnssecKeyOutputs>(dnssecKeyDescriptor, crud) {}
