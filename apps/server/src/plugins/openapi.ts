import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ACCOUNT_HEADER, TOKEN_HEADER } from '@kabuto/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the routes' contract schemas, and its page at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Kabuto API', version, description: 'POST-only JSON/form API under /api/vue.' },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: TOKEN_HEADER },
          account: { type: 'apiKey', in: 'header', name: ACCOUNT_HEADER },
          operator: {
            type: 'http',
            scheme: 'bearer',
            description: 'operator token from /api/admin/auth/login',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
