// The peer of `collab-load`: a bare Hocuspocus server (the same @hocuspocus/server version as
// ours, no extensions, no hooks, nothing stored), in its own process like ours. Prints
// `listening <port>` once it accepts connections.
import { Server } from '@hocuspocus/server';

const server = new Server({ port: Number(process.env.PORT ?? 0), address: '127.0.0.1', quiet: true });
await server.listen();
console.log(`listening ${server.address.port}`);
