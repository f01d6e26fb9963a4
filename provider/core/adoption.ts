/**
 * How `dondominio-export` writes a discovered object (core/descriptor.ts `adopt`, `exportPlace`,
 * `adoptAll`): plain data the renderer (provider/export/render.ts) turns into literals and inert
 * comments. Loads nothing else: the resources' adopt.ts import it, and the export runs without
 * @pulumi/pulumi.
 */

type Data = Record<string, any>;

/** The scopes inside an account-scope object. */
export type MemberScope = "service" | "domain";

/**
 * The input through which an object inside a service or a domain names it: its discovered state is
 * the listed item with this input set to the holder's name (what `adopt` and the diff read).
 */
export const MEMBER_INPUT: Readonly<Record<MemberScope, string>> = { service: "serviceName", domain: "domain" };

/** The discovered state of an object inside `holder` (a service's or a domain's state). */
export function memberState(scope: MemberScope, holder: { name: string }, item: object): Data {
  return { ...item, [MEMBER_INPUT[scope]]: holder.name };
}

/**
 * Text made of fixed parts and data parts, as a tagged template keeps them (`text`): the export
 * writes it as one inert comment line (provider/export/code.ts `note`, each data part flattened on
 * its own). Nothing of it is ever code.
 */
export interface Text {
  readonly strings: readonly string[];
  readonly values: readonly unknown[];
}

export const text = (strings: TemplateStringsArray, ...values: unknown[]): Text => ({ strings: [...strings], values });

/** A line the export writes around declarations: a comment, or "" for an empty line. */
export type Line = Text | "";

/**
 * How the export writes one discovered object (provider/export/render.ts): the program arguments
 * that adopt it with zero writes, and what the renderer needs around them. Data only: the renderer
 * turns every value into a literal and every text into an inert comment (provider/export/code.ts).
 */
export interface Adoption {
  /**
   * What the resource name is made of: each part made readable (names.ts slug, empty ones left
   * out), joined by "-"; `identity` tells apart objects whose parts read the same.
   */
  readonly name: { readonly parts: readonly string[]; readonly identity: string };
  /**
   * The program's arguments that adopt the live object and write nothing; left out when the object
   * cannot be declared (`skipped` says why). An input read from a config secret is present with
   * the value undefined, where the renderer writes the secret (`secrets`).
   */
  readonly args?: Record<string, unknown>;
  /**
   * Inputs whose value comes from a stack config secret, never from the account: input -> what it
   * is ("mailbox info@example.com"). Unset, the adopted object keeps its live value (adopt writes none).
   */
  readonly secrets?: Readonly<Record<string, string>>;
  /**
   * Inputs that name another object of the export (a DnsRecord's serviceName: the HostingService
   * with that identity; a GlueRecord's domain: the Domain). The value is written as a literal, so
   * the program reads the same whether or not the other object is declared.
   */
  readonly refs?: Readonly<Record<string, { readonly type: string; readonly identity: string }>>;
  /** A comment at the end of the declaration's line: what the live object holds that the arguments do not say. */
  readonly comment?: string;
  /** Lines above the declaration (or, not declared, where it would be). */
  readonly lines?: readonly Line[];
  /** What of the object the program leaves out, and why (the summary's "not declared"). */
  readonly skipped?: readonly { readonly what: string; readonly why: string }[];
  /** The input written one item a line (DnsZone's records); else the declaration is one line. */
  readonly listed?: string;
}

/**
 * Where the export writes a resource's declarations, inside their holder (a service, a domain) or
 * the account: under a heading, in an order. Resources whose headings have the same id share one
 * (MailBox and MailAlias: "Mail of <service>").
 */
export interface ExportPlace {
  readonly heading?: {
    readonly id: string;
    /** Written above the group when it declares anything (`count` declarations); `holder` is undefined at the account's scope. */
    lines(holder: Data | undefined, count: number): Line[];
  };
  /** The order of the declarations (default: as discovered). */
  order?(a: Data, b: Data): number;
}

/**
 * Another form of the export (DnsZone, `--zones`): every discovered object of the resource `of`
 * inside one holder, as one declaration of this resource.
 */
export interface GroupAdoption {
  readonly of: string;
  adopt(states: Data[]): Adoption | undefined;
  /** What the listed items are, in the summary ("records"). */
  readonly unit: string;
  /** What `dondominio-export --zones` does, for its help (plain text, one sentence). */
  readonly help: string;
  /** The section of the project's README.md that says what this form decided (Markdown, no data). */
  readonly readme: readonly string[];
}
