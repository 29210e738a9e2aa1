/**
 * MCP servers for the tests, all on 127.0.0.1:
 * - `startEverything(transport)`: the real `@modelcontextprotocol/server-everything` as a child
 *   process, streamable HTTP (`/mcp`) or SSE (`/sse`), on a free port; ready when it says it listens;
 * - `startBigResultServer(bytes)`: an SDK server (streamable HTTP) with one tool `big` answering
 *   `bytes` of text;
 * - `startSilentServer()`: accepts connections and never answers;
 * - `startGarbageServer()`: a plain HTTP server answering HTML to everything.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createRequire } from 'node:module';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export interface RunningServer {
  /** The MCP endpoint (or the server's root for the non-MCP ones). */
  url: string;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
const PRELOAD = fileURLToPath(new URL('./mcp-loopback.mjs', import.meta.url));

async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export async function startEverything(transport: 'streamableHttp' | 'sse'): Promise<RunningServer> {
  const bin = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', PRELOAD, bin, transport], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let said = '';
    const onData = (chunk: Buffer) => {
      said += chunk.toString();
      if (/listening on port|running on port/i.test(said)) {
        child.stderr?.off('data', onData);
        child.stderr?.resume();
        resolve();
      }
    };
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server-everything exited (${code}): ${said}`)));
  });
  const path = transport === 'sse' ? '/sse' : '/mcp';
  return { url: `http://127.0.0.1:${port}${path}`, close: () => stopChild(child) };
}

async function listenLocal(server: HttpServer | ReturnType<typeof createNetServer>): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

export async function startBigResultServer(bytes: number): Promise<RunningServer> {
  const http = createHttpServer((req, res) => {
    // stateless: a fresh server and transport per request
    const mcp = new McpServer({ name: 'big-result', version: '1.0.0' });
    mcp.registerTool('big', { description: `Answers ${bytes} bytes of text` }, () => ({
      content: [{ type: 'text', text: 'x'.repeat(bytes) }],
    }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      void mcp
        .connect(transport)
        .then(() => transport.handleRequest(req, res, body ? (JSON.parse(body) as unknown) : undefined));
    });
  });
  const port = await listenLocal(http);
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () => new Promise((resolve) => http.close(() => resolve())),
  };
}

export async function startSilentServer(): Promise<RunningServer> {
  const sockets = new Set<Socket>();
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await listenLocal(server);
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export async function startGarbageServer(): Promise<RunningServer> {
  const http = createHttpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html><body>Not an MCP server</body></html>');
  });
  const port = await listenLocal(http);
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
