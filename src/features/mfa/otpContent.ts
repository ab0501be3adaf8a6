/** The secret and issuer of an otpauth:// address (the custom TOTP secret response, spec section 3). */
export function parseOtpContent(otpContent: string): { secret: string; issuer: string } | undefined {
  try {
    const url = new URL(otpContent);
    if (url.protocol !== 'otpauth:') return undefined;
    const secret = url.searchParams.get('secret');
    const issuer = url.searchParams.get('issuer') ?? decodeURIComponent(url.pathname.split(':')[0]?.replace(/^\/+/, '') ?? '');
    return secret ? { secret, issuer } : undefined;
  } catch {
    return undefined;
  }
}
