/**
 * Answers that Fastify or Node's HTTP parser would otherwise write in their own shape: a request
 * Node cannot parse (headers or URL too large, malformed request line, timeout) and a URL Fastify
 * cannot decode. Both get the API's wrapper `{success:false, errCode, errMsg, traceId}` with the
 * fitting HTTP status.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from '../lib/ids.js';

export function errorBody(traceId: string, code: string, message: string, stack?: string) {
  return { success: false, errCode: code, errMsg: message, traceId, ...(stack ? { stack } : {}) };
}

interface ConnectionError extends Error {
  code?: string;
}

function clientErrorAnswer(err: ConnectionError): { status: number; code: string; message: string } {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, code: 'E0000', message: 'The request took too long to arrive' };
  }
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, code: 'E0003', message: 'The URL or the request headers are too large' };
  }
  if (err.code === 'HPE_URI_TOO_LONG') {
    return { status: 414, code: 'E0003', message: 'The URL is too long' };
  }
  return { status: 400, code: 'E0003', message: 'Malformed HTTP request' };
}

/**
 * Fastify's `clientErrorHandler`: Node's parser refused the request before any route saw it,
 * so there is no request id; a fresh trace id still ties the answer to the log line.
 */
export function makeClientErrorHandler(log: { debug(obj: object, msg: string): void }) {
  return (err: ConnectionError, socket: Socket): void => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const traceId = randomToken(16);
    const answer = clientErrorAnswer(err);
    log.debug({ err, traceId }, 'client error');
    if (socket.writable) {
      const body = JSON.stringify(errorBody(traceId, answer.code, answer.message));
      socket.write(
        `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? 'Error'}\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n` +
          'Content-Type: application/json; charset=utf-8\r\n' +
          `x-trace-id: ${traceId}\r\n` +
          'Connection: close\r\n\r\n' +
          body,
      );
    }
    socket.destroy(err);
  };
}

/** Fastify's `frameworkErrors`: a URL it cannot percent-decode, failing route constraints. */
export function frameworkErrorHandler(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const traceId = String(req.id);
  void reply.header('x-trace-id', traceId);
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send(errorBody(traceId, 'E0003', 'The URL is not valid percent-encoding'));
    return;
  }
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 400;
  void reply.status(status).send(errorBody(traceId, 'E0003', error.message));
}
