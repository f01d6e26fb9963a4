/** The DnsRecord resource class users write in programs. */
import * as pulumi from "@pulumi/pulumi";
import { dynamicArgs } from "../../core/resource-args";
import * as crud from "./crud";

export interface DnsRecordArgs {
  /** The zone: the name of the hosting or redirect service that holds it, e.g. "example.com". */
  serviceName: pulumi.Input<string>;
  /** "@" for the apex, a name relative to the zone ("www", "*.dev") or a full one ("www.example.com."). */
  name: pulumi.Input<string>;
  /** A, AAAA, CNAME, MX, SRV, TXT, NS or CAA. */
  type: pulumi.Input<import("../../../sdk/catalogue/service").DnsType>;
  /** IPv4 (A), IPv6 (AAAA), host name (CNAME, MX, NS), "weight port target" (SRV), text (TXT), `flag tag "value"` (CAA). */
  value: pulumi.Input<string>;
  /** Seconds (60 to 604800); absent or "-" = the zone's default. */
  ttl?: pulumi.Input<number | "-">;
  /** MX and SRV only (0 to 65535, default 10; "-" = the default). */
  priority?: pulumi.Input<number | "-">;
  /** Take over an identical record (same name, type and value) that already exists instead of failing. */
  adopt?: pulumi.Input<boolean>;
}

/**
 * One record of a hosted DNS zone (service/dnscreate). value, ttl and priority change in place;
 * serviceName, name and type replace; destroy deletes it (service/dnsdelete).
 * The id is `<serviceName>/<entityID>`.
 */
export class DnsRecord extends pulumi.dynamic.Resource {
  declare readonly serviceName: pulumi.Output<string>;
  /** Full host name, lower case, IDN labels in punycode. */
  declare readonly name: pulumi.Output<string>;
  declare readonly type: pulumi.Output<string>;
  declare readonly value: pulumi.Output<string>;
  declare readonly ttl: pulumi.Output<number | undefined>;
  declare readonly priority: pulumi.Output<number | undefined>;
  /** The API's entityID. */
  declare readonly entityId: pulumi.Output<string>;
  /** "@", "www", "*.dev". */
  declare readonly relativeName: pulumi.Output<string>;

  constructor(name: string, args: DnsRecordArgs, opts?: pulumi.CustomResourceOptions) {
    super(crud, name, dynamicArgs(args, ["entityId", "relativeName", "ttl", "priority"], opts), opts, "dondominio", "DnsRecord");
  }
}
