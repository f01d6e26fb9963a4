/**
 * The module Pulumi serializes for HostingService, as
 * `require("pulumi-dondominio/dist/provider/resources/hosting-service/crud.js")`. That path is stored in
 * every HostingService's state: it must never move (provider/README.md). It holds nothing but the frame's
 * functions for the definition (definition.ts: CRUD and every hook).
 */
import { defineProvider } from "../../core/frame";
import { hostingDefinition } from "./definition";

export const { configure, check, diff, create, read, update, delete: remove } = defineProvider(hostingDefinition);
export { remove as delete };
