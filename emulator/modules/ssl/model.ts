/** Placeholder: the ssl module's helper replaces this file. */
export interface CertificateRecord {
  certificateID: number;
  [k: string]: unknown;
}
