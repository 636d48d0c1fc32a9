export type { Cms, GroqParams } from './types';
export { CmsError } from './types';
export { getCms, createCms } from './get-cms';
export { EmbeddedCms } from './embedded-cms';
export { SanityCms } from './sanity-cms';
export { runGroq, isPublishedDocument } from './run-groq';
