/**
 * The module Pulumi serializes for DnsRecord, as
 * `require("pulumi-dondominio/dist/provider/resources/dns-record/crud.js")`. That path is stored in
 * every DnsRecord's state: it must never move. Exports only the dynamic provider functions.
 */
import { defineProvider } from "../../core/frame";
import { dnsRecordDefinition } from "./definition";

const p = defineProvider(dnsRecordDefinition);
export const configure = p.configure;
export const check = p.check;
export const create = p.create;
export const read = p.read;
export const update = p.update;
const remove = p.delete;
export { remove as delete };

/**
 * The frame's diff, plus delete-before-replace when a CNAME is involved in a retype: the API refuses
 * a CNAME beside any other record at its name (RFC 1034; emulator error 4004), so the old record
 * must go before the new one is created. Other replacements keep create-before-delete.
 */
export const diff: typeof p.diff = async (id, olds, news) => {
  const d = await p.diff(id, olds, news);
  if (d.replaces.length && (olds.type === "CNAME" || news.type === "CNAME") && olds.name === news.name) return { ...d, deleteBeforeReplace: true };
  return d;
};
