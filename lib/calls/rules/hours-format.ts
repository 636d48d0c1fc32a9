export { HHMM } from '../../platform/config/call-rules-env';
