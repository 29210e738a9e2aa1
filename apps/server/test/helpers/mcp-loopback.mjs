// Preloaded (node --import) into the MCP servers the tests start: a listen() given only a port
// binds 127.0.0.1 instead of every interface (server-everything has no host option).
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  const port = args[0];
  const portOnly = typeof port === 'number' || (typeof port === 'string' && /^\d+$/.test(port));
  if (portOnly && typeof args[1] !== 'string') args.splice(1, 0, '127.0.0.1');
  return listen.apply(this, args);
};
