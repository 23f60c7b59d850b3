import { z } from 'zod';
import { responseMediaTypes, type OperationDef } from './core/operation.ts';
import { NEWEST_VERSION, SUPPORTED_VERSIONS } from './core/versions.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const COMPONENT_PREFIX = '#/components/schemas/';
const SHARED_PREFIX = `${COMPONENT_PREFIX}__shared#/$defs/`;

/** Rewrites zod's shared-definition references to plain component references. */
function flattenRefs(node: Json): Json {
  if (Array.isArray(node)) return node.map(flattenRefs);
  if (node === null || typeof node !== 'object') return node;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || key === '$id') continue;
    if (key === '$ref' && typeof value === 'string' && value.startsWith(SHARED_PREFIX)) {
      out[key] = COMPONENT_PREFIX + value.slice(SHARED_PREFIX.length);
    } else {
      out[key] = flattenRefs(value);
    }
  }
  return out;
}

function componentName(op: OperationDef, part: string): string {
  return `${op.id}.${part}`;
}

/**
 * Builds the OpenAPI 3.1 document from the registry. Request schemas describe
 * what a caller sends (zod "input"), responses what the server returns ("output").
 */
export function buildOpenApiDocument(operations: readonly OperationDef[]): Record<string, Json> {
  const inputs = z.registry<{ id: string }>();
  const outputs = z.registry<{ id: string }>();
  for (const op of operations) {
    if (op.request.body) inputs.add(op.request.body, { id: componentName(op, 'body') });
    if (op.response.body) outputs.add(op.response.body, { id: componentName(op, 'response') });
    for (const [status, spec] of Object.entries(op.errors)) {
      if (spec?.body) outputs.add(spec.body, { id: componentName(op, `error${status}`) });
    }
  }
  const options = { uri: (id: string) => COMPONENT_PREFIX + id, unrepresentable: 'any' as const };
  const schemas: { [key: string]: Json } = {};
  for (const [registry, io] of [
    [inputs, 'input'],
    [outputs, 'output'],
  ] as const) {
    const converted = z.toJSONSchema(registry, { ...options, io }) as { schemas: Record<string, Json> };
    for (const [id, schema] of Object.entries(converted.schemas)) {
      if (id === '__shared') {
        const defs = (schema as { $defs?: Record<string, Json> }).$defs ?? {};
        for (const [defId, def] of Object.entries(defs)) schemas[defId] = flattenRefs(def);
      } else {
        schemas[id] = flattenRefs(schema);
      }
    }
  }

  const paths: Record<string, Record<string, Json>> = {};
  for (const op of operations) {
    const parameters: Json[] = [];
    const addParams = (where: 'path' | 'query', shape: z.ZodObject | undefined) => {
      if (!shape) return;
      for (const [name, schema] of Object.entries(shape.shape)) {
        const s = schema as z.ZodType;
        parameters.push({
          name,
          in: where,
          required: where === 'path' || !s.safeParse(undefined).success,
          schema: flattenRefs(z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as Json),
        });
      }
    };
    addParams('path', op.request.params);
    addParams('query', op.request.query);
    for (const header of op.request.headers ?? []) {
      parameters.push({ name: header.name, in: 'header', required: header.required, description: header.description, schema: { type: 'string' } });
    }
    parameters.push({
      name: 'X-Moov-Version',
      in: 'header',
      required: false,
      description: `API version; absent means ${SUPPORTED_VERSIONS[0]}.`,
      schema: { type: 'string', enum: [...SUPPORTED_VERSIONS] },
    });

    const responses: Record<string, Json> = {};
    responses[String(op.response.status)] = op.response.body
      ? { description: op.response.description, content: { 'application/json': { schema: { $ref: COMPONENT_PREFIX + componentName(op, 'response') } } } }
      : op.response.media
        ? { description: op.response.description, content: Object.fromEntries(responseMediaTypes(op).map((type) => [type, { schema: { type: 'string', format: 'binary' } }])) }
        : { description: op.response.description };
    for (const [status, spec] of Object.entries(op.errors)) {
      if (!spec) continue;
      responses[status] = spec.body
        ? { description: spec.description, content: { 'application/json': { schema: { $ref: COMPONENT_PREFIX + componentName(op, `error${status}`) } } } }
        : { description: spec.description };
    }

    const operation: Record<string, Json> = {
      operationId: op.id,
      summary: op.summary,
      description: op.description + (op.scopes.length ? `\n\nScopes: ${op.scopes.join(', ')}` : ''),
      tags: [op.id.split('.')[0] ?? 'misc'],
      parameters,
      responses,
      security: [{ BasicAuth: [] }, { BearerAuth: [] }],
    };
    if (op.request.body) {
      const ref = { $ref: COMPONENT_PREFIX + componentName(op, 'body') };
      const content: Record<string, Json> = op.request.multipart
        ? { 'multipart/form-data': { schema: ref } }
        : { 'application/json': { schema: ref } };
      if (op.request.acceptsForm) content['application/x-www-form-urlencoded'] = { schema: ref };
      operation['requestBody'] = { required: op.request.bodyRequired ?? false, content };
    }
    const pathItem = (paths[op.path] ??= {});
    pathItem[op.method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Railyard (Moov-compatible API)',
      version: NEWEST_VERSION,
      description: 'Generated from the Railyard contract registry. Shapes are those of the newest supported version.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        BasicAuth: { type: 'http', scheme: 'basic' },
        BearerAuth: { type: 'http', scheme: 'bearer' },
      },
    },
  };
}
