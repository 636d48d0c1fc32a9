import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

// Schemas import `z` from here so the OpenAPI extension is always installed first.
extendZodWithOpenApi(z);

export { z };
