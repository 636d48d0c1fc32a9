// npm run bench:tools — the bytes of the tool server's tools/list, in all and per tool, on every
// protocol revision it speaks: what an agent's context pays before its first call. See
// bench/README.md ("Tool list size").
import { listToolsInProcess, PROTOCOL_REVISIONS } from '../tests/support/tool-list';

const BUDGET = 20_000;
const IN_USE = 18_800; // as tests/unit/mcp-tool-list.test.ts
for (const revision of PROTOCOL_REVISIONS) {
  const { bytes, bytesByTool } = await listToolsInProcess(revision);
  console.log(`protocol ${revision}`);
  for (const [name, size] of Object.entries(bytesByTool).sort((a, b) => b[1] - a[1]))
    console.log(`  ${name.padEnd(24)} ${String(size).padStart(6)} B`);
  console.log(
    `  ${'tools/list result'.padEnd(24)} ${String(bytes).padStart(6)} B (in use up to ${IN_USE} B, budget ${BUDGET} B)`,
  );
}
