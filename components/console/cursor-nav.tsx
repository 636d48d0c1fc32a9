import Link from 'next/link';
import { withCursor, type SearchParams } from '@/lib/console/with-cursor';

/**
 * A console list's paging: on to older rows while there are more, and back either to the newest
 * page or, when the list hands out `newerCursor`, one page newer at a time.
 */
export function CursorNav({
  label,
  search,
  nextCursor,
  older,
  newerCursor,
  newer = 'Newer',
}: {
  label: string;
  search: SearchParams;
  nextCursor: string | null | undefined;
  older: string;
  /** Lists that page both ways pass it (null on the newest page); others get a "Newest" link. */
  newerCursor?: string | null;
  newer?: string;
}) {
  const back =
    newerCursor !== undefined ? (
      newerCursor ? (
        <Link href={`?${withCursor(search, newerCursor)}`} prefetch={false}>
          {newer}
        </Link>
      ) : null
    ) : search.cursor ? (
      <Link href={`?${withCursor(search, null)}`} prefetch={false}>
        Newest
      </Link>
    ) : null;
  return (
    <nav aria-label={label}>
      {back}{' '}
      {nextCursor ? (
        <Link href={`?${withCursor(search, nextCursor)}`} prefetch={false}>
          {older}
        </Link>
      ) : null}
    </nav>
  );
}
