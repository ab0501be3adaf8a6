import type { EnrollmentResponse } from '../../../../generated/model';

/**
 * Where an enrollment answer keeps its barcode. The spec reads `_links.qrcode.href`; Okta's own
 * answers put it at `_embedded.activation._links.qrcode.href` (push, Google Authenticator) or
 * `_embedded._links.qrcode.href` (Okta Verify code). The first one present wins.
 */
export function qrCodeOf(answer: EnrollmentResponse): string | undefined {
  return answer._embedded?.activation?._links?.qrcode?.href ?? answer._embedded?._links?.qrcode?.href ?? answer._links?.qrcode?.href;
}

/**
 * A barcode address the page may show: an image in a data URL, one on the portal's own
 * origin, or one on the Okta organisation's host named in config.json (the only other host
 * the Content-Security-Policy lets images come from). Anything else is not shown.
 */
export function displayableImage(href: string | undefined, { origin, oktaOrgUrl }: { origin: string; oktaOrgUrl: string }): string | undefined {
  if (!href || href.length > 8192) return undefined;
  // An image in an img element runs no script, an SVG one neither.
  if (/^data:image\/(png|gif|jpeg|webp|svg\+xml);base64,[A-Za-z0-9+/=]+$/.test(href)) return href;
  try {
    const url = new URL(href, origin);
    if (url.origin === origin) return url.toString();
    if (oktaOrgUrl && url.protocol === 'https:' && url.origin === new URL(oktaOrgUrl).origin) return url.toString();
  } catch {
    return undefined;
  }
  return undefined;
}
