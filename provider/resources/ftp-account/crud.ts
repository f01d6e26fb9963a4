/**
 * The module Pulumi serializes for FtpAccount, as
 * `require("pulumi-dondominio/dist/provider/resources/ftp-account/crud.js")`. That path is stored in
 * every FtpAccount's state: it must never move (provider/README.md). It holds nothing but the frame's
 * functions for the definition (definition.ts: CRUD and every hook).
 */
import { defineProvider } from "../../core/frame";
import { ftpAccountDefinition } from "./definition";

export const { configure, check, diff, create, read, update, delete: remove } = defineProvider(ftpAccountDefinition);
export { remove as delete };
