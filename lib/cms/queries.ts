// Every GROQ query the app runs, in one place. Both CMS adapters run these exact strings.

/** One published lead form by slug, plus the site-wide lead settings (blocklists). */
export const LEAD_FORM_QUERY = `{
  "form": *[_type == "leadForm" && slug.current == $slug][0]{
    _id, title, "slug": slug.current, fields[]{ name, label, type, required, options[]{ value, label }, maxLength, pattern, domainPolicy },
    requireBotCheck, rateLimitPerMinute, minFillSeconds, honeypotField, postSubmit, gtmEventName, crm, destinations
  },
  "settings": *[_type == "leadSettings"][0]{ blockedEmails, blockedDomains }
}`;
