import type { App } from '../src/platform/types';

/**
 * The API's routes as its own OpenAPI document lists them, read at run time from a built app, so
 * a suite built on this list (the fuzzer, the authorization matrix) covers a route added later
 * without being edited. Only what a caller needs to build a request is kept.
 */

/** The subset of JSON Schema that fastify-type-provider-zod writes for request parts. */
export interface JsonSchema {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  multipleOf?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
}

export interface RouteParam {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

/** Who a route is for, by its prefix: /api/p/ needs a session, /api/admin/ the operator role. */
export type RouteArea = 'public' | 'user' | 'admin';

export interface ApiRoute {
  /** `METHOD /path/{param}`, the key suites list routes by. */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The OpenAPI path, with `{name}` placeholders. */
  path: string;
  area: RouteArea;
  params: RouteParam[];
  /** The JSON body's schema, when the route reads one. */
  body?: JsonSchema;
  bodyRequired: boolean;
  /** Content types the route reads (multipart uploads say so). */
  consumes: string[];
}

interface OpenApiOperation {
  parameters?: RouteParam[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}

export function areaOf(path: string): RouteArea {
  if (path.startsWith('/api/p/')) return 'user';
  if (path.startsWith('/api/admin/')) return 'admin';
  return 'public';
}

/** Every operation of the app's OpenAPI document (GET /api/openapi.json). */
export async function readApiRoutes(app: App): Promise<ApiRoute[]> {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}`);
  const doc = res.json() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [verb, op] of Object.entries(operations)) {
      const method = verb.toUpperCase() as ApiRoute['method'];
      const content = op.requestBody?.content ?? {};
      routes.push({
        key: `${method} ${path}`,
        method,
        path,
        area: areaOf(path),
        params: op.parameters ?? [],
        body: content['application/json']?.schema,
        bodyRequired: op.requestBody?.required ?? false,
        consumes: Object.keys(content),
      });
    }
  }
  return routes;
}

/** A path with its `{name}` placeholders filled (values are percent-encoded by the caller). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}
