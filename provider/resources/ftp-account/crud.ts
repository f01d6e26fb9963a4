/**
 * The module Pulumi serializes for FtpAccount, as
 * `require("pulumi-dondominio/dist/provider/resources/ftp-account/crud.js")`. That path is stored in
 * every FtpAccount's state: it must never move (provider/README.md).
 */
import { defineProvider } from "../../core/frame";
import { ftpAccountDefinition } from "./definition";

const p = defineProvider(ftpAccountDefinition);
export const configure = p.configure;
export const check = p.check;
export const diff = p.diff;
export const create = p.create;
export const read = p.read;
export const update = p.update;
const remove = p.delete;
export { remove as delete };
