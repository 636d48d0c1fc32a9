import { ApiError } from '../errors/api-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID path parameter; anything else cannot name a record, so it is a plain 404. */
export function uuidParam(
  params: Record<string, string | string[] | undefined>,
  name: string,
): string {
  const value = params[name];
  if (typeof value !== 'string' || !UUID.test(value)) throw new ApiError('NOT_FOUND');
  return value.toLowerCase();
}

export const isUuid = (value: string) => UUID.test(value);
