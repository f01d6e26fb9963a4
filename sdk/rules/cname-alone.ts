/**
 * A CNAME holds its name alone (RFC 1034 section 3.6.2; RFC 2181 section 10.1): no other record may
 * share a name with a CNAME, and a CNAME may not join a name that holds other records. The API
 * refuses such a record with 4004 (emulator service/dnscreate), but only when it is sent: a program
 * that writes another record first would be left half-applied, so the rule is judged before.
 */

/** One record as compared here: full ASCII name, upper-case type (NormalRecord / ListedRecord). */
export interface NamedRecord {
  name: string;
  type: string;
  value?: string;
}

/** Why `record` cannot be added beside `others` (records of the same zone), or undefined. */
export function cnameAloneProblem(record: NamedRecord, others: readonly NamedRecord[], where = "the live zone"): string | undefined {
  const here = others.filter((o) => o.name === record.name && o.type !== record.type);
  const clash = record.type === "CNAME" ? here[0] : here.find((o) => o.type === "CNAME");
  if (!clash) return undefined;
  const held = `${clash.type}${clash.value === undefined ? "" : ` ${clash.value}`}`;
  return record.type === "CNAME"
    ? `a CNAME at ${record.name} cannot share its name with other records, and ${where} holds ${held} there (RFC 1034 3.6.2: a CNAME holds its name alone; the API refuses it with 4004)`
    : `${record.name} holds a CNAME (${held}) in ${where}: a ${record.type} record cannot sit beside it (RFC 1034 3.6.2: a CNAME holds its name alone; the API refuses it with 4004)`;
}
