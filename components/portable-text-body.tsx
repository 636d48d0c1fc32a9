import {
  PortableText,
  type PortableTextComponents,
  type PortableTextProps,
} from '@portabletext/react';
import { siteImage } from '@/lib/site/sanity-image';
import { SiteImage } from '@/components/site-image';

/** Only link targets that cannot run script: relative paths, anchors, http(s) and mailto. */
export function safeHref(href: unknown): string | undefined {
  if (typeof href !== 'string') return undefined;
  const trimmed = href.trim();
  if (/^(\/(?!\/)|#|\?)/.test(trimmed)) return trimmed;
  try {
    const url = new URL(trimmed);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

const components: PortableTextComponents = {
  types: {
    image: ({ value }) => {
      const image = siteImage(value);
      if (!image) return null;
      return (
        <figure>
          <SiteImage
            src={image.src}
            width={image.width}
            height={image.height}
            alt={image.alt}
            sizes="(max-width: 46rem) 100vw, 46rem"
          />
          {image.alt ? <figcaption>{image.alt}</figcaption> : null}
        </figure>
      );
    },
    code: ({ value }) => {
      const { code, language } = value as { code?: unknown; language?: unknown };
      if (typeof code !== 'string') return null;
      const label = typeof language === 'string' && language ? `${language} code` : 'Code';
      return (
        <pre tabIndex={0} aria-label={label}>
          <code>{code}</code>
        </pre>
      );
    },
  },
  // The page title is the only h1; an editor's h1 in the body becomes a section heading.
  block: {
    h1: ({ children }) => <h2>{children}</h2>,
  },
  marks: {
    link: ({ value, children }) => {
      const href = safeHref((value as { href?: unknown } | undefined)?.href);
      if (!href) return <>{children}</>;
      const external = /^https?:/.test(href);
      return (
        <a href={href} {...(external ? { rel: 'noopener noreferrer' } : {})}>
          {children}
        </a>
      );
    },
  },
  // Editor blocks we do not know (an `html` block, say) are dropped, never rendered as markup.
  unknownType: () => null,
};

/** A post body. Text is React text, so markup typed by an editor shows as characters. */
export function PortableTextBody({ value }: { value: PortableTextProps['value'] }) {
  return <PortableText value={value} components={components} onMissingComponent={false} />;
}
