// The calling rules: which calls may be dialled at all (destinations, countries, calling hours,
// do-not-call lists, caller ID). The only door into lib/calls/rules.
export {
  checkCallRules,
  checkTransferNumber,
  type CallRulesDeps,
  type DialAttempt,
} from './check-call-rules';
export { decideAtDial, scheduleAtDispatch, type DialDecision } from './decisions';
export {
  FOLDED_RULES_PARAMS,
  foldDispatchRules,
  foldedRulesCtes,
  judgeFoldedRules,
  type FoldedRules,
} from './fold-into-dispatch';
export type { OrgViewRow } from './check-call-rules';
export { classifyNumber, type NumberClass } from './classify-number';
export { numberTimeZones } from './number-time-zones';
export {
  checkWindow,
  narrowWindow,
  DEFAULT_HOURS,
  type HoursWindow,
  type Weekday,
  type WindowVerdict,
} from './calling-window';
export type { RuleSettings } from '../../platform/config/call-rules-env';
export { getRuleSettings } from './get-rule-settings';
export { recordOptOut } from './opt-out';
export {
  checkVelocity,
  checkVelocityAtDispatch,
  NEW_ORG_VELOCITY,
  type VelocityOrg,
} from './velocity';
export { readCallingRules, saveCallingRules, type CallingRulesView } from './org-rules';
export {
  addDncNumbers,
  changeDncList,
  listDncNumbers,
  removeDncNumbers,
  type DncOwner,
  type DncPage,
} from './dnc-list';
export { openingNotice, DEFAULT_AI_TEXT, DEFAULT_RECORDING_TEXT } from './opening-notice';
export { ALL_PARTY_CONSENT_STATES, needsAllPartyConsent } from './recording-consent';
export { countRefusal, readRefusalCounts, type RefusalCount } from './refusal-counts';
export { importDncCsv, parseDncCsv, streamDncCsv, MAX_DNC_CSV_BYTES } from './dnc-csv';
