import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDuration } from './config.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe('loadConfig defaults', () => {
  it('runs with an empty environment: one process, PGlite, files on disk, every role', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      NODE_ENV: 'production',
      PORT: 5800,
      HOST: '0.0.0.0',
      ROLES: ['api', 'worker', 'collab'],
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'auto',
      STORAGE_DRIVER: 'fs',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: true,
      UPLOAD_MAX_BYTES: 20 * 1024 * 1024,
      AVATAR_MAX_BYTES: 2 * 1024 * 1024,
      ACCESS_TOKEN_TTL: 15 * 60_000,
      REFRESH_TOKEN_TTL: 30 * 86_400_000,
      SHUTDOWN_TIMEOUT: 10_000,
      EMAIL_VERIFICATION: true,
      BETA_GATE: false,
      CORS_ORIGINS: [],
      MAINTENANCE_START: '21:00',
      MAINTENANCE_END: '23:00',
      MAINTENANCE_TIMEZONE: 'Asia/Shanghai',
      PGLITE_SHARED_BUFFERS: '32MB',
      PROVIDER_ALLOW_PRIVATE_NETWORK: false,
      PROVIDER_ALLOWED_HOSTS: [],
      databaseKind: 'pglite',
      publicUrl: 'http://localhost:5800',
      cookieSecure: false,
      isProduction: true,
    });
    expect(c.dataDir).toBe(resolve('./data'));
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.REDIS_URL).toBeUndefined();
  });

  it('derives the public URL, cookie security and database kind', () => {
    const c = loadConfig({
      PUBLIC_URL: 'https://atelier.example.com//',
      DATABASE_URL: 'postgres://u:p@db:5432/atelier',
      NODE_ENV: 'production',
      CORS_ORIGINS: ' https://a.example.com ,,https://b.example.com ',
      ROLES: 'api, api,worker',
      EMAIL_VERIFICATION: 'off',
      S3_FORCE_PATH_STYLE: '0',
      ACCESS_TOKEN_TTL: '250ms',
    });
    expect(c.publicUrl).toBe('https://atelier.example.com');
    expect(c.cookieSecure).toBe(true);
    expect(c.databaseKind).toBe('postgres');
    expect(c.isProduction).toBe(true);
    expect(c.CORS_ORIGINS).toEqual(['https://a.example.com', 'https://b.example.com']);
    expect(c.ROLES).toEqual(['api', 'worker']);
    expect(c.EMAIL_VERIFICATION).toBe(false);
    expect(c.S3_FORCE_PATH_STYLE).toBe(false);
    expect(c.ACCESS_TOKEN_TTL).toBe(250);
    expect(loadConfig({ PUBLIC_URL: 'https://x.example.com', COOKIE_SECURE: 'false' }).cookieSecure).toBe(
      false,
    );
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('treats blank values as unset', () => {
    const c = loadConfig({ PORT: ' ', REDIS_URL: '  ', EMAIL_VERIFICATION: '', S3_BUCKET: '' });
    expect(c.PORT).toBe(5800);
    expect(c.REDIS_URL).toBeUndefined();
    expect(c.EMAIL_VERIFICATION).toBe(true);
    expect(c.S3_BUCKET).toBeUndefined();
  });
});

describe('PROVIDER_ALLOWED_HOSTS', () => {
  it('lists host and host:port entries, lower-cased', () => {
    expect(
      loadConfig({ PROVIDER_ALLOWED_HOSTS: ' 127.0.0.1:1234, GPU-box.lan ,' }).PROVIDER_ALLOWED_HOSTS,
    ).toEqual(['127.0.0.1:1234', 'gpu-box.lan']);
  });
});

