import { getImageProps, type ImageProps } from 'next/image';
import { preload as preloadResource } from 'react-dom';

type Props = Omit<ImageProps, 'priority' | 'preload' | 'loader' | 'onLoad' | 'onError'> & {
  /** The page's LCP image: loaded eagerly at high priority and preloaded from the document head. */
  priority?: boolean;
};

/**
 * next/image's markup (srcset through the custom loader in next.config.ts, sizes, width and
 * height, lazy loading) rendered on the server. `<Image>` is a client component: on a page with
 * no other client code it alone sent ~5 KB of JavaScript to hydrate a plain `<img>`. This sends
 * none, and keeps next/image's props and behaviour.
 */
export function SiteImage({ priority = false, ...props }: Props) {
  const { props: img } = getImageProps({ ...props, preload: priority });
  if (priority && img.src) {
    preloadResource(img.src, {
      as: 'image',
      imageSrcSet: img.srcSet,
      imageSizes: img.sizes,
      fetchPriority: 'high',
    });
  }
  // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- next/image's own props, alt included
  return <img {...img} {...(priority ? { fetchPriority: 'high' as const } : {})} />;
}
