/** Placeholder: the domain module's handlers land here. */
import type { ModuleHandlers } from "../../core/context";

export const handlers: Partial<ModuleHandlers<"domain">> = {};
