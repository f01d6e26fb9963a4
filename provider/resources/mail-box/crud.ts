/**
 * The module Pulumi serializes for MailBox, as
 * `require("pulumi-dondominio/dist/provider/resources/mail-box/crud.js")`. That path is stored in
 * every MailBox's state: it must never move (provider/README.md). It holds nothing but the frame's
 * functions for the definition (definition.ts: CRUD and every hook).
 */
import { defineProvider } from "../../core/frame";
import { mailBoxDefinition } from "./definition";

export const { configure, check, diff, create, read, update, delete: remove } = defineProvider(mailBoxDefinition);
export { remove as delete };
