// newman through its library, writing the report portman-run.ts reads: the JSON reporter's
// `run.executions`, with each answer that is not JSON or text cut to its first 256 KB. The JSON
// reporter writes a body as an indented array of its bytes, so a few long speeches' WAVs passed
// V8's longest string and it wrote no report at all ("RangeError: Invalid string length").
// Usage: node newman-run.mjs <collection.json> <report.json> <bearer token>
import { readFileSync, writeFileSync } from 'node:fs';
import newman from 'newman';

const CAP = 256 * 1024;
const [collection, report, token] = process.argv.slice(2);

const textual = (response) => {
  const type = String(response.headers?.get?.('content-type') ?? '');
  return /json|text|xml|html/.test(type);
};

newman.run(
  {
    collection: JSON.parse(readFileSync(collection, 'utf8')),
    ignoreRedirects: true,
    timeoutRequest: 30_000,
    envVar: [{ key: 'bearerToken', value: token }],
    reporters: [],
  },
  (error, summary) => {
    if (error) {
      console.error(error);
      process.exit(2);
    }
    for (const execution of summary.run.executions) {
      const response = execution.response;
      if (response?.stream && response.stream.length > CAP && !textual(response))
        response.stream = response.stream.subarray(0, CAP);
    }
    writeFileSync(report, JSON.stringify({ run: { executions: summary.run.executions } }));
  },
);
