/**
 * A tiny S3-compatible HTTP server on 127.0.0.1 for tests: path-style PUT/GET/HEAD/DELETE object
 * and the multipart-upload calls, objects in memory, every request recorded so tests can assert
 * the shapes the SDK sends (never the internet).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path without the query, decoded: `/bucket/key`. */
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  bodyLength: number;
}

export interface FakeS3 {
  endpoint: string;
  requests: RecordedRequest[];
  objects: Map<string, { body: Buffer; contentType: string }>;
  close(): Promise<void>;
}

const etag = (b: Buffer) => `"${createHash('md5').update(b).digest('hex')}"`;

function xmlError(res: ServerResponse, status: number, code: string, head: boolean): void {
  res.statusCode = status;
  if (head) return void res.end();
  res.setHeader('content-type', 'application/xml');
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
  );
}

export async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const uploads = new Map<string, { key: string; contentType: string; parts: Map<number, Buffer> }>();
  const requests: RecordedRequest[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = decodeURIComponent(url.pathname);
      const method = req.method ?? 'GET';
      requests.push({ method, path, query: url.searchParams, headers: req.headers, bodyLength: body.length });
      const contentType = String(req.headers['content-type'] ?? 'application/octet-stream');
      const uploadId = url.searchParams.get('uploadId');

      if (method === 'POST' && url.searchParams.has('uploads')) {
        const id = randomBytes(8).toString('hex');
        uploads.set(id, { key: path, contentType, parts: new Map() });
        res.setHeader('content-type', 'application/xml');
        return void res.end(
          `<?xml version="1.0" encoding="UTF-8"?><InitiateMultipartUploadResult><Bucket>b</Bucket><Key>${path}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
        );
      }
      if (uploadId) {
        const upload = uploads.get(uploadId);
        if (!upload) return xmlError(res, 404, 'NoSuchUpload', method === 'HEAD');
        if (method === 'PUT') {
          upload.parts.set(Number(url.searchParams.get('partNumber')), body);
          res.setHeader('etag', etag(body));
          return void res.end();
        }
        if (method === 'POST') {
          const all = Buffer.concat(
            [...upload.parts.entries()].sort((a, b) => a[0] - b[0]).map(([, b]) => b),
          );
          objects.set(upload.key, { body: all, contentType: upload.contentType });
          uploads.delete(uploadId);
          res.setHeader('content-type', 'application/xml');
          return void res.end(
            `<?xml version="1.0" encoding="UTF-8"?><CompleteMultipartUploadResult><Key>${upload.key}</Key><ETag>${etag(all)}</ETag></CompleteMultipartUploadResult>`,
          );
        }
        if (method === 'DELETE') {
          uploads.delete(uploadId);
          res.statusCode = 204;
          return void res.end();
        }
      }
      if (method === 'PUT') {
        objects.set(path, { body, contentType });
        res.setHeader('etag', etag(body));
        return void res.end();
      }
      if (method === 'GET' || method === 'HEAD') {
        const obj = objects.get(path);
        if (!obj) return xmlError(res, 404, 'NoSuchKey', method === 'HEAD');
        res.setHeader('content-type', obj.contentType);
        res.setHeader('content-length', obj.body.length);
        res.setHeader('etag', etag(obj.body));
        res.setHeader('last-modified', new Date().toUTCString());
        return void res.end(method === 'HEAD' ? undefined : obj.body);
      }
      if (method === 'DELETE') {
        objects.delete(path);
        res.statusCode = 204;
        return void res.end();
      }
      xmlError(res, 405, 'MethodNotAllowed', false);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    objects,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
