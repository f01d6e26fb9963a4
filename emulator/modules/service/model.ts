/** Placeholder: the service module's helper replaces this file. */
export interface ServiceRecord {
  name: string;
  [k: string]: unknown;
}
