// The console context's door: the page data others share with the console (the tool server's
// balance tool shows what the billing page shows).
export { getBalanceAndLimits } from './get-balance-and-limits';
