/**
 * The module Pulumi serializes for DnsRecord, as
 * `require("pulumi-dondominio/dist/provider/resources/dns-record/crud.js")`. That path is stored in
 * every DnsRecord's state: it must never move (provider/README.md). It holds nothing but the frame's
 * functions for the definition (definition.ts: CRUD and every hook).
 */
import { defineProvider } from "../../core/frame";
import { dnsRecordDefinition } from "./definition";

export const { configure, check, diff, create, read, update, delete: remove } = defineProvider(dnsRecordDefinition);
export { remove as delete };
