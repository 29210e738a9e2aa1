/**
 * Identity providers (GitHub, Google): the authorization URL and the code → profile exchange.
 * arctic's generic OAuth2Client does the OAuth 2 work (URL, state, PKCE, code exchange); its
 * GitHub and Google classes hard-code the provider endpoints, so the endpoints come from the
 * configuration instead (GITHUB_OAUTH_BASE_URL, GITHUB_API_BASE_URL, GOOGLE_OAUTH_BASE_URL),
 * which lets tests run against fake providers.
 */
import { CodeChallengeMethod, OAuth2Client, decodeIdToken } from 'arctic';
import type { Config } from '../../config.js';

export type OAuthProviderName = 'github' | 'google';

export interface OAuthProfile {
  provider: OAuthProviderName;
  /** The provider's stable account id. */
  accountId: string;
  /** The account's email, only when the provider says it is verified; normalised. */
  email: string | null;
  /** A display name (GitHub: name or login). */
  name: string | null;
}

export interface OAuthProvider {
  readonly name: OAuthProviderName;
  /** Google uses PKCE: a code verifier kept (in a cookie) between start and callback. */
  readonly usesPkce: boolean;
  authorizationUrl(state: string, codeVerifier: string | null): URL;
  profile(code: string, codeVerifier: string | null): Promise<OAuthProfile>;
}

const TIMEOUT_MS = 10_000;

export function callbackUrl(publicUrl: string, provider: OAuthProviderName): string {
  return `${publicUrl}/v1/auth/${provider}/callback`;
}

async function getJson(url: string, accessToken: string): Promise<unknown> {
  const res = await fetch(url, {
    headers: {
      authorization: `Bearer ${accessToken}`,
      accept: 'application/json',
      'user-agent': 'Atelier',
    },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`${url} answered HTTP ${res.status}`);
  return res.json();
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

function github(config: Config, clientId: string, secret: string): OAuthProvider {
  const client = new OAuth2Client(clientId, secret, callbackUrl(config.publicUrl, 'github'));
  const oauth = config.GITHUB_OAUTH_BASE_URL;
  const api = config.GITHUB_API_BASE_URL;
  return {
    name: 'github',
    usesPkce: false,
    authorizationUrl: (state) =>
      client.createAuthorizationURL(`${oauth}/login/oauth/authorize`, state, ['read:user', 'user:email']),
    async profile(code) {
      const tokens = await client.validateAuthorizationCode(`${oauth}/login/oauth/access_token`, code, null);
      const accessToken = tokens.accessToken();
      const user = (await getJson(`${api}/user`, accessToken)) as Record<string, unknown>;
      const id = typeof user.id === 'number' || typeof user.id === 'string' ? String(user.id) : null;
      if (!id) throw new Error('GitHub /user has no id');
      // The public profile email may be unverified: only the primary verified one of /user/emails counts.
      let email: string | null = null;
      const emails = await getJson(`${api}/user/emails`, accessToken).catch(() => null);
      if (Array.isArray(emails)) {
        const primary = (emails as Array<Record<string, unknown>>).find(
          (e) => e.primary === true && e.verified === true,
        );
        email = str(primary?.email)?.toLowerCase() ?? null;
      }
      return { provider: 'github', accountId: id, email, name: str(user.name) ?? str(user.login) };
    },
  };
}

function google(config: Config, clientId: string, secret: string): OAuthProvider {
  const client = new OAuth2Client(clientId, secret, callbackUrl(config.publicUrl, 'google'));
  const base = config.GOOGLE_OAUTH_BASE_URL;
  const authorizeUrl = base ? `${base}/o/oauth2/v2/auth` : 'https://accounts.google.com/o/oauth2/v2/auth';
  const tokenUrl = base ? `${base}/token` : 'https://oauth2.googleapis.com/token';
  return {
    name: 'google',
    usesPkce: true,
    authorizationUrl: (state, verifier) =>
      client.createAuthorizationURLWithPKCE(authorizeUrl, state, CodeChallengeMethod.S256, verifier ?? '', [
        'openid',
        'email',
        'profile',
      ]),
    async profile(code, verifier) {
      const tokens = await client.validateAuthorizationCode(tokenUrl, code, verifier);
      // The ID token came straight from Google's token endpoint over TLS, authenticated by our
      // client secret, so its claims are trusted without checking the signature (OIDC Core
      // 3.1.3.7); the audience is still checked.
      const claims = decodeIdToken(tokens.idToken()) as Record<string, unknown>;
      const aud = claims.aud;
      if (!(aud === clientId || (Array.isArray(aud) && aud.includes(clientId))))
        throw new Error('ID token audience mismatch');
      const sub = str(claims.sub);
      if (!sub) throw new Error('ID token has no subject');
      const verified = claims.email_verified === true || claims.email_verified === 'true';
      return {
        provider: 'google',
        accountId: sub,
        email: verified ? (str(claims.email)?.toLowerCase() ?? null) : null,
        name: str(claims.name),
      };
    },
  };
}

/** The configured providers; a provider without client id and secret is absent. */
export function oauthProviders(config: Config): Partial<Record<OAuthProviderName, OAuthProvider>> {
  const out: Partial<Record<OAuthProviderName, OAuthProvider>> = {};
  if (config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET) {
    out.github = github(config, config.GITHUB_CLIENT_ID, config.GITHUB_CLIENT_SECRET);
  }
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    out.google = google(config, config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET);
  }
  return out;
}
