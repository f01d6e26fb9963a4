/** What every catalogue module file imports: the entry helper, the field schemas and the rule library's fields. */
export { op } from "./types";
export * from "./fields";
export { dnsName, domainName, ipv4, ipv6, NAMESERVER_WORDS, nameservers } from "../rules";
