/** The links emails carry, on the configured public address (never a request's Host header). */
export type PublicLinks = {
  validate(token: string): string;
  resetPassword(token: string): string;
  signIn(token: string): string;
  invite(token: string): string;
  /** Any other path on the public address (the Stripe webhook's URL). */
  link(path: string): string;
};

export function createPublicLinks(publicUrl: () => string): PublicLinks {
  const link = (path: string) => `${publicUrl()}/${path}`;
  return {
    validate: (token) => link(`validate/${token}`),
    resetPassword: (token) => link(`auth/token/${token}/change-password`),
    signIn: (token) => link(`auth/token/${token}`),
    invite: (token) => link(`invite/${token}`),
    link,
  };
}
