import { dispatch } from './voice-api';

/**
 * Two sandbox calls whose agents act (issue 33): 555-0106, a keypad menu, with a tool at
 * `toolUrl` (a receiver answering 204: the tool answered, with nothing to read), and 555-0107,
 * a person who asks for a human, with a transfer number. Two minutes each: the wallet holds a
 * call's worst case, and a test org's credit is small. Returns their ids.
 */
export function dispatchActingCalls(base: string, apiKey: string, toolUrl: string) {
  return Promise.all([
    dispatch(base, apiKey, {
      phone_number: '+14155550106',
      max_duration: 2,
      task: 'Reach support about a broken router. Look the order up with look_up_order.',
      tools: [
        {
          name: 'look_up_order',
          description: 'Looks an order up.',
          input_schema: {
            type: 'object',
            properties: { order: { type: 'string', examples: ['A-1'] } },
          },
          url: toolUrl,
          method: 'POST',
        },
      ],
    }),
    dispatch(base, apiKey, {
      phone_number: '+14155550107',
      max_duration: 2,
      task: 'Ask about the renewal.',
      transfer_phone_number: '+14155550111',
    }),
  ]);
}
