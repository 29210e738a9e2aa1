/**
 * The messages the extension's pages (and tests) send to its service worker, and their answers
 * (docs/extension.md). Every answer is JSON; a failure is {error: code}, where the code is one of
 * the server's catalogue (E2001, E2004, E0001, …) or one of the extension's own below.
 */
import type { RouteId } from '@atelier/contract';

export const CLIP_MODES = ['page', 'selection', 'link'] as const;
export type ClipMode = (typeof CLIP_MODES)[number];

/** The extension's own failure codes (the server's are its catalogue codes). */
export const EXTENSION_ERRORS = [
  'not_atelier',
  'signed_out',
  'unreadable_page',
  'no_selection',
  'bad_address',
  'bad_message',
] as const;
export type ExtensionError = (typeof EXTENSION_ERRORS)[number];

export type Failure = { error: string; message?: string };

export interface ClipMessage {
  type: 'atelier.clip';
  tabId: number;
  mode: ClipMode;
  /** Defaults to the page's (or the article's) title. */
  title?: string;
  /** link mode: clip this address instead of the tab's (a link's context menu). */
  url?: string;
  /** Also put the new resource on this canvas. */
  canvasId?: string;
}
export type ClipAnswer =
  { resourceId: string; title: string; itemUrl: string; nodeId?: string; canvasUrl?: string } | Failure;

export interface StatusMessage {
  type: 'atelier.status';
}
export type StatusAnswer =
  | { address: string; version: string; signedIn: true; email: string | null }
  | { address: string; version: string; signedIn: false }
  | (Failure & { address: string });

/** Checks an address without saving it. */
export interface CheckMessage {
  type: 'atelier.check';
  address: string;
}
export type CheckAnswer = { address: string; version: string } | Failure;

/** Checks an address and saves it when it is an Atelier server. */
export interface SaveAddressMessage {
  type: 'atelier.saveAddress';
  address: string;
}

/** Any /v1 call, relayed: the answer is the response wrapper (success, errCode, data, …). */
export interface ApiMessage {
  type: 'atelier.api';
  id: RouteId;
  input?: { body?: unknown; query?: unknown; params?: unknown };
}

export type ExtensionMessage = ClipMessage | StatusMessage | CheckMessage | SaveAddressMessage | ApiMessage;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const optionalString = (value: unknown) => value === undefined || typeof value === 'string';

/** The message when `value` is a well-formed one of ours; null otherwise. */
export function parseMessage(value: unknown, routeIds: ReadonlySet<string>): ExtensionMessage | null {
  if (!isRecord(value) || typeof value.type !== 'string') return null;
  switch (value.type) {
    case 'atelier.clip':
      if (!Number.isInteger(value.tabId) || (value.tabId as number) < 0) return null;
      if (!CLIP_MODES.includes(value.mode as ClipMode)) return null;
      if (!optionalString(value.title) || !optionalString(value.url) || !optionalString(value.canvasId))
        return null;
      return value as unknown as ClipMessage;
    case 'atelier.status':
      return { type: 'atelier.status' };
    case 'atelier.check':
    case 'atelier.saveAddress':
      return typeof value.address === 'string'
        ? (value as unknown as CheckMessage | SaveAddressMessage)
        : null;
    case 'atelier.api':
      if (typeof value.id !== 'string' || !routeIds.has(value.id)) return null;
      if (value.input !== undefined && !isRecord(value.input)) return null;
      return value as unknown as ApiMessage;
    default:
      return null;
  }
}

export function isFailure(value: unknown): value is Failure {
  return isRecord(value) && typeof value.error === 'string';
}
