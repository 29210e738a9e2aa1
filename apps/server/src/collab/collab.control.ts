/**
 * What the API does to open connections of a document, in every process: make them read-only (or
 * writable again), close them (the document was deleted), close or recheck those a share link
 * opened. Each operation is applied here and, with REDIS_URL, published on a control channel that
 * the other collab instances apply; a process's own messages come back to it and are dropped by
 * their origin.
 */
import { randomUUID } from 'node:crypto';
import type { Hocuspocus } from '@hocuspocus/server';
import { Redis as IORedis } from 'ioredis';
import type { AppContext } from '../context.js';
import { shareIdOf, type CollabConnections } from './collab.connections.js';
import { readOnlyMessageText } from './collab.messages.js';

/** What one process asks every process to do to its connections of document `name`. */
interface CollabControl {
  name: string;
  readOnly?: boolean;
  close?: true;
  /** Close the connections a share link opened on `name` (revoked, no longer live or open). */
  closeShare?: string;
  /** Ask the policy again for the connections a share link opened on `name` (its expiry changed). */
  recheckShare?: string;
}

/** A control as sent: with the instance that published it. */
interface ControlMessage extends CollabControl {
  origin: string;
}

/** The Redis pub/sub pair of the control channel. */
class ControlChannel {
  private readonly origin = randomUUID();
  private readonly pub: IORedis;
  private readonly sub: IORedis;

  constructor(
    redisUrl: string,
    private readonly channel: string,
    private readonly log: AppContext['log'],
    onControl: (control: CollabControl) => void,
  ) {
    const onError = (err: Error) => log.warn({ err }, 'collab control channel: Redis error');
    this.pub = new IORedis(redisUrl, { maxRetriesPerRequest: null });
    this.sub = new IORedis(redisUrl, { maxRetriesPerRequest: null });
    this.pub.on('error', onError);
    this.sub.on('error', onError);
    this.sub.on('message', (_channel: string, raw: string) => {
      let control: ControlMessage;
      try {
        control = JSON.parse(raw) as ControlMessage;
      } catch {
        return;
      }
      if (control.origin === this.origin || typeof control.name !== 'string') return;
      onControl(control);
    });
    this.sub.subscribe(channel).catch(onError);
  }

  publish(control: CollabControl): void {
    const message: ControlMessage = { origin: this.origin, ...control };
    this.pub.publish(this.channel, JSON.stringify(message)).catch((err: unknown) => {
      this.log.warn({ err, name: control.name }, 'collab control channel: publish failed');
    });
  }

  async close(): Promise<void> {
    for (const conn of [this.sub, this.pub]) await conn.quit().catch(() => conn.disconnect());
  }
}

export class ConnectionControl {
  private channel: ControlChannel | null = null;
  private closed = false;

  constructor(
    private readonly hocuspocus: Hocuspocus,
    private readonly connections: CollabConnections,
    ctx: Pick<AppContext, 'config' | 'log'>,
  ) {
    const redisUrl = ctx.config.REDIS_URL;
    if (redisUrl) {
      this.channel = new ControlChannel(redisUrl, `${ctx.config.REDIS_PREFIX}-collab:control`, ctx.log, (c) =>
        this.apply(c),
      );
    }
  }

  setReadOnly(name: string, readOnly: boolean): void {
    this.applyReadOnly(name, readOnly);
    this.publish({ name, readOnly });
  }

  disconnectAll(name: string): void {
    this.hocuspocus.closeConnections(name);
    this.publish({ name, close: true });
  }

  closeShareConnections(name: string, shareId: string): void {
    this.applyCloseShare(name, shareId);
    this.publish({ name, closeShare: shareId });
  }

  recheckShareConnections(name: string, shareId: string): void {
    this.applyRecheckShare(name, shareId);
    this.publish({ name, recheckShare: shareId });
  }

  /** Stops publishing at once; resolves when the channel is closed. */
  async close(): Promise<void> {
    this.closed = true;
    const channel = this.channel;
    this.channel = null;
    await channel?.close();
  }

  /** What another process published, applied to this one's connections. */
  private apply(control: CollabControl): void {
    if (typeof control.readOnly === 'boolean') this.applyReadOnly(control.name, control.readOnly);
    if (control.close) this.hocuspocus.closeConnections(control.name);
    if (typeof control.closeShare === 'string') this.applyCloseShare(control.name, control.closeShare);
    if (typeof control.recheckShare === 'string') this.applyRecheckShare(control.name, control.recheckShare);
  }

  private publish(control: CollabControl): void {
    if (!this.closed) this.channel?.publish(control);
  }

  private connectionsOf(name: string) {
    return this.hocuspocus.documents.get(name)?.getConnections() ?? [];
  }

  private applyRecheckShare(name: string, shareId: string): void {
    for (const connection of this.connectionsOf(name)) {
      if (shareIdOf(connection) === shareId) void this.connections.recheckShare(connection, name, shareId);
    }
  }

  private applyCloseShare(name: string, shareId: string): void {
    for (const connection of this.connectionsOf(name)) {
      if (shareIdOf(connection) === shareId) connection.close();
    }
  }

  private applyReadOnly(name: string, readOnly: boolean): void {
    const message = readOnlyMessageText(readOnly);
    for (const connection of this.connectionsOf(name)) {
      connection.readOnly = readOnly;
      connection.sendStateless(message);
    }
  }
}
