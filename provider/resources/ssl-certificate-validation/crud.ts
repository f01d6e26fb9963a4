/**
 * The module Pulumi serializes for SslCertificateValidation, as
 * `require("pulumi-dondominio/dist/provider/resources/ssl-certificate-validation/crud.js")`. That path is stored in
 * every SslCertificateValidation's state: it must never move (provider/README.md). It holds nothing but the frame's
 * functions for the definition (definition.ts: CRUD and every hook).
 */
import { defineProvider } from "../../core/frame";
import { validationDefinition } from "./definition";

export const { configure, check, diff, create, read, update, delete: remove } = defineProvider(validationDefinition);
export { remove as delete };
