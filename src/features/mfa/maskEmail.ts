/**
 * An address as the email wizard shows it: the first and last character of the local part,
 * asterisks between, then the domain (spec section 2). A one-character local part stays as is.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const local = [...email.slice(0, at)];
  const domain = email.slice(at);
  if (local.length <= 2) return `${local.join('')}${domain}`;
  return `${local[0]}${'*'.repeat(local.length - 2)}${local[local.length - 1]}${domain}`;
}
