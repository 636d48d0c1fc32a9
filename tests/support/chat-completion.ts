// The bodies an OpenAI-compatible chat-completions server answers, for the stand-ins of the
// agent's language model (the msw preload in the server process and the loopback stand-in).

const created = () => Math.floor(Date.now() / 1000);

/** A whole (not streamed) completion whose one choice says `reply`. */
export const chatCompletion = (reply: string, model: string) => ({
  id: `chatcmpl-${model}`,
  object: 'chat.completion',
  created: created(),
  model,
  choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: reply } }],
});

/** One server-sent event of a streamed completion: a piece of the reply, or the finish. */
export const chatCompletionChunk = (
  model: string,
  content: string | null,
  finish: string | null = null,
) =>
  `data: ${JSON.stringify({
    id: `chatcmpl-${model}`,
    object: 'chat.completion.chunk',
    created: created(),
    model,
    choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }],
  })}\n\n`;
