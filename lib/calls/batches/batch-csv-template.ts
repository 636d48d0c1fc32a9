import { stringify } from 'csv-stringify/sync';
import { promptPlaceholders } from '../fill-placeholders';

/** A CSV to start from: phone_number and a column per placeholder of the prompt, one sample row. */
export function batchCsvTemplate(basePrompt: string): string {
  const columns = ['phone_number', ...promptPlaceholders(basePrompt)];
  const sample = columns.map((name) => (name === 'phone_number' ? '+14155550123' : `your ${name}`));
  // escape_formulas would turn the sample number into '+1415…; a template must import as is.
  return '\uFEFF' + stringify([columns, sample]);
}
