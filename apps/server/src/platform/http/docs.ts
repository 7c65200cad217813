import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import type { OpenApiDocument } from "./contract";

/** The contract, browsable at /api/docs (Swagger UI served from node_modules, so it works offline). */
export async function registerDocs(app: FastifyInstance, document: OpenApiDocument): Promise<void> {
  await app.register(fastifySwagger, {
    mode: "static",
    specification: { document: document as never },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: true,
    // Served over plain http on localhost too, so requests must not be upgraded to https.
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/g, ""),
    uiConfig: { docExpansion: "list", deepLinking: true, persistAuthorization: true },
  });
}
