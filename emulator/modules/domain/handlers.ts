/**
 * The domain module's handlers (spec "domain module"); rules live in the files beside this one. The
 * six wrappers (getauthcode, getnameservers, getgluerecords, getdnssec, updatenameservers,
 * updatecontacts) have none: the catalogue's `wraps` routes them to getinfo and update.
 */
import type { ModuleHandlers } from "../../core/context";
import { check, checkfortransfer, create, renew, transfer, transferrestart } from "./order";
import { getinfo, gethistory, list, listdeleted, resendverificationmail, whois } from "./read";
import { dnsseccreate, dnssecdelete, gluerecordcreate, gluerecorddelete, gluerecordupdate, update } from "./update";

export const handlers: ModuleHandlers<"domain"> = {
  check,
  checkfortransfer,
  create,
  transfer,
  transferrestart,
  update,
  gluerecordcreate,
  gluerecordupdate,
  gluerecorddelete,
  list,
  getinfo,
  dnsseccreate,
  dnssecdelete,
  renew,
  whois,
  resendverificationmail,
  gethistory,
  listdeleted,
};
