// The development identity provider: a real OpenID Connect provider (oidc-provider) with the
// portal registered as a public client that must use PKCE (S256), the dev users of
// mock/users.json, its own small login page, and sign-out through the end-session endpoint.
// Everything here is for local development and tests only: the signing key is public.
//
//   node mock/idp.ts                  http://localhost:9000 (IDP_PORT to change)
//   import { startIdp } from './idp.ts'; const idp = await startIdp({ accessTokenTtl: 120 });
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Provider, { type ClientMetadata, type Configuration, type JWK, type KoaContextWithOIDC } from 'oidc-provider';
import { PORTAL_ORIGINS } from './origins.ts';
import { devUsers } from './persona.ts';

const USERS = devUsers();
const SIGNING_KEYS: JWK[] = JSON.parse(readFileSync(new URL('./dev-signing-key.json', import.meta.url), 'utf8')).keys;

const CLIENT_ID = 'account-portal';
/**
 * The same portal registered a second time with 65-second access tokens, so tests can watch
 * silent renewal and the expiry warning (which comes a minute ahead) without waiting an hour.
 */
const SHORT_SESSION_CLIENT_ID = 'account-portal-short-session';
const SHORT_SESSION_TTL = 65;
/** The API the access tokens are for; tokens are JWTs so the dev proxy can read `sub`. */
const API_RESOURCE = 'urn:account-portal:api';
const SOCIAL_SCOPES = ['iamsmart', 'facebook', 'linkedin', 'google', 'apple'];
const LINK_PROVIDERS = SOCIAL_SCOPES;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: unknown) => String(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** The login page's texts; the portal asks for its language with OIDC ui_locales. */
const LOGIN_TEXTS: Record<string, Record<'title' | 'username' | 'password' | 'submit' | 'wrong' | 'note', string>> = {
  en: {
    title: 'University sign-in',
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
    wrong: 'Wrong username or password.',
    note: 'Development identity provider. Dev users:',
  },
  'zh-HK': {
    title: '大學登入',
    username: '用戶名稱',
    password: '密碼',
    submit: '登入',
    wrong: '用戶名稱或密碼錯誤。',
    note: '開發用身份提供者。開發用戶：',
  },
  'zh-CN': {
    title: '大学登录',
    username: '用户名',
    password: '密码',
    submit: '登录',
    wrong: '用户名或密码错误。',
    note: '开发用身份提供者。开发用户：',
  },
};

/** The first of the requested ui_locales this page speaks; English otherwise. */
function loginLanguage(uiLocales: unknown = ''): string {
  const requested = String(uiLocales).split(/\s+/).filter(Boolean);
  return requested.find((tag) => tag in LOGIN_TEXTS) ?? 'en';
}

interface Page {
  status: number;
  html: string;
}

function page(title: string, body: string, status = 200, lang = 'en'): Page {
  return {
    status,
    html: `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f4f5; color: #1a1a1a; }
  main { max-width: 24rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border: 1px solid #d4d4d8; border-radius: 8px; }
  h1 { font-size: 1.4rem; margin-top: 0; }
  label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
  input { width: 100%; box-sizing: border-box; padding: .6rem; font-size: 1rem; border: 1px solid #71717a; border-radius: 4px; }
  button { margin-top: 1.25rem; width: 100%; padding: .7rem; font-size: 1rem; font-weight: 600; color: #fff; background: #7a1f2b; border: 0; border-radius: 4px; cursor: pointer; }
  button:focus-visible, input:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
  .error { color: #9f1239; background: #fff1f2; border: 1px solid #fda4af; padding: .6rem; border-radius: 4px; }
  .note { font-size: .875rem; color: #3f3f46; margin-top: 1.5rem; }
  code { background: #f4f4f5; padding: 0 .2rem; }
</style>
</head>
<body><main>${body}</main></body>
</html>`,
  };
}

function loginPage(uid: string, { error = false, username = '', lang = 'en' } = {}): Page {
  const text = LOGIN_TEXTS[lang] ?? LOGIN_TEXTS.en!;
  const users = USERS.map(
    (u) => `<li><code>${escapeHtml(u.username)}</code> / <code>${escapeHtml(u.password)}</code> (${escapeHtml(u.persona)})</li>`,
  ).join('');
  return page(
    text.title,
    `<h1>${text.title}</h1>
${error ? `<p class="error" role="alert">${text.wrong}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
  <label for="username">${text.username}</label>
  <input id="username" name="username" autocomplete="username" autocapitalize="none" required value="${escapeHtml(username)}" ${username ? '' : 'autofocus'}>
  <label for="password">${text.password}</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required ${username ? 'autofocus' : ''}>
  <button type="submit">${text.submit}</button>
</form>
<div class="note"><p>${text.note}</p><ul>${users}</ul></div>`,
    error ? 401 : 200,
    lang,
  );
}

function send(res: ServerResponse, { status, html }: Page): void {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(html);
}

function sendJson(req: IncomingMessage, res: ServerResponse, status: number, body: unknown): void {
  const origin = req.headers.origin;
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' };
  if (origin && PORTAL_ORIGINS.includes(origin)) {
    headers['Access-Control-Allow-Origin'] = origin;
    headers.Vary = 'Origin';
  }
  res.writeHead(status, headers);
  res.end(JSON.stringify(body));
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Grants every scope and claim the portal asks for, so no consent page interrupts sign-in. */
async function grantEverything(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const { client, session } = oidc;
  if (!client || !session) return undefined;
  const grantId = oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
  let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  if (!grant) grant = new oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  const scopes = [...(oidc.requestParamScopes ?? [])].join(' ');
  if (scopes) grant.addOIDCScope(scopes);
  grant.addResourceScope(API_RESOURCE, 'api');
  await grant.save();
  return grant;
}

/** The portal as a public client (two of them: the usual one, and one whose tokens expire soon). */
const portalClient = (clientId: string): ClientMetadata => ({
  client_id: clientId,
  client_name: 'City University account portal',
  application_type: 'web',
  token_endpoint_auth_method: 'none',
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  redirect_uris: PORTAL_ORIGINS.map((origin) => `${origin}/auth/default/callback`),
  post_logout_redirect_uris: PORTAL_ORIGINS.flatMap((origin) => [`${origin}/`, origin]),
});

/** The dev users, with the claims the portal reads. */
const findAccount: NonNullable<Configuration['findAccount']> = async (_ctx, sub) => {
  const user = USERS.find((u) => u.username === sub);
  if (!user) return undefined;
  return {
    accountId: sub,
    async claims() {
      return {
        sub,
        preferred_username: user.username,
        name: user.name,
        given_name: user.given_name,
        family_name: user.family_name,
        email: user.email,
      };
    },
  };
};

function configuration({ accessTokenTtl }: { accessTokenTtl: number }): Configuration {
  const ttlFor = (client: { clientId: string } | undefined) => (client?.clientId === SHORT_SESSION_CLIENT_ID ? SHORT_SESSION_TTL : accessTokenTtl);
  return {
    clients: [portalClient(CLIENT_ID), portalClient(SHORT_SESSION_CLIENT_ID)],
    // The portal renews its access token silently with a refresh token (rotated on every use,
    // as oidc-provider does for public clients), kept in session storage like the others.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Public clients must use PKCE; oidc-provider 9 supports S256 only.
    pkce: { required: () => true },
    scopes: ['openid', 'profile', 'email', 'offline_access', ...SOCIAL_SCOPES],
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
      email: ['email'],
    },
    conformIdTokenClaims: false,
    findAccount,
    loadExistingGrant: grantEverything,
    features: {
      devInteractions: { enabled: false },
      // The portal revokes its refresh token at logout.
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // No "Do you want to sign out?" stop: the portal's Logout button already asked.
        async logoutSource(ctx, form) {
          ctx.body = page(
            'Signing out',
            `<h1>Signing out</h1>${form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>')}
<noscript><button type="submit" form="op.logoutForm">Continue</button></noscript>
<script>document.forms[0].submit()</script>`,
          ).html;
        },
        async postLogoutSuccessSource(ctx) {
          ctx.body = page('Signed out', '<h1>Signed out</h1><p>You have been signed out.</p>').html;
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => API_RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, _resource, client) => ({
          scope: 'api',
          audience: API_RESOURCE,
          accessTokenFormat: 'jwt',
          accessTokenTTL: ttlFor(client),
        }),
      },
    },
    clientBasedCORS: (_ctx, origin) => PORTAL_ORIGINS.includes(origin),
    ttl: {
      AccessToken: (_ctx, _token, client) => ttlFor(client),
      IdToken: (_ctx, _token, client) => ttlFor(client),
      Interaction: 3600,
      Session: 8 * 3600,
      Grant: 8 * 3600,
      AuthorizationCode: 120,
      RefreshToken: 8 * 3600,
    },
    jwks: { keys: SIGNING_KEYS },
    cookies: { keys: ['dev-only-cookie-key-1', 'dev-only-cookie-key-2'] },
  };
}

/** Starts the provider; resolves once it listens. */
export async function startIdp({ port = 9000, host = 'localhost', accessTokenTtl = 3600, quiet = false } = {}): Promise<{
  url: string;
  close: () => Promise<void>;
}> {
  const issuer = `http://${host}:${port}`;
  const provider = new Provider(issuer, configuration({ accessTokenTtl }));
  if (!quiet) {
    provider.on('server_error', (_ctx, error) => console.error('idp: server error', error));
  }
  const oidc = provider.callback();

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', issuer);
      const interaction = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);

      if (url.pathname === '/favicon.ico') {
        res.writeHead(204).end();
        return;
      }
      if (url.pathname === '/oauth/provider' && req.method === 'GET') {
        const code = url.searchParams.get('code');
        if (!code) return sendJson(req, res, 400, { errorMessage: 'code is required' });
        const provider = LINK_PROVIDERS.find((name) => code.startsWith(`${name}-`)) ?? 'iamsmart';
        return sendJson(req, res, 200, { provider });
      }
      if (interaction && req.method === 'GET' && !interaction[2]) {
        const details = await provider.interactionDetails(req, res);
        if (details.prompt.name === 'login') return send(res, loginPage(details.uid, { lang: loginLanguage(details.params.ui_locales) }));
        // Consent: loadExistingGrant grants everything already; should a prompt still come, grant it here.
        const grant = new provider.Grant({ clientId: String(details.params.client_id), accountId: details.session?.accountId });
        if (details.params.scope) grant.addOIDCScope(String(details.params.scope));
        grant.addResourceScope(API_RESOURCE, 'api');
        const grantId = await grant.save();
        return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      }
      if (interaction && req.method === 'POST' && interaction[2]) {
        const details = await provider.interactionDetails(req, res);
        const form = await readForm(req);
        const username = (form.get('username') ?? '').trim();
        const user = USERS.find((u) => u.username === username && u.password === form.get('password'));
        if (!user) return send(res, loginPage(details.uid, { error: true, username, lang: loginLanguage(details.params.ui_locales) }));
        return provider.interactionFinished(req, res, { login: { accountId: user.username } }, { mergeWithLastSubmission: false });
      }
      return oidc(req, res);
    } catch (error) {
      if (!quiet) console.error('idp:', error);
      if (!res.headersSent)
        send(
          res,
          page('Sign-in error', `<h1>Sign-in error</h1><p role="alert">${escapeHtml(error instanceof Error ? error.message : error)}</p>`, 400),
        );
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // This machine only: the provider's signing key and cookie keys are public, so nothing on the
    // network may reach it. The issuer stays http://localhost:{port}; localhost reaches 127.0.0.1.
    server.listen(port, host === 'localhost' ? '127.0.0.1' : host, resolve);
  });
  return {
    url: issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.main) {
  const port = Number(process.env.IDP_PORT ?? 9000);
  const idp = await startIdp({ port, accessTokenTtl: Number(process.env.IDP_ACCESS_TOKEN_TTL ?? 3600) });
  console.log(`identity provider on ${idp.url}`);
  const stop = () => {
    void idp.close().then(() => process.exit(0));
    // Open keep-alive connections must not hold the process.
    setTimeout(() => process.exit(0), 500).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
