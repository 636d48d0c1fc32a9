export { callRulesEnvShape, type RuleSettings } from '../../platform/config/call-rules-env';
