/**
 * The catalogue: every operation of the API, grouped by module. Data only; adding an operation is
 * adding an entry in its module's file. `operations` is the flat, sorted list that the client, the
 * emulator router, the docs and the tests iterate.
 */
import type { z } from "zod";
import { account } from "./account";
import { contact } from "./contact";
import { domain } from "./domain";
import { service } from "./service";
import { ssl } from "./ssl";
import { tool } from "./tool";
import type { ModuleName, Operation, OperationSpec } from "./types";

export const catalogue = { tool, account, domain, contact, service, ssl } as const;
export type Catalogue = typeof catalogue;

export type OperationName = {
  [M in keyof Catalogue]: `${M & string}/${keyof Catalogue[M] & string}`;
}[keyof Catalogue];

export type SpecOf<N extends string> = N extends `${infer M}/${infer A}`
  ? M extends keyof Catalogue
    ? A extends keyof Catalogue[M]
      ? Catalogue[M][A]
      : never
    : never
  : never;

/** What a caller passes (before coercion). */
export type ParamsOf<N extends string> = SpecOf<N> extends OperationSpec<infer P, z.ZodType> ? z.input<P> : never;
/** What the schema outputs (after coercion and defaults): what handlers receive. */
export type ParsedParamsOf<N extends string> = SpecOf<N> extends OperationSpec<infer P, z.ZodType> ? z.output<P> : never;
/** responseData on success. */
export type ResultOf<N extends string> = SpecOf<N> extends OperationSpec<z.ZodType, infer R> ? z.output<R> : never;

export const operations: readonly Operation[] = Object.freeze(
  (Object.entries(catalogue) as [ModuleName, Record<string, OperationSpec>][])
    .flatMap(([module, ops]) => Object.entries(ops).map(([action, spec]) => Object.freeze({ ...spec, name: `${module}/${action}`, module, action })))
    .sort((a, b) => a.name.localeCompare(b.name)),
);

const byName = new Map(operations.map((o) => [o.name, o]));

/** Looks an operation up by "module/action" (case-insensitive, slashes trimmed). */
export function getOperation(name: string): Operation | undefined {
  return byName.get(name.replace(/^\/+|\/+$/g, "").toLowerCase());
}

export type { ModuleName, Operation, OperationSpec, PagedSpec, WrapSpec } from "./types";
