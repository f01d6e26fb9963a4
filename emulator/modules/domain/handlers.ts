/** The domain module's 24 handlers (spec "domain module"); rules live in the files beside this one. */
import type { ModuleHandlers } from "../../core/context";
import { check, checkfortransfer, create, renew, transfer, transferrestart } from "./order";
import { getauthcode, getdnssec, getgluerecords, getinfo, gethistory, getnameservers, list, listdeleted, resendverificationmail, whois } from "./read";
import { dnsseccreate, dnssecdelete, gluerecordcreate, gluerecorddelete, gluerecordupdate, update, updatecontacts, updatenameservers } from "./update";

export const handlers: ModuleHandlers<"domain"> = {
  check,
  checkfortransfer,
  create,
  transfer,
  transferrestart,
  update,
  updatenameservers,
  updatecontacts,
  gluerecordcreate,
  gluerecordupdate,
  gluerecorddelete,
  list,
  getinfo,
  getauthcode,
  getnameservers,
  getgluerecords,
  getdnssec,
  dnsseccreate,
  dnssecdelete,
  renew,
  whois,
  resendverificationmail,
  gethistory,
  listdeleted,
};
