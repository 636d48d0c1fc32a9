// Every GROQ query the app runs, in one place. Both CMS adapters run these exact strings.

/** Published: not a draft (the adapters' perspective) and not scheduled for later. */
const PUBLISHED = `(!defined(publishedAt) || dateTime(publishedAt) <= dateTime(now()))`;
const EDITORIAL = `(!defined(contentSource) || contentSource == "editorial")`;
const POST_SUMMARY = `{
  _id, title, slug, excerpt, featuredImage, publishedAt, categories, contentSource,
  "author": author->{ name, avatar }
}`;

/** One round trip: the page of summaries and the total. Nulls sort last, ties by _id. */
export const BLOG_LIST = `{
  "total": count(*[_type == "post" && ${PUBLISHED} && ${EDITORIAL}]),
  "posts": *[_type == "post" && ${PUBLISHED} && ${EDITORIAL}]
    | order(coalesce(publishedAt, "") desc, _id asc) [$start...$end] ${POST_SUMMARY}
}`;

/** Any published post, editorial or not, with its body. */
export const BLOG_POST_BY_SLUG = `*[_type == "post" && slug.current == $slug && ${PUBLISHED}]
  | order(_id asc) [0] {
  _id, title, slug, excerpt, publishedAt, body,
  "author": author->{ name }
}`;

/** One published lead form by slug, plus the site-wide lead settings (blocklists). */
export const LEAD_FORM_QUERY = `{
  "form": *[_type == "leadForm" && slug.current == $slug][0]{
    _id, title, "slug": slug.current, fields[]{ name, label, type, required, options[]{ value, label }, maxLength, pattern, domainPolicy },
    requireBotCheck, rateLimitPerMinute, minFillSeconds, honeypotField, postSubmit, gtmEventName, crm, destinations
  },
  "settings": *[_type == "leadSettings"][0]{ blockedEmails, blockedDomains }
}`;

/** Any published post with what its page shows: body, featured image, author with avatar. */
export const BLOG_POST_PAGE = `*[_type == "post" && slug.current == $slug && ${PUBLISHED}]
  | order(_id asc) [0] {
  _id, title, slug, excerpt, featuredImage, publishedAt, categories, contentSource, body,
  "author": author->{ name, avatar }
}`;