describe('loadConfig refuses bad values with a message naming the variable', () => {
  it.each([
    ['NODE_ENV', 'staging'],
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['ROLES', 'api,cron'],
    ['ROLES', ' , '],
    ['LOG_LEVEL', 'loud'],
    ['LOG_FORMAT', 'yaml'],
    ['PUBLIC_URL', 'atelier.example.com'],
    ['PUBLIC_URL', 'localhost:5800'],
    ['DATABASE_URL', 'not a url'],
    ['DATABASE_URL', 'mysql://db/atelier'],
    ['REDIS_URL', 'localhost 6379'],
    ['REDIS_URL', 'localhost:6379'],
    ['PROVIDER_ALLOWED_HOSTS', 'http://127.0.0.1:1234'],
    ['PROVIDER_ALLOWED_HOSTS', '127.0.0.1:1234/v1'],
    ['JWT_SECRET', 'too-short'],
    ['ENCRYPTION_KEY', 'abc123'],
    ['ACCESS_TOKEN_TTL', 'soon'],
    ['REFRESH_TOKEN_TTL', '0'],
    ['SHUTDOWN_TIMEOUT', '10 s'],
    ['COOKIE_SECURE', 'maybe'],
    ['EMAIL_VERIFICATION', 'perhaps'],
    ['STORAGE_DRIVER', 'ftp'],
    ['S3_ENDPOINT', 'minio:9000'],
    ['UPLOAD_MAX_BYTES', '0'],
    ['UPLOAD_MAX_BYTES', '1.5'],
    ['AVATAR_MAX_BYTES', '2MB'],
    ['RATE_LIMIT_PER_IP', '0'],
    ['MAINTENANCE_START', '9pm'],
    ['FEATURE_SUBSCRIPTION', 'enabled'],
  ])('%s=%j', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name}: \\S`));
  });

  it('needs S3_BUCKET with the S3 driver, and OAuth ids with their secrets', () => {
    expect(problemsOf({ STORAGE_DRIVER: 's3' })).toEqual(['S3_BUCKET: required when STORAGE_DRIVER=s3']);
    expect(problemsOf({ GITHUB_CLIENT_ID: 'id' })[0]).toMatch(/^GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET:/);
    expect(problemsOf({ GOOGLE_CLIENT_SECRET: 's' })[0]).toMatch(
      /^GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET:/,
    );
  });

  it("takes PGlite's buffer cache size with a unit, and refuses anything else", () => {
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '64MB' }).PGLITE_SHARED_BUFFERS).toBe('64MB');
    for (const bad of ['64', '64mb', '0MB', '1TB', '32 MB'])
      expect(problemsOf({ PGLITE_SHARED_BUFFERS: bad })).toEqual([
        'PGLITE_SHARED_BUFFERS: must be a size such as 32MB (units kB, MB or GB)',
      ]);
  });

  it('lists every bad variable at once, one readable line each', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'x', LOG_LEVEL: 'loud', STORAGE_DRIVER: 'ftp' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.split('\n')[0]).toBe('Invalid configuration:');
    for (const name of ['PORT', 'LOG_LEVEL', 'STORAGE_DRIVER']) expect(message).toContain(`  - ${name}: `);
  });

  it('never echoes secrets or credentials it refuses', () => {
    const secret = 'hunter2-hunter2';
    const problems = [
      ...problemsOf({ JWT_SECRET: secret }),
      ...problemsOf({ ENCRYPTION_KEY: secret }),
      ...problemsOf({ DATABASE_URL: `postgres//admin:${secret}@db` }),
      ...problemsOf({ REDIS_URL: `redis//:${secret}@cache` }),
    ];
    expect(problems).toHaveLength(4);
    for (const p of problems) expect(p).not.toContain(secret);
  });
});

describe('parseDuration', () => {
  it.each([
    ['900', 900_000],
    ['250ms', 250],
    ['3s', 3000],
    ['15m', 900_000],
    ['2h', 7_200_000],
    ['30d', 2_592_000_000],
    [' 5m ', 300_000],
  ])('%j → %d ms', (input, ms) => expect(parseDuration(input)).toBe(ms));

  it.each(['', 'soon', '5 m', '1.5h', '-3s', '3w'])('%j is refused', (input) =>
    expect(parseDuration(input)).toBeNull(),
  );
});
