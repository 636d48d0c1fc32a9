import { ApiError } from '../errors/api-error';
import { asApiError } from '../errors/dependency-errors';

/**
 * Streams audio as it is produced. The first chunk is awaited before the status line goes out,
 * so a generation that fails at once is still a proper error response; after that, a failure
 * ends the stream early. Cancelling the body (the client went away) stops the generator, whose
 * own cleanup frees its slot.
 */
export async function audioResponse(
  audio: AsyncIterable<Buffer>,
  headers: Record<string, string>,
): Promise<Response> {
  const iterator = audio[Symbol.asyncIterator]();
  let first: IteratorResult<Buffer>;
  try {
    first = await iterator.next();
  } catch (error) {
    throw asApiError(error, (cause) => new ApiError('SPEECH_FAILED', { cause }));
  }
  let pending: Buffer | undefined = first.done ? undefined : first.value;
  let finished = first.done === true;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (pending) {
        controller.enqueue(new Uint8Array(pending));
        pending = undefined;
        return;
      }
      if (finished) {
        controller.close();
        return;
      }
      try {
        const next = await iterator.next();
        if (next.done) {
          finished = true;
          controller.close();
        } else {
          controller.enqueue(new Uint8Array(next.value));
        }
      } catch (error) {
        console.error('audio stream failed:', error);
        controller.error(error);
      }
    },
    async cancel() {
      finished = true;
      await iterator.return?.(undefined);
    },
  });
  return new Response(body, {
    headers: { 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no', ...headers },
  });
}
