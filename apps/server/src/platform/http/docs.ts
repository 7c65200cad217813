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
    transformStaticCSP: (header) => header,
    uiConfig: { docExpansion: "list", deepLinking: true, persistAuthorization: true },
  });
}
