import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodeList } from '@paperknife/catalog/errors';
import { OPENAPI_PATH, sizeHeaders } from '@paperknife/catalog/http-api';
import { FORM_FIELDS_PATH } from '@paperknife/catalog/pdf-form-fields';
import { functionNames } from '@paperknife/catalog/tools';
import { type TestApp, makeTestApp } from './testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Operation {
  requestBody: { content: Record<string, { schema: { properties: Record<string, unknown>; required?: string[] } }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, unknown>; headers?: Record<string, { description?: string }> }
  >;
}

describe('GET /functions/v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document listing every function (the 16 of the contract and any added since)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/functions/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const document = response.json() as { openapi: string; paths: Record<string, { post: Operation }> };
    const validator = new Validator();
    const result = await validator.validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(functionNames.length).toBeGreaterThanOrEqual(16);
    const jobPaths = ['/functions/v1/jobs/{id}', '/functions/v1/jobs/{id}/events', '/functions/v1/jobs/{id}/result'];
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        ...functionNames.map((name) => `/functions/v1/${name}`),
        ...functionNames.map((name) => `/functions/v1/jobs/${name}`),
        ...jobPaths,
        FORM_FIELDS_PATH,
      ].sort(),
    );
  });

  it('describes the job API: the function’s own body and errors for a new job, then status, events, result, cancel', async () => {
    const document = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json() as {
      paths: Record<string, Record<string, Operation & { operationId: string }>>;
    };
    const create = document.paths['/functions/v1/jobs/rotate-pdf']!['post']!;
    const direct = document.paths['/functions/v1/rotate-pdf']!['post']!;
    expect(create.requestBody).toEqual(direct.requestBody);
    expect(create.responses['202']!.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/Job' } },
    });
    for (const status of ['400', '413', '415', '422', '429', '503']) {
      expect(create.responses[status]).toEqual(direct.responses[status]);
    }
    const job = document.paths['/functions/v1/jobs/{id}']!;
    expect(Object.keys(job).sort()).toEqual(['delete', 'get']);
    expect(job['get']!.responses['404']!.description).toContain('not_found');
    const result = document.paths['/functions/v1/jobs/{id}/result']!['get']!;
    expect(Object.keys(result.responses)).toEqual(expect.arrayContaining(['200', '404', '409', '410', '422', '503']));
    expect(result.responses['200']!.content).toHaveProperty('application/zip');
    expect(document.paths['/functions/v1/jobs/{id}/events']!['get']!.responses['200']!.content).toHaveProperty(
      'text/event-stream',
    );
  });

  it('describes files as binary, the options from the catalogue, and every error code', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/functions/v1/openapi.json' })).json() as {
      paths: Record<string, { post: Operation }>;
    };
    const rotate = document.paths['/functions/v1/rotate-pdf']!.post;
    const form = rotate.requestBody.content['multipart/form-data']!.schema;
    expect(form.properties['file']).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(form.properties).sort()).toEqual(['angle', 'file', 'pages']);
    expect(form.required).toEqual(['file']);
    expect(rotate.requestBody.content['application/json']!.schema.properties['files']).toBeDefined();

    const merge = document.paths['/functions/v1/merge-pdf']!.post;
    expect(merge.requestBody.content['multipart/form-data']!.schema.properties['files']).toMatchObject({
      type: 'array',
      items: { type: 'string', format: 'binary' },
      minItems: 2,
    });
    const protect = document.paths['/functions/v1/protect-pdf']!.post.requestBody.content['multipart/form-data']!;
    expect(protect.schema.required).toEqual(['file', 'userPassword']);

    const described = Object.values(rotate.responses)
      .map((r) => r.description)
      .join(' ');
    for (const code of errorCodeList) expect(described).toContain(`\`${code}\``);
    expect(rotate.responses['413']!.description).toContain('file_too_large');
    expect(document.paths['/functions/v1/pdf-to-jpg']!.post.responses['200']!.content).toHaveProperty('image/jpeg');
  });

  it('keeps what the route schemas say beyond bodies: headers, the error component, the limits', async () => {
    const document = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json() as {
      info: { description: string };
      paths: Record<string, { post: Operation }>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(Object.keys(document.components.schemas).sort()).toEqual(['Error', 'Job', 'JobError']);
    const compress = document.paths['/functions/v1/compress-pdf']!.post;
    expect(Object.keys(compress.responses['200']!.headers ?? {}).sort()).toEqual(
      ['Content-Disposition', ...Object.values(sizeHeaders).map((header) => header.name)].sort(),
    );
    expect(compress.responses['200']!.headers?.['Content-Disposition']?.description).toContain('compressed-');
    for (const status of ['429', '503']) expect(compress.responses[status]!.headers).toHaveProperty('Retry-After');
    expect(compress.responses['400']!.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/Error' } },
    });
    expect(document.info.description).toContain(`${t.config.limits.maxFiles} files`);
    expect(document.info.description).toContain(`${t.config.rateLimit} requests per minute`);
    const level = compress.requestBody.content['multipart/form-data']!.schema.properties['level'];
    expect(level).toMatchObject({ enum: expect.any(Array), default: expect.anything() });
  });
});
