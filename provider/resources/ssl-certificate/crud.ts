/**
 * The module Pulumi serializes for SslCertificate, as
 * `require("pulumi-dondominio/dist/provider/resources/ssl-certificate/crud.js")`. That path is stored in
 * every SslCertificate's state: it must never move (provider/README.md). It holds nothing but the frame's
 * functions for the definition (definition.ts: CRUD and every hook).
 */
import { defineProvider } from "../../core/frame";
import { sslDefinition } from "./definition";

export const { configure, check, diff, create, read, update, delete: remove } = defineProvider(sslDefinition);
export { remove as delete };
