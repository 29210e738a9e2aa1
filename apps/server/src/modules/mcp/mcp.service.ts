/**
 * A user's MCP servers: create, update, delete, list, validate and batch import. Names are unique
 * per user and are how routes name a server; the row's id goes through the access policy
 * (E1017 for a name the caller has not got). stdio is refused ('Stdio not supported in web
 * version'). A server is enabled only by a successful validation of its current connection
 * settings; changing the URL, type, headers or env disables it until it is validated again.
 */
import {
  type McpServerImportBodySchema,
  UpsertMcpServerSchema,
  type McpImportResult,
  type McpServer,
  type UpsertMcpServer,
} from '@atelier/contract';
import type { z } from 'zod';
import type { Db } from '../../db/connect.js';
import { isUniqueViolation } from '../../db/helpers.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { now } from '../../lib/time.js';
import { accessFor, userActor, type AccessAction } from '../access/access.js';
import { connectMcp, McpConnectError, type McpClientOptions, type McpToolInfo } from './mcp.client.js';
import { fromDesktopEntry, type GlobalMcpServer } from '../../config.mcp.js';
import { presentGlobalMcpServer, presentMcpServer } from './mcp.presenter.js';
import {
  deleteMcpServer,
  findMcpServerByName,
  insertMcpServer,
  listMcpServers,
  updateMcpServer,
  type McpServerRow,
} from './mcp.repository.js';
import { NO_SECRETS, openSecrets, sameSecrets, sealSecrets, unmask, type McpSecrets } from './mcp.secrets.js';

export const STDIO_REFUSED = 'Stdio not supported in web version';
export const ENABLE_NEEDS_VALIDATION = 'Validate the server before enabling it';
export const GLOBAL_READ_ONLY =
  'is a global server of this instance: it cannot be changed, deleted or validated';

type ImportBody = z.infer<typeof McpServerImportBodySchema>;

interface Settings {
  name: string;
  type: 'sse' | 'streamable';
  url: string;
  secrets: McpSecrets;
  reconnect: McpServerRow['reconnect'];
  config: McpServerRow['config'];
}

export interface McpValidation {
  valid: boolean;
  error?: string;
  tools: McpToolInfo[];
}

export interface ListMcpFilter {
  enabled?: boolean;
  isGlobal?: boolean;
}

/** The first zod issue as "field: message". */
function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid server';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

export class McpServerService {
  constructor(
    private readonly db: Db,
    private readonly encryptionKey: string,
    private readonly client: McpClientOptions,
    private readonly globals: readonly GlobalMcpServer[] = [],
    /** When the configuration was taken: the global servers' timestamps. */
    private readonly configuredAt = '1970-01-01T00:00:00.000Z',
  ) {}

  private globalNamed(name: string): GlobalMcpServer | undefined {
    return this.globals.find((g) => g.name === name);
  }

  /** A global server's name (the caller has no server of their own by that name): read-only. */
  private refuseGlobal(name: string): never {
    throw badRequest(`name: "${name}" ${GLOBAL_READ_ONLY}`);
  }

  private secretsOf(row: McpServerRow): McpSecrets {
    return openSecrets(row.secretsEncrypted, this.encryptionKey, row.serverId, row.name);
  }

  present(row: McpServerRow): McpServer {
    return presentMcpServer(row, this.secretsOf(row));
  }

  /** The caller's server with this name, through the access policy (E1017 otherwise). */
  private async mine(uid: string, name: string, action: AccessAction): Promise<McpServerRow> {
    const row = await findMcpServerByName(this.db, uid, name);
    if (!row && this.globalNamed(name)) this.refuseGlobal(name);
    if (!row) throw new AppError('E1017');
    await accessFor(this.db).require(userActor(uid), action, 'mcpServer', [row.serverId]);
    return row;
  }

  /** The settings to store or connect with; stored secrets fill in masked values. */
  private settings(input: UpsertMcpServer, stored: McpSecrets): Settings {
    if (input.type === 'stdio') throw badRequest(STDIO_REFUSED);
    if (!input.url) throw badRequest('url: URL is required for sse and streamable servers');
    return {
      name: input.name,
      type: input.type,
      url: input.url,
      secrets: {
        headers: unmask('headers', input.headers ?? {}, stored.headers),
        env: unmask('env', input.env ?? {}, stored.env),
      },
      reconnect: input.reconnect ?? null,
      config: input.config ?? null,
    };
  }

  async list(uid: string, filter: ListMcpFilter = {}): Promise<McpServer[]> {
    const rows = filter.isGlobal === true ? [] : await listMcpServers(this.db, uid);
    // a server of the caller's own named like a global one (made before it was configured) hides it
    const globals =
      filter.isGlobal === false
        ? []
        : this.globals
            .filter((g) => !rows.some((r) => r.name === g.name))
            .map((g) => presentGlobalMcpServer(g, this.configuredAt));
    return [...globals, ...rows.map((r) => this.present(r))].filter(
      (s) => filter.enabled === undefined || s.enabled === filter.enabled,
    );
  }

