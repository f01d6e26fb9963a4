/** The API calls between two snapshots of the emulator's counters, without zero entries. */
export function callsBetween(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [op, n] of Object.entries(after)) {
    const d = n - (before[op] ?? 0);
    if (d) out[op] = d;
  }
  return out;
}

/** The calls every case of a list expects, added up by operation. */
export function addCalls(list: readonly { calls: Record<string, number> }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of list) for (const [op, n] of Object.entries(c.calls)) out[op] = (out[op] ?? 0) + n;
  return out;
}

/** One line per function for the closing note: `getDomains: domain/list 2 (every domain, past one page)`. */
export function callLines(rows: readonly { fn: string; name: string; calls: Record<string, number> }[]): string[] {
  return rows.map((r) => {
    const calls = Object.entries(r.calls).map(([op, n]) => `${op} ${n}`);
    return `${r.fn}: ${calls.length ? calls.join(", ") : "no call"} (${r.name.slice(r.fn.length + 2)})`;
  });
}
