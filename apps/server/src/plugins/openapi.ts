import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ACCOUNT_HEADER, ADMIN_API_BASE, API_DESCRIPTION, TOKEN_HEADER } from '@kabuto/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the routes' contract schemas, and its page at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Kabuto API', version, description: API_DESCRIPTION },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: TOKEN_HEADER },
          account: { type: 'apiKey', in: 'header', name: ACCOUNT_HEADER },
        },
      },
    },
    // The public page documents the users' API; the operators' calls (/api/admin) are left out.
    transform: (doc) =>
      doc.url.startsWith(ADMIN_API_BASE)
        ? { schema: { ...doc.schema, hide: true }, url: doc.url }
        : jsonSchemaTransform(doc),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
