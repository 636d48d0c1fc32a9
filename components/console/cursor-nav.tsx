import Link from 'next/link';
import { withCursor, type SearchParams } from '@/lib/console/with-cursor';

/** A console list's paging: back to the newest page, and on to older rows while there are more. */
export function CursorNav({
  label,
  search,
  nextCursor,
  older,
}: {
  label: string;
  search: SearchParams;
  nextCursor: string | null | undefined;
  older: string;
}) {
  return (
    <nav aria-label={label}>
      {search.cursor ? (
        <Link href={`?${withCursor(search, null)}`} prefetch={false}>
          Newest
        </Link>
      ) : null}{' '}
      {nextCursor ? (
        <Link href={`?${withCursor(search, nextCursor)}`} prefetch={false}>
          {older}
        </Link>
      ) : null}
    </nav>
  );
}
