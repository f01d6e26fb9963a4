/**
 * The module Pulumi serializes for DnsZone, as
 * `require("pulumi-dondominio/dist/provider/resources/dns-zone/crud.js")`. That path is stored in
 * every DnsZone's state: it must never move (provider/README.md). It holds nothing but the frame's
 * functions for the definition (definition.ts: CRUD and every hook).
 */
import { defineProvider } from "../../core/frame";
import { dnsZoneDefinition } from "./definition";

export const { configure, check, diff, create, read, update, delete: remove } = defineProvider(dnsZoneDefinition);
export { remove as delete };
