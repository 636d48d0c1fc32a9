// npm run bench:tools — the bytes of the tool server's tools/list, in all and per tool: what an
// agent's context pays before its first call. See bench/README.md ("Tool list size").
import { listToolsInProcess } from '../tests/support/tool-list';

const BUDGET = 20_000;
const { bytes, bytesByTool } = await listToolsInProcess();
for (const [name, size] of Object.entries(bytesByTool).sort((a, b) => b[1] - a[1]))
  console.log(`${name.padEnd(24)} ${String(size).padStart(6)} B`);
console.log(`${'tools/list'.padEnd(24)} ${String(bytes).padStart(6)} B (budget ${BUDGET} B)`);
