/** Request URLs as logged: secrets that travel in paths or queries are replaced. */
export function redactUrl(url: string): string {
  return url
    .replace(/\/(auth\/token|auth\/validate|invites)\/[^/?#]+/g, '/$1/[redacted]')
    .replace(/([?&](?:token|visitor)=)[^&#]*/g, '$1[redacted]');
}
