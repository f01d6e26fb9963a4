/** Placeholder: the domain module's helper replaces this file. */
export interface DomainRecord {
  domainID: number;
  name: string;
  [k: string]: unknown;
}
export interface DeletedDomain {
  name: string;
  tld: string;
  tsDeleted: string;
  info: string;
  domainID: number;
}
