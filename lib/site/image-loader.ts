// next/image loader (next.config.ts `images.loaderFile`): Sanity's CDN resizes, so no image
// passes through Next's optimizer. The embedded dataset's assets have no files anywhere (its
// stand-in project is `embedded`), so those URLs map to a local placeholder.
export default function sanityImageLoader({
  src,
  width,
  quality,
}: {
  src: string;
  width: number;
  quality?: number;
}): string {
  if (src.startsWith('https://cdn.sanity.io/images/embedded/')) {
    return `/images/placeholder.svg?w=${width}`;
  }
  if (src.startsWith('https://cdn.sanity.io/')) {
    const url = new URL(src);
    url.searchParams.set('w', String(width));
    url.searchParams.set('q', String(quality ?? 75));
    url.searchParams.set('auto', 'format');
    url.searchParams.set('fit', 'max');
    return url.toString();
  }
  return `${src}${src.includes('?') ? '&' : '?'}w=${width}`;
}
