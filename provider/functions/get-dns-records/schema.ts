/** getDnsRecords: its arguments and result, each member documented once (field-docs.ts is generated from these JSDoc). */
import { z } from "zod";
import { type DnsType, normalizeType, normalizeZone, ruleField } from "../../../sdk/rules";
import { accepts } from "../../core/fields";

export const getDnsRecordsArgs = {
  /** The zone: the name of the hosting or redirect service that holds it, e.g. "example.com". */
  serviceName: ruleField("required: the zone, i.e. the hosting service's name such as example.com", normalizeZone),
  /** Only the records of this name: "@" for the apex, relative ("www", "*.dev") or full ("www.example.com."). */
  name: z.string({ error: 'must be a record name: "@", relative ("www") or full ("www.example.com.")' }).optional(),
  /** Only the records of this type: A, AAAA, CNAME, MX, SRV, TXT, NS or CAA. */
  type: accepts<DnsType>()(ruleField("must be a record type (A, AAAA, CNAME, MX, SRV, TXT, NS, CAA)", normalizeType).optional()),
};

export const getDnsRecordsResult = {
  /** The zone (Unicode), as HostingService and DnsRecord name it. */
  serviceName: z.string(),
  /** The zone's records that pass the filters, as the API lists them (all pages). */
  records: z.array(
    z.object({
      /** The API's entityID (SRV<digits>-<digits>): DnsRecord's entityId. */
      entityId: z.string(),
      /** Full host name, lower case ASCII, no final dot. */
      name: z.string(),
      /** The name relative to the zone: "@", "www", "*.dev". */
      relativeName: z.string(),
      /** A, AAAA, CNAME, MX, SRV, TXT, NS or CAA. */
      type: z.string(),
      /** The value; a TXT value as its text, quoted strings joined (as a DnsRecord declares it). */
      value: z.string(),
      /** Seconds; absent = the zone's default. */
      ttl: z.number().optional(),
      /** MX and SRV only. */
      priority: z.number().optional(),
    }),
  ),
};
