/**
 * User settings: read, partial update (username rules, avatar ownership, merged preferences and
 * onboarding) and the availability check of a username or email. Every method acts on the uid of
 * the session only: there is no way to name another user.
 */
import {
  EmailSchema,
  UsernameSchema,
  type UpdateUserSettings,
  type UserPreferences,
  type UserSettings,
} from '@atelier/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { presentUserSettings } from './user.presenter.js';
import { liveSubscription, presentSubscription } from '../subscription/subscription.plans.js';
import type { UploadService } from '../upload/upload.service.js';
import { isUniqueViolation, type DbOrTx } from '../../db/helpers.js';
import {
  findOtherUserByName,
  findUserByEmail,
  findUserByUid,
  listIdentityProviders,
  lockUser,
  normalizeEmail,
  updateUser,
  type NewUser,
  type UserRow,
} from './user.repository.js';

export const USERNAME_TAKEN = 'The username is taken';
const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

type CheckField = 'name' | 'email';
export interface CheckFieldResult {
  field: CheckField;
  value: string;
  available: boolean;
  error?: string;
}

/** An access token can outlive its account (deleted user): treat it as signed out. */
function sessionGone(): AppError {
  return new AppError('E0011', 'The account of this session no longer exists', 401);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Shallow merge, one level deeper for nested objects (e.g. preferences.canvas). */
function mergeSettings<T extends object>(current: T, patch: Partial<T>): T {
  const out: Record<string, unknown> = { ...(current as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const old = out[key];
    out[key] = isPlainObject(old) && isPlainObject(value) ? { ...old, ...value } : value;
  }
  return out as T;
}

/** What settings need of the upload module: who owns a file, and making an avatar visible. */
export type AvatarFiles = Pick<UploadService, 'readOwnedFile' | 'setVisibility'>;

/**
 * Checks preferences that name other modules' things before they are stored (the provider module's
 * default models and web-search/parsing choices); throws an AppError to refuse them.
 */
export type PreferencesCheck = (
  db: DbOrTx,
  uid: string,
  preferences: Partial<UserPreferences>,
) => Promise<void>;

export class UserService {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'fileBaseUrl' | 'AVATAR_MAX_BYTES'>,
    private readonly files: AvatarFiles,
    private readonly checkPreferences?: PreferencesCheck,
  ) {}

  /** The settings of a user as the client sees them. */
  async present(db: DbOrTx, user: UserRow): Promise<UserSettings> {
    const [providers, live] = await Promise.all([
      listIdentityProviders(db, user.uid),
      liveSubscription({ db }, user.uid),
    ]);
    return presentUserSettings(
      user,
      providers,
      this.config.fileBaseUrl,
      live ? presentSubscription(live) : null,
    );
  }

  async getSettings(uid: string): Promise<UserSettings> {
    const user = await findUserByUid(this.db, uid);
    if (!user) throw sessionGone();
    return this.present(this.db, user);
  }

  async updateSettings(uid: string, input: UpdateUserSettings): Promise<UserSettings> {
    // Checked before the transaction: the upload module reads files on its own connection.
    const avatar = input.avatarStorageKey ? await this.checkAvatar(uid, input.avatarStorageKey) : null;
    let settings: UserSettings;
    try {
      settings = await this.db.transaction(async (tx) => {
        const user = await lockUser(tx, uid);
        if (!user) throw sessionGone();
        const patch: Partial<NewUser> = {};
        if (input.name !== undefined && input.name !== user.name) {
          if (await findOtherUserByName(tx, input.name, uid)) throw badRequest(USERNAME_TAKEN);
          patch.name = input.name;
        }
        if (input.nickname !== undefined) patch.nickname = input.nickname;
        if (input.avatarStorageKey !== undefined) patch.avatarStorageKey = avatar;
        if (input.uiLocale !== undefined) patch.uiLocale = input.uiLocale;
        if (input.outputLocale !== undefined) patch.outputLocale = input.outputLocale;
        if (input.preferences) {
          await this.checkPreferences?.(tx, uid, input.preferences);
          patch.preferences = mergeSettings<UserPreferences>(user.preferences, input.preferences);
        }
        if (input.onboarding) patch.onboarding = mergeSettings(user.onboarding, input.onboarding);
        const updated = Object.keys(patch).length ? await updateUser(tx, uid, patch) : user;
        if (!updated) throw sessionGone();
        return this.present(tx, updated);
      });
    } catch (err) {
      // Two users taking the same free name at the same instant: the unique index decides.
      if (isUniqueViolation(err)) throw badRequest(USERNAME_TAKEN);
      throw err;
    }
    // Others see an avatar (shared pages, collaborators): its file becomes public.
    if (avatar) await this.files.setVisibility(uid, avatar, 'public');
    return settings;
  }

  /** The avatar must be an image file this user uploaded, within AVATAR_MAX_BYTES. */
  private async checkAvatar(uid: string, storageKey: string): Promise<string> {
    // Someone else's file answers exactly like a missing one (E1012): nothing about it is revealed.
    const file = await this.files.readOwnedFile(uid, storageKey);
    if (!AVATAR_TYPES.includes(file.contentType.toLowerCase())) {
      throw badRequest('avatarStorageKey: the avatar must be a PNG, JPEG, GIF or WebP image');
    }
    if (file.size > this.config.AVATAR_MAX_BYTES) {
      const mb = Math.round((this.config.AVATAR_MAX_BYTES / 1024 / 1024) * 10) / 10;
      throw badRequest(`avatarStorageKey: the avatar cannot exceed ${mb} MB`);
    }
    return storageKey;
  }

  /** Whether a username or email is free for this user (its own current value counts as free). */
  async checkField(uid: string, field: CheckField, value: string): Promise<CheckFieldResult> {
    if (field === 'name') {
      const parsed = UsernameSchema.safeParse(value);
      if (!parsed.success) return { field, value, available: false, error: parsed.error.issues[0]?.message };
      const other = await findOtherUserByName(this.db, parsed.data, uid);
      return { field, value, available: !other };
    }
    const parsed = EmailSchema.safeParse(value);
    if (!parsed.success) return { field, value, available: false, error: parsed.error.issues[0]?.message };
    const holder = await findUserByEmail(this.db, normalizeEmail(parsed.data));
    return { field, value, available: !holder || holder.uid === uid };
  }
}