  async create(uid: string, input: UpsertMcpServer): Promise<McpServerRow> {
    const s = this.settings(input, NO_SECRETS);
    if (this.globalNamed(s.name)) {
      throw badRequest(`name: a global server named "${s.name}" already exists`);
    }
    if (await findMcpServerByName(this.db, uid, s.name)) {
      throw badRequest(`name: a server named "${s.name}" already exists`);
    }
    const serverId = newId('mcpServer');
    try {
      return await insertMcpServer(this.db, {
        serverId,
        uid,
        name: s.name,
        type: s.type,
        url: s.url,
        secretsEncrypted: sealSecrets(s.secrets, this.encryptionKey, serverId),
        reconnect: s.reconnect,
        config: s.config,
        enabled: false,
        checkStatus: 'unchecked',
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest(`name: a server named "${s.name}" already exists`);
      throw err;
    }
  }

  async update(uid: string, input: UpsertMcpServer): Promise<McpServerRow> {
    const row = await this.mine(uid, input.name, 'write');
    const s = this.settings(input, this.secretsOf(row));
    const changed = s.type !== row.type || s.url !== row.url || !sameSecrets(s.secrets, this.secretsOf(row));
    const validated = !changed && row.checkStatus === 'ok';
    if (input.enabled === true && !validated) throw badRequest(ENABLE_NEEDS_VALIDATION);
    const updated = await updateMcpServer(this.db, uid, row.serverId, {
      type: s.type,
      url: s.url,
      secretsEncrypted: sealSecrets(s.secrets, this.encryptionKey, row.serverId),
      reconnect: s.reconnect,
      config: s.config,
      enabled: changed ? false : (input.enabled ?? row.enabled),
      ...(changed
        ? {
            checkStatus: 'unchecked' as const,
            lastError: null,
            tools: null,
            toolCount: null,
            validatedAt: null,
          }
        : {}),
    });
    if (!updated) throw new AppError('E1017');
    return updated;
  }

  async delete(uid: string, name: string): Promise<void> {
    const row = await this.mine(uid, name, 'delete');
    if (!(await deleteMcpServer(this.db, uid, row.serverId))) throw new AppError('E1017');
  }

  /** Connects, lists the tools and closes; never throws for the server's own failures. */
  async check(s: Pick<Settings, 'name' | 'type' | 'url' | 'secrets'>): Promise<McpValidation> {
    try {
      const conn = await connectMcp(
        { name: s.name, type: s.type, url: s.url, headers: s.secrets.headers },
        this.client,
      );
      try {
        return { valid: true, tools: await conn.listTools() };
      } finally {
        await conn.close();
      }
    } catch (err) {
      if (err instanceof McpConnectError) return { valid: false, error: err.message, tools: [] };
      throw err;
    }
  }

  /**
   * Checks the given settings. When the caller has a server of this name with the same connection
   * settings, the result is stored on it: enabled with its tools on success, failed otherwise.
   */
  async validate(uid: string, input: UpsertMcpServer): Promise<McpValidation> {
    const stored = await findMcpServerByName(this.db, uid, input.name);
    if (!stored && this.globalNamed(input.name)) this.refuseGlobal(input.name);
    if (stored) await accessFor(this.db).require(userActor(uid), 'write', 'mcpServer', [stored.serverId]);
    const storedSecrets = stored ? this.secretsOf(stored) : NO_SECRETS;
    const s = this.settings(input, storedSecrets);
    const result = await this.check(s);
    const same =
      stored && stored.type === s.type && stored.url === s.url && sameSecrets(s.secrets, storedSecrets);
    if (stored && same) {
      await updateMcpServer(
        this.db,
        uid,
        stored.serverId,
        result.valid
          ? {
              enabled: true,
              checkStatus: 'ok',
              lastError: null,
              tools: result.tools.map((t) => t.name),
              toolCount: result.tools.length,
              validatedAt: now(),
            }
          : { enabled: false, checkStatus: 'failed', lastError: result.error ?? null, validatedAt: now() },
      );
    }
    return result;
  }

  /** Adds each item on its own; the report says which were added and why the others were not. */
  async import(uid: string, body: ImportBody): Promise<McpImportResult> {
    const entries: unknown[] = Array.isArray(body.servers)
      ? body.servers
      : Object.entries(body.servers.mcpServers).map(([name, entry]) => fromDesktopEntry(name, entry));
    const items: McpImportResult['items'] = [];
    const seen = new Set<string>();
    for (const [index, entry] of entries.entries()) {
      const rawName =
        entry && typeof entry === 'object' && typeof (entry as { name?: unknown }).name === 'string'
          ? (entry as { name: string }).name
          : null;
      const parsed = UpsertMcpServerSchema.safeParse(entry);
      if (!parsed.success) {
        items.push({
          index,
          name: rawName,
          ok: false,
          error: describeIssue(parsed.error),
          reason: 'invalid',
        });
        continue;
      }
      const name = parsed.data.name;
      if (seen.has(name)) {
        items.push({
          index,
          name,
          ok: false,
          error: `name: "${name}" appears more than once`,
          reason: 'duplicate',
        });
        continue;
      }
      seen.add(name);
      try {
        await this.create(uid, parsed.data);
        items.push({ index, name, ok: true });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const reason =
          err.message === STDIO_REFUSED
            ? 'stdio'
            : err.message.includes('already exists')
              ? 'duplicate'
              : 'invalid';
        items.push({ index, name, ok: false, error: err.message, reason });
      }
    }
    const created = items.filter((i) => i.ok).length;
    return { created, failed: items.length - created, items };
  }
}
