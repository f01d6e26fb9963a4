/**
 * The module Pulumi serializes for MailAlias, as
 * `require("pulumi-dondominio/dist/provider/resources/mail-alias/crud.js")`. That path is stored in
 * every MailAlias's state: it must never move (provider/README.md). It holds nothing but the frame's
 * functions for the definition (definition.ts: CRUD and every hook).
 */
import { defineProvider } from "../../core/frame";
import { mailAliasDefinition } from "./definition";

export const { configure, check, diff, create, read, update, delete: remove } = defineProvider(mailAliasDefinition);
export { remove as delete };
