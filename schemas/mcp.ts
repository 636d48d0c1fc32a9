// Inputs and outputs of the tool server's tools: the REST shapes, plus what an agent must add.
// One file per part (the catalogue, shared arguments, the tools by subject); this one names them
// all, so `@/schemas/mcp` is the one door.
export {
  mcpScopes,
  scopeImplies,
  toolCatalogue,
  ToolErrorText,
  type McpScope,
  type ToolName,
} from './mcp-catalogue';
export { NoInput } from './mcp-arguments';
export {
  GetCallInput,
  GetCallOutput,
  ListCallsInput,
  ListCallsOutput,
  WaitForCallInput,
  WaitForCallOutput,
} from './mcp-read-calls';
export { CreateCallInput, CreateCallOutput, StopCallInput } from './mcp-create-call';
export { CreateBatchInput, CreateBatchOutput, GetBatchInput, GetBatchOutput } from './mcp-batches';
export {
  BalanceAndLimits,
  CreateTopUpLinkInput,
  CreateTopUpLinkOutput,
  GenerateSpeechInput,
  GenerateSpeechOutput,
  ListVoicesInput,
  ListVoicesOutput,
} from './mcp-voices-and-wallet';
