/** getSslCertificate for programs: the Promise form and the Output form (provider/functions/program.ts). */
import type { PlainArgsOf, ResultOfShape } from "../../core/function";
import { outputFunction, promiseFunction } from "../program";
import { getSslCertificateDescriptor } from "./descriptor";
import type { getSslCertificateArgs, getSslCertificateResult } from "./schema";

export type GetSslCertificateArgs = PlainArgsOf<typeof getSslCertificateArgs>;
export type GetSslCertificateResult = ResultOfShape<typeof getSslCertificateResult>;
/** One SSL certificate of the account by its id; once issued, its PEM and chain. */
export const getSslCertificate = promiseFunction(getSslCertificateDescriptor);
/** getSslCertificate with Input arguments: `getSslCertificateOutput({ certificateId: cert.certificateId })`. */
export const getSslCertificateOutput = outputFunction(getSslCertificateDescriptor);
export { getSslCertificateDescriptor };
