/**
 * The account's objects in program order, each as its resource's Adoption (core/descriptor.ts
 * `adopt`), with the lines around them: what render.ts writes. Generic over the registry: the
 * account-scope resources in registry order, each object followed by the objects it holds (a
 * service's records, mailboxes...; a domain's glue records and DNSSEC entries). Inside one holder
 * (or the account), resources under the same heading form a group:
 * - the lines of the objects not declared come first (what is left out is said above the group),
 *   but for an object that holds others, which stays in place with them;
 * - then the heading, when the group declares anything;
 * - then each resource's declarations in its order, each with its lines above it.
 * A grouped form (a descriptor's `adoptAll`, RenderOptions.zones) takes the place of the resource it declares.
 */
import { type Adoption, type Line, type MemberScope, memberState } from "../core/adoption";
import type { ResourceDescriptor } from "../core/descriptor";
import { RESOURCES } from "../registry";
import { type AccountSnapshot, membersOf } from "./read";

type Data = Record<string, any>;

/** A piece of the program: lines, or one object's adoption (declared or not). */
export type Piece = { lines: readonly Line[] } | { type: string; adoption: Adoption; grouped: boolean };

interface Item {
  d: ResourceDescriptor;
  state?: Data;
  adoption: Adoption;
  grouped: boolean;
}

/** The pieces of the program for a snapshot; `grouped`: the grouped forms to use (a descriptor's `adoptAll`: --zones). */
export function adoptionsOf(snapshot: AccountSnapshot, grouped: readonly ResourceDescriptor[]): Piece[] {
  const out: Piece[] = [];
  const top = RESOURCES.filter((d) => d.discover?.scope === "account");
  writeHolder(top, undefined, (d) => ((snapshot as unknown as Record<string, Data[]>)[d.discover!.key] ?? []) as Data[], grouped, out);
  return out;
}

function writeHolder(
  resources: ResourceDescriptor[],
  holder: Data | undefined,
  statesOf: (d: ResourceDescriptor) => Data[],
  grouped: readonly ResourceDescriptor[],
  out: Piece[],
): void {
  for (const group of headingGroups(resources)) {
    const items = group.flatMap((d) => itemsOf(d, statesOf(d), grouped));
    const holds = (i: Item) => membersOf(i.d).length > 0;
    for (const i of items.filter((x) => !x.adoption.args && !holds(x))) {
      out.push({ lines: i.adoption.lines ?? [] }, { type: i.d.type, adoption: i.adoption, grouped: false });
    }
    const placed = items.filter((x) => x.adoption.args || holds(x));
    const count = placed.filter((x) => x.adoption.args).length;
    const heading = items[0]?.grouped ? undefined : group[0].exportPlace?.heading;
    if (count && heading) out.push({ lines: heading.lines(holder, count) });
    for (const i of placed) {
      out.push({ lines: i.adoption.lines ?? [] }, { type: i.d.type, adoption: i.adoption, grouped: i.grouped });
      const members = membersOf(i.d);
      if (!members.length || !i.state) continue;
      const state = i.state;
      const scope = (i.d.discover as { members: MemberScope }).members;
      const key = (m: ResourceDescriptor) => m.discover!.key;
      writeHolder(members, state, (m) => ((state[key(m)] ?? []) as object[]).map((x) => memberState(scope, state as { name: string }, x)), grouped, out);
    }
  }
}

/** A resource's objects as items, declared ones in its order; or its grouped form's one declaration. */
function itemsOf(d: ResourceDescriptor, states: Data[], grouped: readonly ResourceDescriptor[]): Item[] {
  const g = grouped.find((x) => x.adoptAll?.of === d.type);
  if (g) {
    const adoption = g.adoptAll!.adopt(states);
    return adoption ? [{ d: g, adoption, grouped: true }] : [];
  }
  if (!d.adopt) return [];
  const items = states.map((state) => ({ d, state, adoption: d.adopt!(state), grouped: false }));
  const order = d.exportPlace?.order;
  if (!order) return items;
  // Declared ones sorted; those not declared keep their discovered order (their lines come first).
  const declared = items.filter((i) => i.adoption.args).sort((a, b) => order(a.state, b.state));
  return [...items.filter((i) => !i.adoption.args), ...declared];
}

/** Consecutive resources with the same heading id form one group; every other resource is its own. */
function headingGroups(resources: ResourceDescriptor[]): ResourceDescriptor[][] {
  const groups: ResourceDescriptor[][] = [];
  for (const d of resources) {
    const last = groups.at(-1);
    const id = d.exportPlace?.heading?.id;
    if (last && id !== undefined && last[0].exportPlace?.heading?.id === id) last.push(d);
    else groups.push([d]);
  }
  return groups;
}
