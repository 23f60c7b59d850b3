import { z } from 'zod';
import { FileUploadJson, filePartNames, operationToolName, type OperationDef } from '#contract';

/** One MCP tool: an operation of the registry, with what a model needs to call it. */
export interface RailyardTool {
  name: string;
  description: string;
  inputSchema: { type: 'object'; [key: string]: unknown };
  readOnly: boolean;
  operation: OperationDef;
}

/** A multipart body as a model sends it: each file part in its JSON form (base64 content). */
function withJsonFileParts(body: z.ZodObject): z.ZodObject {
  const files = filePartNames(body);
  const replaced: Record<string, z.ZodType> = {};
  for (const name of files) {
    const optional = (body.shape[name] as z.ZodType).safeParse(undefined).success;
    replaced[name] = optional ? FileUploadJson.optional() : FileUploadJson;
  }
  return body.extend(replaced);
}

/**
 * The tool's input as one zod object, shaped like the client method's input:
 * path and query parameters at the top level, headers by field name, `body`.
 */
export function operationInputSchema(op: OperationDef): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, schema] of Object.entries(op.request.params?.shape ?? {})) shape[name] = schema as z.ZodType;
  for (const [name, schema] of Object.entries(op.request.query?.shape ?? {})) shape[name] = schema as z.ZodType;
  for (const header of op.request.headers ?? []) {
    const schema = header.schema.describe(`Sent as the ${header.name} header. ${header.description}`);
    shape[header.field] = header.required ? schema : schema.optional();
  }
  if (op.request.body) {
    const body = op.request.multipart ? withJsonFileParts(op.request.body as z.ZodObject) : op.request.body;
    shape['body'] = op.request.bodyRequired ? body : body.optional();
  }
  return z.object(shape);
}

function jsonSchemaOf(op: OperationDef): RailyardTool['inputSchema'] {
  // The input side: what a caller sends (query booleans as "true"/"false", and so on).
  const { $schema: _dialect, ...schema } = z.toJSONSchema(operationInputSchema(op), { io: 'input', unrepresentable: 'any' });
  return { ...schema, type: 'object' };
}

/** A description for a model that has never seen the API: what, how, with which rights. */
export function toolDescription(op: OperationDef): string {
  const parts = [`${op.summary}.`, op.description];
  const inputs: string[] = [];
  const params = Object.keys(op.request.params?.shape ?? {});
  const query = Object.keys(op.request.query?.shape ?? {});
  if (params.length) inputs.push(`path parameters ${params.join(', ')}`);
  if (query.length) inputs.push(`query parameters ${query.join(', ')}`);
  for (const header of op.request.headers ?? []) inputs.push(`${header.field} (the ${header.name} header${header.required ? ', required' : ''})`);
  if (op.request.multipart) {
    inputs.push(`the multipart form's parts in \`body\`, files as {fileName, contentType, contentBase64}${op.request.bodyRequired ? ' (required)' : ''}`);
  } else if (op.request.body) inputs.push(`a JSON request body in \`body\`${op.request.bodyRequired ? ' (required)' : ''}`);
  parts.push(inputs.length ? `Input: ${inputs.join('; ')}.` : 'Takes no input.');
  if (op.scopes.length) parts.push(`OAuth scopes needed when using an access token: ${op.scopes.join(', ')}.`);
  parts.push(op.readOnly ? 'Read-only: changes nothing.' : 'Changes data on the server.');
  parts.push(`HTTP: ${op.method} ${op.path}, success status ${op.response.status}.`);
  return parts.filter(Boolean).join('\n\n');
}

export function toolFor(op: OperationDef): RailyardTool {
  return {
    name: operationToolName(op),
    description: toolDescription(op),
    inputSchema: jsonSchemaOf(op),
    readOnly: op.readOnly,
    operation: op,
  };
}

/**
 * Whether a tool hands out or revokes credentials: the OAuth2 endpoints
 * (`authentication_create_access_token`, `authentication_revoke_access_token`),
 * the operations that authenticate with the client credentials themselves.
 * A model holding them can mint a token that outlives the session and carry it
 * off, so they are mounted only when asked for (by name or `tokenTools`).
 */
export function isTokenTool(tool: Pick<RailyardTool, 'operation'>): boolean {
  return tool.operation.auth === 'client';
}

export interface ToolSelection {
  /** Only these tool names; every tool but the token tools when empty or absent. */
  names?: readonly string[];
  /** Only read-only tools. */
  readOnly?: boolean;
  /** Also mount the token tools when no names are given (naming one mounts it anyway). */
  tokenTools?: boolean;
}

/** The tools to mount. An unknown name is an error, not a silently smaller server. */
export function selectTools(ops: readonly OperationDef[], selection: ToolSelection = {}): RailyardTool[] {
  const all = ops.map(toolFor);
  const byName = new Map(all.map((tool) => [tool.name, tool]));
  const names = selection.names ?? [];
  const unknown = names.filter((name) => !byName.has(name));
  if (unknown.length) {
    throw new Error(`unknown tool ${unknown.join(', ')}; known tools: ${[...byName.keys()].join(', ')}`);
  }
  return all.filter((tool) => {
    const named = names.includes(tool.name);
    if (names.length > 0 && !named) return false;
    if (selection.readOnly && !tool.readOnly) return false;
    return !isTokenTool(tool) || named || selection.tokenTools === true;
  });
}
