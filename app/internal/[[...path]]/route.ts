// /internal/* — unknown admin paths: 404 in the envelope.
import { notFoundRoute } from '@/lib/platform/http';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = notFoundRoute('marketing');
