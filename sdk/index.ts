/** Public surface of the SDK (package export "./sdk"). */
export { DonDominioClient, type DonDominioClientOptions, type ArgsOf, type CallParams, type ItemOf, type ClientModules } from "./client";
export {
  catalogue,
  operations,
  getOperation,
  type OperationName,
  type ParamsOf,
  type ParsedParamsOf,
  type ResultOf,
  type Operation,
  type ModuleName,
} from "./catalogue";
export {
  DonDominioError,
  DonDominioApiError,
  DonDominioValidationError,
  DonDominioTransportError,
  DonDominioTlsError,
  DonDominioInsecureRedirectError,
  DonDominioInsecureUrlError,
  DonDominioAmbiguousError,
  DonDominioResponseShapeError,
  type DonDominioErrorKind,
  type ApiEnvelope,
  type ParamIssue,
} from "./core/errors";
export { errorKind, errorCodeMsg, GONE_CODES, ERROR_CODES, type ErrorKind, type ClientErrorKind } from "./core/error-codes";
export { updateDynamicDns, type DynDnsOptions, type DynDnsResult, type DynDnsFormat } from "./dyndns";
export { toAscii, toUnicode, isIdn, sameDomain } from "./rules";
/** The rule library (names, IDN, DNS values and capabilities, passwords, paths, nameservers, statuses). */
export * as rules from "./rules";
export { redact } from "./core/redact";
export { closeTransports } from "./core/transport";
